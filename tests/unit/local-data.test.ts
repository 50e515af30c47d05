import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../sync';
import { pendingTotal, syncHealth } from '../../src/components/sync-health';
import { isAppDatabase, isPrecache } from '../../src/lib/session/wipe-local-data';

describe('what sign-out wipes', () => {
  it.each([
    ['dermaga', true],
    ['dermaga-outbox', true],
    ['dermaga_uploads', true],
    ['Dermaga-photos', true],
    ['rxdb-dexie-dermaga--0--shipments', true],
    ['rxdb-dexie-dermaga-local--0--_rxdb_internal', true],
    ['rxdb-dexie-other--0--shipments', false],
    ['workbox-expiration', false],
    ['my-dermaga', false],
    ['', false],
  ])('IndexedDB %s: %s', (name, expected) => {
    expect(isAppDatabase(name)).toBe(expected);
  });

  it('keeps only the Workbox precache among the caches', () => {
    expect(isPrecache('workbox-precache-v2-http://127.0.0.1:4173/')).toBe(true);
    expect(isPrecache('dermaga-photos')).toBe(false);
    expect(isPrecache('workbox-runtime')).toBe(false);
  });
});

describe('the sync indicator state', () => {
  const idle: SyncStatus = {
    online: true,
    syncing: false,
    pendingCommands: 0,
    pendingUploads: 0,
    oldestPendingAt: null,
    lastSyncedAt: null,
    lastError: null,
    rejections: [],
    firstSync: null,
  };

  it('puts offline first, then syncing, errors and pending work', () => {
    expect(syncHealth(idle)).toBe('synced');
    expect(syncHealth({ ...idle, pendingUploads: 1 })).toBe('pending');
    expect(syncHealth({ ...idle, pendingCommands: 2, lastError: 'boom' })).toBe('error');
    expect(syncHealth({ ...idle, syncing: true, lastError: 'boom' })).toBe('syncing');
    expect(syncHealth({ ...idle, online: false, syncing: true })).toBe('offline');
  });

  it('counts commands and uploads together', () => {
    expect(pendingTotal({ pendingCommands: 2, pendingUploads: 3 })).toBe(5);
  });
});
