// The local databases of one signed-in user on this device:
// - RxDB (the view the UI queries reactively): one collection per replicated table;
// - the engine's store (Dexie): outbox, base copies, uploads, checkpoints, conflicts.
// Both live in IndexedDB under names starting with 'dermaga-' so sign-out can wipe them.
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { fromDexieToStorage, getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { TableName, Tables } from '../model/rows';
import { TABLES } from '../model/rows';
import { EngineStore } from './engine-store';
import { MIGRATIONS } from './migrations';
import { SCHEMAS } from './schemas';
import { SLICE, yieldToMain } from '../yield';

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
  /** A table's collection, once it is open (a late table's a moment after the others). */
  collection<T extends TableName>(table: T): Promise<Collections[T]>;
  /** Resolves once every collection is open (the late ones too). */
  allOpen: Promise<void>;
  close(): Promise<void>;
}

/**
 * RxDB's open-source build lets 13 collections be open at once in a JavaScript context and
 * waits 60 x 30 ms before it opens one more (README, "Known gotchas"). The device has 14
 * since issue 42: the tables here open after the others, without holding up the start (the
 * screens, the dashboard's data and the other tables' reads do not wait for them); whatever
 * reads or writes them waits through Local.collection (a sync round, a serial's prediction,
 * a screen's live query of them).
 */
export const LATE_TABLES: ReadonlySet<TableName> = new Set<TableName>(['tv_units']);

const collectionsOf = (tables: readonly TableName[]) =>
  Object.fromEntries(
    tables.map((t) => [t, { schema: SCHEMAS[t], migrationStrategies: MIGRATIONS[t] ?? {} }]),
  ) as never;

export async function openLocal(userId: string, idb?: IndexedDbImpl, multiInstance = true): Promise<Local> {
  const name = databaseName(userId);
  // The engine's store opens beside RxDB's collections (a start's steps overlap).
  const store = new EngineStore(`${name}-engine`, idb);
  const storeOpen = store.open();
  storeOpen.catch(() => undefined);
  let db: LocalDatabase;
  try {
    db = await createRxDatabase<Collections>({
      name,
      storage: getRxStorageDexie(idb ? { indexedDB: idb.indexedDB, IDBKeyRange: idb.IDBKeyRange } : {}),
      multiInstance,
      eventReduce: true,
      closeDuplicates: true,
    });
    await db.addCollections(collectionsOf(TABLES.filter((t) => !LATE_TABLES.has(t))));
  } catch (error) {
    store.close();
    throw error;
  }
  const opened = db;
  const allOpen = opened
    .addCollections(collectionsOf(TABLES.filter((t) => LATE_TABLES.has(t))))
    .then(() => undefined);
  // Whoever reads a late table meets its failure; an unread one is not an unhandled rejection.
  allOpen.catch((error: unknown) => console.error('sync: a late collection could not be opened', error));
  await storeOpen;
  return {
    db,
    store,
    allOpen,
    async collection(table) {
      if (LATE_TABLES.has(table)) await allOpen;
      return opened[table];
    },
    async close() {
      store.close();
      // A collection still opening would be left half open in RxDB's registry.
      await allOpen.catch(() => undefined);
      await opened.close();
    },
  };
}

/**
 * Every stored document of a collection (tombstones included), read straight
 * from the Dexie table under it. A full-range RxDB query walks an IndexedDB
 * cursor one document at a time (seconds for 5,000 rows under fake-indexeddb,
 * and the dashboard's first render waited minutes on it), where one getAll is enough.
 */
export async function readStoredDocuments(collection: RxCollection): Promise<Array<Record<string, unknown>>> {
  const internals = await (
    collection.storageInstance as unknown as {
      internals: Promise<{
        dexieTable: { toArray(): Promise<Array<Record<string, unknown>>> };
        booleanIndexes: string[];
      }>;
    }
  ).internals;
  const stored = await internals.dexieTable.toArray();
  // Indexed booleans are stored as '1'/'0': give them back as RxDB would.
  return stored.map((doc) => ({
    ...fromDexieToStorage(internals.booleanIndexes, doc),
    _deleted: doc._deleted,
  }));
}

/** RxDB keeps removed documents as tombstones, with _deleted stored as '1'. */
export const isTombstone = (doc: Record<string, unknown>) => doc._deleted === '1' || doc._deleted === true;

/**
 * Every live row's id and change_xid, read a page of `slice` documents at a time in primary-key
 * order, with the main thread given back between pages (the reconcile runs beside the user's
 * taps). Only the two fields are kept: the documents are not converted back to RxDB's form.
 */
export async function scanIdsAndXids(collection: RxCollection, slice = SLICE): Promise<Map<string, string>> {
  const { dexieTable } = await (
    collection.storageInstance as unknown as {
      internals: Promise<{ dexieTable: PagedTable }>;
    }
  ).internals;
  const result = new Map<string, string>();
  let after: string | undefined;
  for (;;) {
    const range = after === undefined ? dexieTable.orderBy(':id') : dexieTable.where(':id').above(after);
    const page = await range.limit(slice).toArray();
    for (const row of page) {
      if (!isTombstone(row)) result.set(row.id as string, row.change_xid as string);
    }
    if (page.length < slice) return result;
    after = page[page.length - 1]!.id as string;
    await yieldToMain();
  }
}

interface PagedCollection {
  limit(n: number): { toArray(): Promise<Array<Record<string, unknown>>> };
}
interface PagedTable {
  orderBy(index: ':id'): PagedCollection;
  where(index: ':id'): { above(key: string): PagedCollection };
}
