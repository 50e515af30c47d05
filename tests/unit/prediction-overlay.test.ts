// The overlay of what a tap predicted (sync/replication/overlay.ts): merged into a query's
// rows by hand-computed cases, with RxDB's own matcher and order on a real RxDB over
// fake-indexeddb, and live: shown within the call that adds it, never an older version of
// a row between the write and the query's next answer, taken back when the dispatch fails.
import { describe, expect, it } from 'vitest';
import { useFakeLocal } from '../support/fake-local';
import {
  liveRows,
  mergeOverlay,
  PredictionOverlay,
  queryShape,
  type QueryShape,
} from '../../sync/replication/overlay';
import { viewReader } from '../../sync/replication/view';
import type { Vehicle } from '../../sync/model/rows';
import { stamped, vehicleRow } from '../support/rows';

const HUB = 'hub-k';
const at = (minute: number) => `2026-11-24T08:${String(minute).padStart(2, '0')}:00.000Z`;
const vehicle = (id: string, patch: Partial<Vehicle> = {}): Vehicle =>
  vehicleRow({
    ...stamped(at(0), '1'),
    id,
    vendor_id: 'vendor-1',
    current_hub_id: HUB,
    ready: false,
    siap_muat: true,
    queued_at: at(1),
    ...patch,
  });
const loading = (v: Vehicle, minute: number): Vehicle => ({
  ...v,
  siap_muat: false,
  sedang_muat: true,
  loading_started_at: at(minute),
});

/** Queued vehicles by queued_at, by hand. */
const queuedShape: QueryShape<Vehicle> = {
  matches: (v) => v.siap_muat,
  compare: (a, b) => (a.queued_at ?? '').localeCompare(b.queued_at ?? '') || a.id.localeCompare(b.id),
};

describe('mergeOverlay', () => {
  const a = vehicle('a', { queued_at: at(1) });
  const b = vehicle('b', { queued_at: at(2) });
  const c = vehicle('c', { queued_at: at(3) });

  it('gives back the view rows themselves when the overlay holds nothing of the table', () => {
    const view = [a, b];
    expect(mergeOverlay(view, new Map(), queuedShape)).toBe(view);
  });

  it('gives back the view rows themselves when the overlay has rows of the table that neither are in them nor join', () => {
    const view = [a, b];
    const elsewhere = vehicle('x', { siap_muat: false, ready: true });
    expect(mergeOverlay(view, new Map([['x', elsewhere]]), queuedShape)).toBe(view);
  });

  it("replaces the view's version, drops rows that stop matching, adds new ones in order", () => {
    const overlay = new Map<string, Vehicle>([
      ['a', loading(a, 5)], // no longer queued: leaves
      ['c', c], // newly queued: joins after b
      ['b', { ...b, driver_name: 'Budi' }], // still queued: the overlay's version
    ]);
    expect(mergeOverlay([a, b], overlay, queuedShape)).toEqual([{ ...b, driver_name: 'Budi' }, c]);
  });

  it('leaves out deleted rows and keeps to the limit', () => {
    const early = vehicle('e', { queued_at: at(0) });
    const overlay = new Map<string, Vehicle>([
      ['b', { ...b, deleted: true }],
      ['e', early],
    ]);
    expect(mergeOverlay([a, b, c], overlay, { ...queuedShape, limit: 2 })).toEqual([early, a]);
  });
});

const local = useFakeLocal('00000000-0000-4000-8000-0000overlay');

const plates = (rows: readonly Vehicle[]) => rows.map((v) => v.id);

describe('queryShape', () => {
  it("matches and orders as RxDB's own query does", async () => {
    const rows = [
      vehicle('q1', { queued_at: at(4) }),
      vehicle('q2', { queued_at: at(2) }),
      vehicle('q3', { siap_muat: false, ready: true, queued_at: null }),
      vehicle('q4', { queued_at: at(3), current_hub_id: 'hub-other' }),
      vehicle('q5', { queued_at: at(2), is_active: false }),
    ];
    await local().db.vehicles.bulkUpsert(rows as never);
    const query = {
      selector: { current_hub_id: HUB, siap_muat: true, is_active: true },
      sort: [{ queued_at: 'asc' as const }],
    };
    const fromRxdb = (await local().db.vehicles.find(query).exec()).map((d) => d.id);
    const shape = queryShape<'vehicles'>(local().db.vehicles as never, query);
    const ours = rows
      .filter((r) => shape.matches(r))
      .sort(shape.compare)
      .map((r) => r.id);
    expect(fromRxdb).toEqual(['q2', 'q1']);
    expect(ours).toEqual(fromRxdb);
    await local().db.vehicles.bulkRemove(rows.map((r) => r.id));
  });
});

describe('PredictionOverlay', () => {
  it("reads its own rows before the view's, and a deleted row as absent", async () => {
    await local().db.vehicles.bulkUpsert([vehicle('r1'), vehicle('r2', { vendor_id: 'vendor-2' })] as never);
    const overlay = new PredictionOverlay();
    overlay.add('cmd-1', [
      { table: 'vehicles', row: loading(vehicle('r1'), 9) },
      { table: 'vehicles', row: vehicle('r3', { vendor_id: 'vendor-2' }) },
    ]);
    overlay.add('cmd-2', [{ table: 'vehicles', row: { ...vehicle('r2'), deleted: true } }]);
    const read = overlay.reader(viewReader(local()));
    expect((await read.get('vehicles', 'r1'))?.sedang_muat).toBe(true);
    expect(await read.get('vehicles', 'r2')).toBeUndefined();
    expect((await read.vehiclesOf('vendor-2')).map((v) => v.id)).toEqual(['r3']);
    overlay.drop('cmd-1');
    expect((await read.get('vehicles', 'r1'))?.sedang_muat).toBe(false);
    overlay.dispose();
    await local().db.vehicles.bulkRemove(['r1', 'r2']);
  });

  it('runs each change of what is shown through present', () => {
    const presented: string[] = [];
    const overlay = new PredictionOverlay((apply) => {
      presented.push('before');
      apply();
      presented.push('after');
    });
    overlay.add('cmd', [{ table: 'vehicles', row: vehicle('p1') }], () => presented.push('shown'));
    overlay.drop('cmd');
    expect(presented).toEqual(['before', 'shown', 'after', 'before', 'after']);
    overlay.dispose();
  });
});

describe('liveRows', () => {
  it('shows a prediction at once, never an older row after the write, and takes back a failed one', async () => {
    const one = vehicle('l1', { queued_at: at(1) });
    const two = vehicle('l2', { queued_at: at(2) });
    await local().db.vehicles.bulkUpsert([one, two] as never);
    const overlay = new PredictionOverlay();
    const query = {
      selector: { current_hub_id: HUB, siap_muat: true },
      sort: [{ queued_at: 'asc' as const }],
    };
    const seen: string[][] = [];
    const sub = liveRows(local().db.vehicles as never, overlay, 'vehicles', query).subscribe((rows) =>
      seen.push(plates(rows)),
    );
    try {
      await expect.poll(() => seen.at(-1)).toEqual(['l1', 'l2']);

      // Shown within the call: no await between the tap and the rows without l1.
      overlay.add('tap-1', [{ table: 'vehicles', row: loading(one, 7) }]);
      expect(seen.at(-1)).toEqual(['l2']);

      // Written, but the query has not answered since (as when it must read storage again):
      // the prediction still shows, and no answer from here on may show l1 queued again.
      const from = seen.length;
      overlay.written('tap-1');
      expect(seen.at(-1)).toEqual(['l2']);
      await local().db.vehicles.bulkUpsert([loading(one, 7)] as never);
      // A later change of the row in the view shows, the written prediction does not hide it.
      await local().db.vehicles.bulkUpsert([{ ...one, queued_at: at(3) }] as never);
      await expect.poll(() => seen.at(-1)).toEqual(['l2', 'l1']);
      expect(seen.slice(from, -1).every((rows) => !rows.includes('l1'))).toBe(true);

      // A tap whose dispatch fails: shown, then taken back.
      overlay.add('tap-2', [{ table: 'vehicles', row: loading(two, 8) }]);
      expect(seen.at(-1)).toEqual(['l1']);
      overlay.drop('tap-2');
      expect(seen.at(-1)).toEqual(['l2', 'l1']);
    } finally {
      sub.unsubscribe();
      overlay.dispose();
      await local().db.vehicles.bulkRemove(['l1', 'l2']);
    }
  });
});
