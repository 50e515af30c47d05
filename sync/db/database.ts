// The local databases of one signed-in user on this device:
// - RxDB (the view the UI queries reactively): one collection per replicated table;
// - the engine's store (Dexie): outbox, base copies, uploads, checkpoints, conflicts.
// Both live in IndexedDB under names starting with 'dermaga-' so sign-out can wipe them.
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { TableName, Tables } from '../model/rows';
import { TABLES } from '../model/rows';
import { EngineStore } from './engine-store';
import { MIGRATIONS } from './migrations';
import { SCHEMAS } from './schemas';

addRxPlugin(RxDBLeaderElectionPlugin);
addRxPlugin(RxDBMigrationSchemaPlugin);

export type Collections = { [T in TableName]: RxCollection<Tables[T]> };
export type LocalDatabase = RxDatabase<Collections>;

/** IndexedDB implementation: the browser's, or fake-indexeddb in Node tests. */
export interface IndexedDbImpl {
  indexedDB: IDBFactory;
  IDBKeyRange: typeof IDBKeyRange;
}

export const DATABASE_PREFIX = 'dermaga-';

export function databaseName(userId: string): string {
  return `${DATABASE_PREFIX}${userId.replace(/-/g, '')}`;
}

export interface Local {
  db: LocalDatabase;
  store: EngineStore;
  close(): Promise<void>;
}

export async function openLocal(userId: string, idb?: IndexedDbImpl, multiInstance = true): Promise<Local> {
  const name = databaseName(userId);
  const db = await createRxDatabase<Collections>({
    name,
    storage: getRxStorageDexie(idb ? { indexedDB: idb.indexedDB, IDBKeyRange: idb.IDBKeyRange } : {}),
    multiInstance,
    eventReduce: true,
    closeDuplicates: true,
  });
  await db.addCollections(
    Object.fromEntries(
      TABLES.map((t) => [t, { schema: SCHEMAS[t], migrationStrategies: MIGRATIONS[t] ?? {} }]),
    ) as never,
  );
  const store = new EngineStore(`${name}-engine`, idb);
  await store.open();
  return {
    db,
    store,
    async close() {
      store.close();
      await db.close();
    },
  };
}
