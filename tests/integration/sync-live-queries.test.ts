// A screen's live query follows the view through taps and pulls alike: the rows a dispatch
// predicts, their settling once the server has them, and then rows other devices change.
// (Found by the browser bench: once the taps wrote their predictions, later pulled rows no
// longer reached the hub's queue.)
import { afterAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '../../sync';
import { ownerSql } from '../support/clients';
import { openDevice, settle, type Device } from '../support/sync-device';
import { DEMO_USERS, HUB } from '../support/demo';

let device: Device | undefined;
afterAll(async () => device?.dispose());

describe("a screen's live query", () => {
  it('shows predicted taps, then rows queued elsewhere after they settle', async () => {
    const sql = await ownerSql();
    const plate = `LIVE${crypto.randomUUID().slice(0, 4)}-`;
    try {
      const { rows: vendor } = await sql.query<{ id: string }>(
        `insert into public.vendors (name) values ($1) returning id::text`,
        [`Live ${plate}`],
      );
      await sql.query(
        `insert into public.vehicles (license_plate, vendor_id, current_hub_id, ready, siap_muat, queued_at)
         select $1 || g, $2, $3, g > 2, g <= 2, case when g <= 2 then now() end from generate_series(1, 6) g`,
        [plate, vendor[0]!.id, HUB.karawang],
      );
      device = await openDevice(DEMO_USERS.karawang, { pullIntervalMs: 3_600_000 });
      await settle(device.engine);
      const engine = device.engine;

      let latest: Vehicle[] = [];
      const subscription = engine.db.vehicles
        .find({ selector: { current_hub_id: HUB.karawang, is_active: true } })
        .$.subscribe((docs) => {
          latest = docs.map((d) => d.toJSON() as Vehicle).filter((v) => v.license_plate.startsWith(plate));
        });
      const plates = (pick: (v: Vehicle) => boolean) =>
        latest
          .filter(pick)
          .map((v) => v.license_plate)
          .sort();
      try {
        await expect.poll(() => plates((v) => v.siap_muat)).toEqual([`${plate}1`, `${plate}2`]);

        // Two taps on Proses Muat: the query shows them loading at once.
        for (const v of latest.filter((x) => x.siap_muat)) {
          await engine.dispatch('start_loading', { hub_id: HUB.karawang, vehicle_id: v.id });
        }
        expect(plates((v) => v.sedang_muat)).toEqual([`${plate}1`, `${plate}2`]);
        await settle(engine);
        expect(plates((v) => v.sedang_muat)).toEqual([`${plate}1`, `${plate}2`]);

        // Another device queues two more: the next pull brings them to the same query.
        await sql.query(
          `update public.vehicles set ready = false, siap_muat = true, queued_at = now()
            where license_plate in ($1, $2)`,
          [`${plate}3`, `${plate}4`],
        );
        await engine.syncNow();
        await expect.poll(() => plates((v) => v.siap_muat)).toEqual([`${plate}3`, `${plate}4`]);

        // And a tap on one of them shows as the first two did.
        const third = latest.find((v) => v.license_plate === `${plate}3`)!;
        await engine.dispatch('start_loading', { hub_id: HUB.karawang, vehicle_id: third.id });
        expect(plates((v) => v.sedang_muat)).toEqual([`${plate}1`, `${plate}2`, `${plate}3`]);
      } finally {
        subscription.unsubscribe();
      }
    } finally {
      await sql.query(`update public.vehicles set is_active = false, siap_muat = false, sedang_muat = false
                        where license_plate like $1`, [`${plate}%`]);
      await sql.end();
    }
  });
});
