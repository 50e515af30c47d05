// Issue 43, the first sync on the device: RxDB's Dexie storage reads each document it writes
// (a conflict check, one IndexedDB request a key), also into an empty collection. The FEW_READS
// middleware (sync/db/few-reads.ts) answers many keys with a count of their range and, when the
// range is not much larger, one read of it. Counted here on fake-indexeddb's object stores; the
// answers compared with Dexie's own, key by key.
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { openLocal } from '../../sync/db/database';
import { FEW_READS, MANY_KEYS } from '../../sync/db/few-reads';
import type { Vendor } from '../../sync/model/rows';

const READS = ['get', 'getAll', 'getAllKeys', 'getKey', 'count', 'openCursor', 'openKeyCursor'] as const;

/** Counts the read requests on object stores named `name`, by method, until `stop`. */
function countReads(name: string) {
  const proto = IDBObjectStore.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const originals = READS.map((method) => [method, proto[method]!] as const);
  const n: Record<string, number> = {};
  for (const [method, original] of originals) {
    proto[method] = function (this: { name: string }, ...args: unknown[]) {
      if (this.name === name) n[method] = (n[method] ?? 0) + 1;
      return original.apply(this, args);
    };
  }
  return {
    reads: () => Object.values(n).reduce((a, b) => a + b, 0),
    gets: () => n.get ?? 0,
    stop: () => {
      for (const [method, original] of originals) proto[method] = original;
    },
  };
}

let stopCounting = () => undefined as void;
afterEach(() => stopCounting());

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function twoDatabases() {
  const factory = new IDBFactory();
  const open = (name: string, middleware: boolean) => {
    const db = new Dexie(name, { indexedDB: factory, IDBKeyRange });
    if (middleware) db.use(FEW_READS);
    db.version(1).stores({ docs: 'id' });
    return db;
  };
  return { plain: open('plain', false), fewer: open('fewer', true) };
}

describe('the reads before a write (issue 43: few-reads)', () => {
  it('answers every key as Dexie does: none held, some held, held rows spread across a large table', async () => {
    const { plain, fewer } = twoDatabases();
    try {
      // Rows 1 to 2,000, every other one held; asked: 300 keys spread over them, some missing.
      const held = Array.from({ length: 1000 }, (_, i) => ({ id: id(2 * i + 1), n: 2 * i + 1 }));
      const asked = Array.from({ length: 300 }, (_, i) => id((i * 7919) % 2000));
      const none = Array.from({ length: 300 }, (_, i) => id(5000 + i));
      for (const db of [plain, fewer]) await db.table('docs').bulkPut(held);
      for (const keys of [asked, none, asked.slice(0, MANY_KEYS - 1), [...asked, ...none]]) {
        expect(await fewer.table('docs').bulkGet(keys)).toEqual(await plain.table('docs').bulkGet(keys));
      }
      // A few keys spread over the whole table: read a key at a time (the range would be most of it).
      const spread = Array.from({ length: MANY_KEYS }, (_, i) => id(1 + i * 31));
      expect(await fewer.table('docs').bulkGet(spread)).toEqual(await plain.table('docs').bulkGet(spread));
    } finally {
      plain.close();
      fewer.close();
    }
  });

  it('writes 300 new documents into an RxDB collection with 2 reads, not one a document', async () => {
    const local = await openLocal(id(99), { indexedDB: new IDBFactory(), IDBKeyRange }, false);
    try {
      const vendors: Vendor[] = Array.from({ length: 300 }, (_, i) => ({
        id: id(i + 1),
        created_at: '2026-12-01T01:00:00Z',
        updated_at: '2026-12-01T01:00:00Z',
        deleted: false,
        change_xid: String(1000 + i),
        name: `Vendor ${i + 1}`,
        contact_person: null,
        phone: null,
      }));
      const counter = countReads('docs');
      stopCounting = counter.stop;
      await local.db.vendors.bulkUpsert(vendors);
      counter.stop();
      expect(counter.gets()).toBe(0);
      expect(counter.reads()).toBeLessThanOrEqual(2);
      // And written: the same documents read back.
      expect((await local.db.vendors.find().exec()).map((d) => d.name).sort()).toEqual(
        vendors.map((v) => v.name).sort(),
      );
      // Upserted again (every document held now): the conflict check still finds each.
      const renamed = vendors.map((v) => ({
        ...v,
        name: `${v.name}!`,
        change_xid: String(Number(v.change_xid) + 1),
      }));
      await local.db.vendors.bulkUpsert(renamed);
      expect((await local.db.vendors.findOne(id(7)).exec())?.name).toBe('Vendor 7!');
      expect(await local.db.vendors.count().exec()).toBe(300);
    } finally {
      await local.close();
    }
  });
});
