// A device's local database (sync/db/database.ts) on fake-indexeddb for a test file: opened
// before its tests, closed after them.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll } from 'vitest';
import { openLocal, type Local } from '../../sync/db/database';

/** Opens the local database named for `deviceId` before the file's tests; the open database, in a test. */
export function useFakeLocal(deviceId: string): () => Local {
  let local: Local | undefined;
  beforeAll(async () => {
    local = await openLocal(deviceId, { indexedDB: new IDBFactory(), IDBKeyRange }, false);
  });
  afterAll(async () => {
    await local?.close();
  });
  return () => {
    if (!local) throw new Error('the local database is not open yet');
    return local;
  };
}
