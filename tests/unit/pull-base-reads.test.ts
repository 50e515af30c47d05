// Issue 43, the first sync on the device: a pulled batch asks the engine store's `base` table (the
// server versions of rows a pending command holds) for the rows it holds in one read, not one
// read a row: each IndexedDB request is a round trip to the browser's IndexedDB backend, and a
// first sync's thousands of them were a third of its requests (the bench's trace: 4,341 IndexedDB
// replies for 1,346 rows, 2,972 after). Counted here on fake-indexeddb's object stores, with a
// held row still kept out of the view (read-your-writes).
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { openLocal } from '../../sync/db/database';
import { baseKey } from '../../sync/db/engine-store';
import type { Vendor } from '../../sync/model/rows';
import { applyPulled } from '../../sync/replication/view';

const USER = '00000000-0000-4000-8000-0000000ba5e5';
const READS = ['get', 'getAll', 'getAllKeys', 'getKey', 'count', 'openCursor', 'openKeyCursor'] as const;

const vendor = (n: number, name = `Vendor ${n}`): Vendor => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  created_at: '2026-11-30T01:00:00Z',
  updated_at: '2026-11-30T01:00:00Z',
  deleted: false,
  change_xid: String(1000 + n),
  name,
  contact_person: null,
  phone: null,
});

/** Counts the read requests made on object stores named `name` until `stop` is called. */
function countReads(name: string): { reads: () => number; stop: () => void } {
  const proto = IDBObjectStore.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const originals = READS.map((method) => [method, proto[method]!] as const);
  let n = 0;
  for (const [method, original] of originals) {
    proto[method] = function (this: { name: string }, ...args: unknown[]) {
      if (this.name === name) n++;
      return original.apply(this, args);
    };
  }
  return {
    reads: () => n,
    stop: () => {
      for (const [method, original] of originals) proto[method] = original;
    },
  };
}

let stopCounting = () => undefined as void;
afterEach(() => stopCounting());

describe('a pulled batch and the rows pending commands hold (issue 43)', () => {
  it("reads the table's held rows once for 300 rows; a held row's pulled version goes to its base, not the view", async () => {
    const local = await openLocal(USER, { indexedDB: new IDBFactory(), IDBKeyRange }, false);
    try {
      // Vendor 7 is held by a pending command: its base keeps the server's version.
      const held = vendor(7, 'Renamed on this tablet');
      await local.db.vendors.insert(held);
      await local.store.base.put({
        key: baseKey('vendors', held.id),
        table: 'vendors',
        id: held.id,
        row: vendor(7),
      });
      // Another table's held row with the same id is not this table's.
      await local.store.base.put({
        key: baseKey('vehicle_types', held.id),
        table: 'vehicle_types',
        id: held.id,
        row: null,
      });

      const rows = Array.from({ length: 300 }, (_, i) => vendor(i + 1, `Pulled ${i + 1}`));
      const counter = countReads('base');
      stopCounting = counter.stop;
      await applyPulled(local, 'vendors', rows);
      counter.stop();

      expect(counter.reads()).toBeLessThanOrEqual(1);
      expect(await local.db.vendors.count().exec()).toBe(300);
      expect((await local.db.vendors.findOne(held.id).exec())?.name).toBe('Renamed on this tablet');
      expect((await local.db.vendors.findOne(vendor(8).id).exec())?.name).toBe('Pulled 8');
      expect((await local.store.base.get(baseKey('vendors', held.id)))?.row).toMatchObject({
        name: 'Pulled 7',
      });
      expect((await local.store.base.get(baseKey('vehicle_types', held.id)))?.row).toBeNull();
    } finally {
      await local.close();
    }
  });
});
