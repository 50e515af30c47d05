// Issue 14, P3: a tap shows its effect before anything is stored, even while a sync round
// holds the write lock, and never flickers back once stored; a tap the device cannot
// store is taken back off the screen. A hub tablet against the real stack.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalWriteFailed, type Vehicle } from '../../sync';
import { withWriteLock } from '../../sync/replication/write-lock';
import { ownerSql } from '../support/clients';
import { openDevice, settle, type Device } from '../support/sync-device';
import { DEMO_USERS, HUB } from '../support/demo';

const plate = `TAP${crypto.randomUUID().slice(0, 4)}-`;
let device: Device;

beforeAll(async () => {
  const sql = await ownerSql();
  try {
    const { rows } = await sql.query<{ id: string }>(
      `insert into public.vendors (name) values ($1) returning id::text`,
      [`Tap ${plate}`],
    );
    await sql.query(
      `insert into public.vehicles (license_plate, vendor_id, current_hub_id, ready, siap_muat, queued_at)
       select $1 || g, $2, $3, false, true, now() from generate_series(1, 2) g`,
      [plate, rows[0]!.id, HUB.karawang],
    );
  } finally {
    await sql.end();
  }
  device = await openDevice(DEMO_USERS.karawang, { pullIntervalMs: 3_600_000 });
  await settle(device.engine);
});
afterAll(async () => {
  await device?.dispose();
  const sql = await ownerSql();
  await sql.query(
    `update public.vehicles set is_active = false, siap_muat = false, sedang_muat = false where license_plate like $1`,
    [`${plate}%`],
  );
  await sql.end();
});

/** Every answer of the hub's live query, as each of our vehicles' state in it. */
function watch() {
  const answers: Array<Map<string, 'queued' | 'loading'>> = [];
  const subscription = device.engine
    .live('vehicles', { selector: { current_hub_id: HUB.karawang, is_active: true } })
    .subscribe((rows: Vehicle[]) => {
      const mine = rows.filter((v) => v.license_plate.startsWith(plate));
      answers.push(
        new Map(mine.map((v) => [v.license_plate, v.sedang_muat ? 'loading' : ('queued' as const)])),
      );
    });
  return { answers, stop: () => subscription.unsubscribe() };
}

describe('a tap on Proses Muat', () => {
  it('shows while a sync round holds the write lock, before it is stored, and stays once stored', async () => {
    const { engine } = device;
    const live = watch();
    try {
      await expect.poll(() => live.answers.at(-1)?.get(`${plate}1`)).toBe('queued');
      const vehicle = (await engine.db.vehicles
        .findOne({ selector: { license_plate: `${plate}1` } })
        .exec())!;

      let release!: () => void;
      const held = withWriteLock(engine.db.name, () => new Promise<void>((r) => (release = r)));
      let shown = false;
      const tap = engine.dispatch(
        'start_loading',
        { hub_id: HUB.karawang, vehicle_id: vehicle.id },
        { onShown: () => (shown = true) },
      );
      await expect.poll(() => shown).toBe(true);
      const first = live.answers.length - 1;
      expect(live.answers[first]!.get(`${plate}1`)).toBe('loading');
      // Nothing stored yet: the lock is still held.
      expect(await engine.local.store.outbox.count()).toBe(0);
      expect((await engine.db.vehicles.findOne(vehicle.id).exec())!.sedang_muat).toBe(false);

      release();
      await held;
      await tap;
      expect(await engine.local.store.outbox.count()).toBe(1);
      expect((await engine.db.vehicles.findOne(vehicle.id).exec())!.sedang_muat).toBe(true);
      await settle(engine);
      expect(live.answers.slice(first).map((a) => a.get(`${plate}1`))).not.toContain('queued');
      expect(live.answers.at(-1)!.get(`${plate}1`)).toBe('loading');
    } finally {
      live.stop();
    }
  });

  it('that the device cannot store is shown, then taken back', async () => {
    const { engine } = device;
    const live = watch();
    const storage = engine.db.vehicles.storageInstance;
    const bulkWrite = storage.bulkWrite.bind(storage);
    try {
      await expect.poll(() => live.answers.at(-1)?.get(`${plate}2`)).toBe('queued');
      const vehicle = (await engine.db.vehicles
        .findOne({ selector: { license_plate: `${plate}2` } })
        .exec())!;
      storage.bulkWrite = (() =>
        Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))) as never;
      let shown = false;
      const tap = engine.dispatch(
        'start_loading',
        { hub_id: HUB.karawang, vehicle_id: vehicle.id },
        { onShown: () => (shown = true) },
      );
      await expect(tap).rejects.toBeInstanceOf(LocalWriteFailed);
      expect(shown).toBe(true);
      expect(live.answers.map((a) => a.get(`${plate}2`))).toContain('loading');
      expect(live.answers.at(-1)!.get(`${plate}2`)).toBe('queued');
      expect(await engine.local.store.outbox.count()).toBe(0);
    } finally {
      storage.bulkWrite = bulkWrite;
      live.stop();
    }
    await settle(engine);
  });
});
