// Background work in slices (sync/yield.ts, issue 14 P3): the reconcile's walk over every id
// gives the main thread back between slices, and its paged scan of the stored rows returns
// exactly the live rows' ids and change_xids, whatever the page size.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocal, scanIdsAndXids, type Local } from '../../sync/db/database';
import type { InventoryRow } from '../../sync/model/rows';
import { eachInSlices } from '../../sync/yield';

describe('eachInSlices', () => {
  it('visits every item in order and lets other tasks run between slices, not within one', async () => {
    const seen: string[] = [];
    let timerRanAfter = -1;
    setTimeout(() => (timerRanAfter = seen.length), 0);
    await eachInSlices(['a', 'b', 'c', 'd', 'e'], (x) => seen.push(x), 2);
    expect(seen).toEqual(['a', 'b', 'c', 'd', 'e']);
    // A task queued before the walk ran at a slice boundary (after 'b' or 'd'), not after all.
    expect([2, 4]).toContain(timerRanAfter);
  });

  it('with no more items than a slice, runs them within the calling task', async () => {
    const seen: number[] = [];
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    await eachInSlices([1, 2, 3], (x) => seen.push(x), 3);
    expect(seen).toEqual([1, 2, 3]);
    expect(timerRan).toBe(false);
  });
});

const row = (n: number, deleted = false): InventoryRow =>
  ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    warehouse_id: 'w1',
    date_recorded: '2026-11-20',
    smartboard_quantity: n,
    bracket_quantity: 0,
    batch_number: null,
    shipment_id: null,
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
    deleted,
    change_xid: String(1000 + n),
  }) as InventoryRow;

describe('scanIdsAndXids', () => {
  let local: Local;
  beforeAll(async () => {
    local = await openLocal('00000000-0000-4000-8000-0000000slice', { indexedDB: new IDBFactory(), IDBKeyRange }, false);
    await local.db.inventory.bulkUpsert(Array.from({ length: 25 }, (_, i) => row(i)) as never);
    // Tombstones (removed documents) are not rows of the view.
    await local.db.inventory.bulkRemove([row(3).id, row(20).id]);
  });
  afterAll(async () => {
    await local.close();
  });

  const expected = () =>
    new Map(
      Array.from({ length: 25 }, (_, i) => row(i))
        .filter((r) => r.id !== row(3).id && r.id !== row(20).id)
        .map((r) => [r.id, r.change_xid]),
    );

  it.each([1, 7, 23, 25, 2_000])('pages of %i return every live row once', async (slice) => {
    const scanned = await scanIdsAndXids(local.db.inventory as never, slice);
    expect(scanned).toEqual(expected());
  });
});
