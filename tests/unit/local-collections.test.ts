// The device's databases open whole: RxDB's open core opens 13 collections at once and holds a
// 14th back 1.8 s (its `prepare` polls 60 x 30 ms), and the device had 14 since issue 42, so
// `tv_units` opened late and a new device's first sync waited for it (issue 43: 0.8 to 1.0 s of
// a 2.2 to 2.4 s first sync, docs/performance.md "The 14th collection"). The users' names, which
// the device only reads, now live in the engine's store; every collection is open when
// openLocal resolves.
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { Dexie } from 'dexie';
import { createRxDatabase, getAllCollectionDocuments } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { NON_PREMIUM_COLLECTION_LIMIT } from 'rxdb/plugins/utils';
import { describe, expect, it } from 'vitest';
import { databaseName, openLocal } from '../../sync/db/database';
import { SCHEMAS } from '../../sync/db/schemas';
import { EngineStore, LEFT_RXDB } from '../../sync/db/engine-store';
import { TABLES, type Profile } from '../../sync/model/rows';
import { applyPulled, heldIdsAndXids, removeRows } from '../../sync/replication/view';

const USER = '00000000-0000-4000-8000-00000000c011';
const idb = () => ({ indexedDB: new IDBFactory(), IDBKeyRange });

/** The engine's store `name` as version 1 left it (EngineStore's first version), holding `meta`. */
async function engineStoreAtVersion1(
  name: string,
  factory: ReturnType<typeof idb>,
  meta: Array<{ key: string; value: unknown }> = [],
): Promise<void> {
  const before = new Dexie(name, factory);
  before.version(1).stores({
    outbox: '++seq, &id, state',
    base: 'key',
    uploads: 'path, state, shipment_id',
    conflicts: 'command_id, at',
    meta: 'key',
  });
  await before.table('meta').bulkPut(meta);
  before.close();
}

const profile = (n: number, deleted = false): Profile => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  created_at: '2026-12-01T01:00:00Z',
  updated_at: '2026-12-01T01:00:00Z',
  deleted,
  change_xid: String(2000 + n),
  user_id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  email: `petugas${n}@dermaga.test`,
  full_name: `Petugas ${n}`,
  role: 'hub_user',
  hub_id: null,
});

describe("the device's databases (issue 43: the 14th collection)", () => {
  it('opens every RxDB collection at once, within the open core limit, and every table has a home', async () => {
    const local = await openLocal(USER, idb(), false);
    try {
      const open = Object.keys(local.db.collections);
      expect(open.length).toBeLessThanOrEqual(NON_PREMIUM_COLLECTION_LIMIT);
      // Open as openLocal resolves: the TV units too (they opened 1.8 s later before).
      expect(open).toContain('tv_units');
      // Every replicated table is a collection or a table of the engine's store.
      const stored = local.store.tables.map((t) => t.name);
      expect(TABLES.filter((t) => !open.includes(t) && !stored.includes(t))).toEqual([]);
    } finally {
      await local.close();
    }
  });

  it("keeps the users' names in the engine's store: pulled, deleted, reconciled", async () => {
    const local = await openLocal(USER, idb(), false);
    try {
      await applyPulled(local, 'profiles', [profile(1), profile(2), profile(3)]);
      expect((await local.store.profiles.toArray()).map((p) => p.full_name).sort()).toEqual([
        'Petugas 1',
        'Petugas 2',
        'Petugas 3',
      ]);
      // A deleted row leaves; a changed one is replaced.
      await applyPulled(local, 'profiles', [profile(2, true), { ...profile(3), full_name: 'Petugas Tiga' }]);
      expect(await heldIdsAndXids(local, 'profiles')).toEqual(
        new Map([
          [profile(1).id, '2001'],
          [profile(3).id, '2003'],
        ]),
      );
      expect((await local.store.profiles.get(profile(3).id))?.full_name).toBe('Petugas Tiga');
      // The scope's reconcile drops what the user may no longer read.
      await removeRows(local, 'profiles', [profile(1).id]);
      expect([...(await heldIdsAndXids(local, 'profiles')).keys()]).toEqual([profile(3).id]);
    } finally {
      await local.close();
    }
  });

  it('a device that held the names in RxDB pulls them again, its other checkpoints kept', async () => {
    const factory = idb();
    const name = 'dermaga-upgrade-engine';
    // The engine's store as it was (version 1), with a checkpoint past every profile.
    await engineStoreAtVersion1(name, factory, [
      { key: 'checkpoint:profiles', value: { xid: '900', id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' } },
      { key: 'checkpoint:hubs', value: { xid: '900', id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' } },
    ]);

    const store = new EngineStore(name, factory);
    try {
      await store.open();
      expect(await store.getMeta('checkpoint:profiles')).toBeUndefined();
      expect(await store.getMeta('checkpoint:hubs')).toEqual({
        xid: '900',
        id: 'ffffffff-ffff-ffff-ffff-ffffffffffff',
      });
      expect(await store.profiles.count()).toBe(0);
    } finally {
      store.close();
    }
  });

  it("removes the names' old RxDB collection once (its IndexedDB database and RxDB's record of it)", async () => {
    const user = '00000000-0000-4000-8000-00000000c012';
    const factory = idb();
    const name = databaseName(user);
    const leftOver = `rxdb-dexie-${name}--${SCHEMAS.profiles.version}--profiles`;
    // A device as the last version left it: the names in RxDB, the engine's store at version 1.
    const old = await createRxDatabase({
      name,
      storage: getRxStorageDexie({ indexedDB: factory.indexedDB, IDBKeyRange }),
      multiInstance: false,
    });
    await old.addCollections({ profiles: { schema: SCHEMAS.profiles } });
    await old.profiles!.insert(profile(7));
    await old.close();
    await engineStoreAtVersion1(`${name}-engine`, factory);
    const names = async () => (await factory.indexedDB.databases()).map((d) => d.name);
    expect(await names()).toContain(leftOver);

    const local = await openLocal(user, factory, false);
    try {
      expect(await names()).not.toContain(leftOver);
      const records = await getAllCollectionDocuments(local.db.internalStore);
      expect(records.map((r) => r.data.name)).not.toContain('profiles');
      expect(records.map((r) => r.data.name)).toContain('tv_units');
      // Done once: nothing left to remove at the next start.
      expect(await local.store.getMeta(LEFT_RXDB)).toBeUndefined();
    } finally {
      await local.close();
    }
    // The next start opens as usual, its collections and the names' table intact.
    const again = await openLocal(user, factory, false);
    try {
      expect(Object.keys(again.db.collections)).toContain('tv_units');
      expect(await names()).not.toContain(leftOver);
    } finally {
      await again.close();
    }
  });

  it('a removal that fails never stops the start: it is tried again at the next one', async () => {
    const user = '00000000-0000-4000-8000-00000000c013';
    const factory = idb();
    await engineStoreAtVersion1(`${databaseName(user)}-engine`, factory);
    const listing = factory.indexedDB.databases.bind(factory.indexedDB);
    factory.indexedDB.databases = () => Promise.reject(new Error('the listing failed'));
    const local = await openLocal(user, factory, false);
    try {
      expect(Object.keys(local.db.collections)).toContain('tv_units');
      expect(await local.store.getMeta(LEFT_RXDB)).toEqual(['profiles']);
    } finally {
      await local.close();
    }
    factory.indexedDB.databases = listing;
    const again = await openLocal(user, factory, false);
    try {
      expect(await again.store.getMeta(LEFT_RXDB)).toBeUndefined();
    } finally {
      await again.close();
    }
  });
});
