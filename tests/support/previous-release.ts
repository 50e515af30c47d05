// What the tests of a schema change on the tablet share (tests/unit/*-local.test.ts): rows
// stored by the previous release, in fake-indexeddb, under that release's schema (the current
// one at version 0 without the fields the change added), before the app opens its store again.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createRxDatabase } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { databaseName } from '../../sync/db/database';
import { SCHEMAS } from '../../sync/db/schemas';
import type { TableName } from '../../sync/model/rows';

/** A fresh fake IndexedDB, as openLocal takes it. */
export const freshIdb = () => ({ indexedDB: new IDBFactory(), IDBKeyRange });

/** `table`'s schema as the previous release had it: version 0, without `added`. */
export function previousSchema(table: TableName, added: readonly string[]) {
  const current = SCHEMAS[table] as unknown as { properties: Record<string, unknown>; required: string[] };
  const properties = Object.fromEntries(
    Object.entries(current.properties).filter(([k]) => !added.includes(k)),
  );
  return {
    ...SCHEMAS[table],
    version: 0,
    properties,
    required: current.required.filter((f) => !added.includes(f)),
  };
}

/** Stores `rows` in `table` of `user`'s database as the previous release did. */
export async function storedByPreviousRelease(
  idb: ReturnType<typeof freshIdb>,
  user: string,
  table: TableName,
  added: readonly string[],
  rows: readonly object[],
): Promise<void> {
  const old = await createRxDatabase({
    name: databaseName(user),
    storage: getRxStorageDexie(idb),
    multiInstance: false,
  });
  await old.addCollections({ [table]: { schema: previousSchema(table, added) as never } });
  await old[table]!.bulkInsert(rows as never[]);
  await old.close();
}
