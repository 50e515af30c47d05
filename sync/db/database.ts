// The local databases of one signed-in user on this device:
// - RxDB (the view the UI queries reactively): one collection per replicated table;
// - the engine's store (Dexie): outbox, base copies, uploads, checkpoints, conflicts.
// Both live in IndexedDB under names starting with 'dermaga-' so sign-out can wipe them.
import {
  addRxPlugin,
  createRxDatabase,
  removeCollectionStorages,
  type RxCollection,
  type RxDatabase,
} from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { fromDexieToStorage, getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { Tables, ViewTable } from '../model/rows';
import { VIEW_TABLES } from '../model/rows';
import { EngineStore, LEFT_RXDB } from './engine-store';
import { FEW_READS } from './few-reads';
import { MIGRATIONS } from './migrations';
import { SCHEMAS } from './schemas';
import { SLICE, yieldToMain } from '../yield';

addRxPlugin(RxDBLeaderElectionPlugin);
addRxPlugin(RxDBMigrationSchemaPlugin);

export type Collections = { [T in ViewTable]: RxCollection<Tables[T]> };
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
  /** A table's collection (async: it was a late table's once, and callers need not know). */
  collection<T extends ViewTable>(table: T): Promise<Collections[T]>;
  close(): Promise<void>;
}

const collectionsOf = (tables: readonly ViewTable[]) =>
  Object.fromEntries(
    tables.map((t) => [t, { schema: SCHEMAS[t], migrationStrategies: MIGRATIONS[t] ?? {} }]),
  ) as never;

/**
 * Opens the device's databases. RxDB's open core opens 13 collections at once and holds a
 * 14th back 1.8 s (README, "Known gotchas"); the view has 13, every one open when this
 * resolves (the tables the device only reads live in the engine's store: STORE_TABLES).
 */
export async function openLocal(userId: string, idb?: IndexedDbImpl, multiInstance = true): Promise<Local> {
  const name = databaseName(userId);
  // The engine's store opens beside RxDB's collections (a start's steps overlap).
  const store = new EngineStore(`${name}-engine`, idb);
  const storeOpen = store.open();
  storeOpen.catch(() => undefined);
  // Collections an older version had (read beside RxDB's open: nothing added to a start).
  const left = storeOpen.then(() => store.getMeta<string[]>(LEFT_RXDB));
  left.catch(() => undefined);
  let db: LocalDatabase;
  try {
    db = await createRxDatabase<Collections>({
      name,
      storage: getRxStorageDexie({
        ...(idb ? { indexedDB: idb.indexedDB, IDBKeyRange: idb.IDBKeyRange } : {}),
        // The documents a write reads first, in one request where there are many (few-reads.ts).
        onCreate: (dexie) => void dexie.use(FEW_READS),
      }),
      multiInstance,
      eventReduce: true,
      closeDuplicates: true,
    });
    await db.addCollections(collectionsOf(VIEW_TABLES));
    const leftOver = (await left) ?? [];
    // A cleanup: one that fails never stops a start (the list stays for the next one).
    await removeLeftCollections(db, store, leftOver, idb).catch(() => undefined);
  } catch (error) {
    store.close();
    throw error;
  }
  const opened = db;
  return {
    db,
    store,
    async collection(table) {
      return opened[table];
    },
    async close() {
      store.close();
      await opened.close();
    },
  };
}

/**
 * Removes, once, the RxDB collections an older version kept that the view no longer has (the
 * users' names, now in the engine's store): RxDB's record of them, as its collection.remove()
 * does, without opening them as collections (a 14th would wait 1.8 s), then their IndexedDB
 * database, which RxDB only empties. A tab of the old version still holding it open delays the
 * delete until it closes, never this start. Kept in the list until done, so a start cut short
 * removes them next time.
 */
async function removeLeftCollections(
  db: LocalDatabase,
  store: EngineStore,
  names: string[],
  idb: IndexedDbImpl | undefined,
): Promise<void> {
  if (names.length === 0) return;
  const factory = idb?.indexedDB ?? indexedDB;
  for (const name of names) {
    await removeCollectionStorages(
      db.storage,
      db.internalStore,
      db.token,
      db.name,
      name,
      db.multiInstance,
      db.password,
      db.hashFunction,
    );
    // RxDB's Dexie storage names it rxdb-dexie-<database>--<schema version>--<collection>.
    const held = (await factory.databases()).flatMap((d) => (d.name ? [d.name] : []));
    const files = held.filter((n) => n.startsWith(`rxdb-dexie-${db.name}--`) && n.endsWith(`--${name}`));
    await Promise.all(
      files.map(
        (file) =>
          new Promise<void>((resolve, reject) => {
            const request = factory.deleteDatabase(file);
            request.onsuccess = request.onblocked = () => resolve();
            request.onerror = () => reject(request.error ?? new Error(`could not delete ${file}`));
          }),
      ),
    );
  }
  await store.deleteMeta(LEFT_RXDB);
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
