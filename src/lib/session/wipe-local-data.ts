// Signing out of a shared tablet leaves nothing of the last user behind
// (architecture point 8): the app's localStorage keys, the runtime caches
// (the Workbox precache holds only the app shell and stays, so the app still
// opens offline), and every IndexedDB database of the app.
import { APP_STORAGE_PREFIX, DEVICE_STORAGE_KEYS, WIPE_PENDING_KEY } from './storage-keys';

/** The prefix of every IndexedDB database the app creates. */
export const APP_DATABASE_PREFIX = 'dermaga';

/**
 * Whether an IndexedDB database belongs to the app: its name starts with 'dermaga',
 * or it is an RxDB storage database of one (RxDB's Dexie storage names them
 * 'rxdb-dexie-<database>--<version>--<collection>').
 */
export function isAppDatabase(name: string): boolean {
  const lower = name.toLowerCase();
  if (lower.startsWith(APP_DATABASE_PREFIX)) return true;
  return /^rxdb-[a-z0-9]+-dermaga/.test(lower);
}

/** Caches that hold nothing of a user: the app shell precached by Workbox. */
export function isPrecache(cacheName: string): boolean {
  return cacheName.startsWith('workbox-precache');
}

export interface WipeReport {
  localStorageKeys: string[];
  caches: string[];
  databases: string[];
  /** Databases still open elsewhere (another tab); the wipe is finished at the next start. */
  blockedDatabases: string[];
}

function appLocalStorageKeys(): string[] {
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key?.startsWith(APP_STORAGE_PREFIX) && !DEVICE_STORAGE_KEYS.includes(key)) keys.push(key);
  }
  return keys;
}

async function wipeCaches(): Promise<string[]> {
  if (typeof caches === 'undefined') return [];
  const names = (await caches.keys()).filter((name) => !isPrecache(name));
  await Promise.all(names.map((name) => caches.delete(name)));
  return names;
}

type DeleteOutcome = 'deleted' | 'blocked';

/**
 * Deletes one database. A connection still open (another tab) blocks the delete until it
 * closes; the request stays queued, but past the timeout it is reported as blocked.
 */
function deleteDatabase(name: string, blockedTimeoutMs: number): Promise<DeleteOutcome> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    let timer: ReturnType<typeof setTimeout> | undefined;
    request.onsuccess = () => {
      clearTimeout(timer);
      resolve('deleted');
    };
    request.onerror = () => {
      clearTimeout(timer);
      reject(request.error ?? new Error(`could not delete IndexedDB database ${name}`));
    };
    request.onblocked = () => {
      timer ??= setTimeout(() => resolve('blocked'), blockedTimeoutMs);
    };
  });
}

async function wipeDatabases(blockedTimeoutMs: number): Promise<{ deleted: string[]; blocked: string[] }> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') {
    return { deleted: [], blocked: [] };
  }
  const names = (await indexedDB.databases())
    .map((info) => info.name)
    .filter((name): name is string => typeof name === 'string' && isAppDatabase(name));
  const outcomes = await Promise.all(
    names.map(async (name) => ({ name, outcome: await deleteDatabase(name, blockedTimeoutMs) })),
  );
  return {
    deleted: outcomes.filter((o) => o.outcome === 'deleted').map((o) => o.name),
    blocked: outcomes.filter((o) => o.outcome === 'blocked').map((o) => o.name),
  };
}

/**
 * Deletes every trace of the signed-in user on this device. Close the local database
 * first (the sync engine's stop) so its delete is not blocked by this very tab.
 */
export async function wipeLocalData({ blockedTimeoutMs = 3000 } = {}): Promise<WipeReport> {
  const localStorageKeys = appLocalStorageKeys();
  for (const key of localStorageKeys) localStorage.removeItem(key);

  const [cacheNames, databases] = await Promise.all([wipeCaches(), wipeDatabases(blockedTimeoutMs)]);

  if (databases.blocked.length > 0) {
    // Finished by finishPendingWipe() on the next start, before anything opens them.
    localStorage.setItem(WIPE_PENDING_KEY, JSON.stringify(databases.blocked));
    console.warn('wipe: databases still open elsewhere, finishing at next start', databases.blocked);
  }
  return {
    localStorageKeys,
    caches: cacheNames,
    databases: databases.deleted,
    blockedDatabases: databases.blocked,
  };
}

/** Completes a wipe an earlier sign-out could not finish. Call before the app opens any database. */
export async function finishPendingWipe(): Promise<void> {
  if (localStorage.getItem(WIPE_PENDING_KEY) === null) return;
  try {
    const report = await wipeLocalData();
    if (report.blockedDatabases.length === 0) localStorage.removeItem(WIPE_PENDING_KEY);
  } catch (err) {
    console.error('wipe: could not finish the pending wipe', err);
  }
}
