// The benchmarks' volume: 10,000 shipments and 50,000 inventory rows at BENCH_SCALE=1,
// written straight into the database (tests/bench/run.ts and tests/bench/browser.ts).
import type pg from 'pg';
import { HUB } from '../support/demo';

// Smaller volumes through the environment for a quick look (BENCH_SCALE=0.1).
export const SCALE = Number(process.env.BENCH_SCALE ?? 1);
export const SHIPMENTS = Math.round(10_000 * SCALE);
export const INVENTORY = Math.round(50_000 * SCALE);

/**
 * Writes `part` of the volume (1 = all of it), numbered from `from` (0 to 1) of the whole, so
 * the browser bench can seed a quarter, measure, then seed the rest.
 */
export async function seedVolume(sql: pg.Client, part = 1, from = 0) {
  const shipments = [Math.round(SHIPMENTS * from) + 1, Math.round(SHIPMENTS * (from + part))];
  const inventory = [Math.round(INVENTORY * from) + 1, Math.round(INVENTORY * (from + part))];
  await sql.query(`
    insert into public.shipments (batch_number, vehicle_id, vendor_id, origin_hub_id, destination_hub_id,
      current_hub_id, smartboard_quantity, bracket_quantity, status, loading_date, selesai_bongkar)
    select 'BENCH-' || g, v.id, v.vendor_id, '${HUB.karawang}', '${HUB.cikarang}',
      '${HUB.cikarang}', 10, 20, 'selesai', now() - (g || ' minutes')::interval, true
    from generate_series(${shipments[0]}, ${shipments[1]}) g,
      lateral (select id, vendor_id from public.vehicles order by id limit 1) v`);
  await sql.query(`
    insert into public.inventory (warehouse_id, date_recorded, smartboard_quantity, bracket_quantity, batch_number)
    select w.id, current_date - (g % 365), g % 7, g % 11, 'BENCH-' || g
    from generate_series(${inventory[0]}, ${inventory[1]}) g,
      lateral (select id from public.warehouses order by id offset (g % 5) limit 1) w`);
}

/**
 * `count` vehicles of the first vendor at Karawang, free (ready) or queued (Siap Muat), for the
 * taps of the browser bench (P3, P4). Their plates start with `prefix`.
 */
export async function seedBenchVehicles(sql: pg.Client, count: number, prefix: string, queued = false) {
  await sql.query(
    `insert into public.vehicles (license_plate, driver_name, vendor_id, current_hub_id, ready, siap_muat, queued_at)
     select $1 || lpad(g::text, 4, '0'), 'Bench', (select id from public.vendors order by id limit 1),
       '${HUB.karawang}', not $3, $3, case when $3 then now() - (g || ' seconds')::interval end
     from generate_series(1, $2::int) g`,
    [prefix, count, queued],
  );
}

/** Queues `count` of those free vehicles at Karawang, as a hub user would (a queue of a realistic length). */
export async function queueBenchVehicles(sql: pg.Client, count: number, prefix: string) {
  await sql.query(
    `update public.vehicles set ready = false, siap_muat = true, queued_at = now()
      where id in (select id from public.vehicles where license_plate like $1 || '%' and ready
                   order by license_plate limit $2)`,
    [prefix, count],
  );
}
