// The working-set bench's data (issue 26, tests/bench/browser-working-set.ts): the same open work
// at every size, and closed history older than the retention window in units of 1x (10,000 closed
// shipments and 50,000 stock rows), written on the server with INSERT ... SELECT generate_series.
//
// The history is old by the clocks the working set's rule reads (supabase/schemas/functions/working_set.sql):
// a closed shipment (selesai_bongkar, status selesai) by its unloading_finished_at, a ledger row by
// its date_recorded or its shipment; its loading and arrival times and created_at are as old.
// (updated_at is the seed's time: the replication trigger stamps it, and the rule reads it only
// for a closed shipment without an unloading time, or a deleted one.) The ledger's balances
// (public.stock_balances) are kept by the ledger's own triggers on insert, and the invariant,
// each balance equal to its warehouse's ledger sum, is checked after each seed.
import type pg from 'pg';
import { HUB, WAREHOUSE } from '../support/demo';

/** The retention window the seed's history lies beyond (the app setting's default, days). */
export const WINDOW_DAYS = 14;
/** 1x of closed history. */
export const HISTORY_SHIPMENTS = 10_000;
export const HISTORY_STOCK_ROWS = 50_000;
/** The open work, the same at every size. */
export const OPEN_SHIPMENTS = 320;
/** Work of the window, also the same at every size: shipments closed and stock rows within it. */
export const RECENT_CLOSED = 400;
export const RECENT_STOCK_ROWS = 1_000;

// Routes of the open work: origin, destination, the hub it is at, and the statuses it cycles.
const OPEN_ROUTES: Array<[string, string, string, string[]]> = [
  [HUB.karawang, HUB.cikarang, HUB.karawang, ['siap_muat_darat', 'sedang_muat_darat']],
  [HUB.karawang, HUB.cikarang, HUB.cikarang, ['otw_cikarang', 'confirm_tiba', 'sedang_bongkar']],
  [HUB.karawang, HUB.poljak, HUB.poljak, ['otw_poljak', 'confirm_tiba', 'sedang_bongkar']],
  [HUB.karawang, HUB.polsub, HUB.polsub, ['otw_polsub', 'confirm_tiba']],
  [HUB.cikarang, HUB.poljak, HUB.cikarang, ['siap_muat_darat', 'otw_poljak']],
  [HUB.poljak, HUB.makassar, HUB.poljak, ['siap_muat_laut', 'sedang_muat_laut', 'otw_laut']],
  [HUB.polsub, HUB.makassar, HUB.polsub, ['sedang_muat_laut', 'otw_laut', 'tiba_laut']],
  [HUB.poljak, HUB.makassar, HUB.makassar, ['otw_podmakasar', 'bongkar_tujuan']],
];

const q = (s: string) => `'${s}'`;

/** The open work and the window's own work: seeded once, before any history. */
export async function seedOpenWork(sql: pg.Client): Promise<void> {
  const per = Math.ceil(OPEN_SHIPMENTS / OPEN_ROUTES.length);
  for (const [r, [origin, destination, at, statuses]] of OPEN_ROUTES.entries()) {
    await sql.query(`
      insert into public.shipments (batch_number, vehicle_id, vendor_id, origin_hub_id, destination_hub_id,
        current_hub_id, smartboard_quantity, bracket_quantity, status, loading_date)
      select 'WS-OPEN-${r}-' || g, v.id, v.vendor_id, ${q(origin)}, ${q(destination)}, ${q(at)}, 10, 20,
        (array[${statuses.map(q).join(',')}])[1 + g % ${statuses.length}], now() - (g || ' hours')::interval
      from generate_series(1, ${per}) g,
        lateral (select id, vendor_id from public.vehicles order by id limit 1) v`);
  }
  // Closed within the window: Karawang to Cikarang, finished in the last days.
  await sql.query(`
    insert into public.shipments (batch_number, vehicle_id, vendor_id, origin_hub_id, destination_hub_id,
      current_hub_id, smartboard_quantity, bracket_quantity, status, loading_date, arrival_gdt,
      unloading_started_at, unloading_finished_at, selesai_bongkar)
    select 'WS-RECENT-' || g, v.id, v.vendor_id, ${q(HUB.karawang)}, ${q(HUB.cikarang)}, ${q(HUB.cikarang)},
      10, 20, 'selesai', t - interval '6 hours', t - interval '2 hours', t - interval '1 hour', t, true
    from generate_series(1, ${RECENT_CLOSED}) g,
      lateral (select now() - ((g * 47) % (${WINDOW_DAYS - 2} * 1440) || ' minutes')::interval as t) tt,
      lateral (select id, vendor_id from public.vehicles order by id limit 1) v`);
  await sql.query(`
    insert into public.inventory (warehouse_id, date_recorded, smartboard_quantity, bracket_quantity, batch_number)
    select w.id, current_date - (g % ${WINDOW_DAYS - 2}), 1 + g % 7, 1 + g % 11, 'WS-RECENT-' || g
    from generate_series(1, ${RECENT_STOCK_ROWS}) g,
      lateral (select id from public.warehouses order by id offset (g % 5) limit 1) w`);
}

/**
 * Closed history from `from` to `to` units of 1x (so 0 to 1, then 1 to 4, then 4 to 16): per unit
 * 10,000 shipments closed more than the window ago (Karawang to Cikarang, their stock out of
 * Gudang Karawang and into Gudang Cikarang: 20,000 ledger rows) and 30,000 manual receipts (two
 * thirds at Karawang, the rest spread over the other warehouses): 50,000 ledger rows. Returns the ms.
 */
export async function seedHistory(sql: pg.Client, from: number, to: number): Promise<number> {
  const started = performance.now();
  const s = [from * HISTORY_SHIPMENTS + 1, to * HISTORY_SHIPMENTS];
  const receipts = [
    from * (HISTORY_STOCK_ROWS - 2 * HISTORY_SHIPMENTS) + 1,
    to * (HISTORY_STOCK_ROWS - 2 * HISTORY_SHIPMENTS),
  ];
  // Days before the window's edge: each unit of history spans about a year, older as it grows.
  const old = `interval '${WINDOW_DAYS + 1} days'`;
  await sql.query('begin');
  try {
    await sql.query(`
      insert into public.shipments (batch_number, vehicle_id, vendor_id, origin_hub_id, destination_hub_id,
        current_hub_id, smartboard_quantity, bracket_quantity, status, loading_date, arrival_gdt,
        unloading_started_at, unloading_finished_at, selesai_bongkar, created_at)
      select 'WS-HIST-' || g, v.id, v.vendor_id, ${q(HUB.karawang)}, ${q(HUB.cikarang)}, ${q(HUB.cikarang)},
        10, 20, 'selesai', t - interval '6 hours', t - interval '2 hours', t - interval '1 hour', t, true,
        t - interval '6 hours'
      from generate_series(${s[0]}, ${s[1]}) g,
        lateral (select now() - ${old} - (g * 3 || ' minutes')::interval as t) tt,
        lateral (select id, vendor_id from public.vehicles order by id limit 1) v`);
    // Each closed shipment's stock: out of Karawang, into Cikarang, on the day it moved.
    await sql.query(`
      insert into public.inventory (warehouse_id, date_recorded, smartboard_quantity, bracket_quantity,
        batch_number, shipment_id, created_at)
      select w.warehouse, s.unloading_finished_at::date, w.sign * 10, w.sign * 20, s.batch_number, s.id,
        s.unloading_finished_at
      from public.shipments s,
        (values (${q(WAREHOUSE.karawang)}::uuid, -1), (${q(WAREHOUSE.cikarang)}::uuid, 1)) w(warehouse, sign)
      where s.batch_number like 'WS-HIST-%'
        and substr(s.batch_number, 9)::int between ${s[0]} and ${s[1]}`);
    await sql.query(`
      insert into public.inventory (warehouse_id, date_recorded, smartboard_quantity, bracket_quantity,
        batch_number, created_at)
      select case when g % 3 < 2 then ${q(WAREHOUSE.karawang)}::uuid else w.id end, t::date,
        case when g % 3 < 2 then 20 else g % 7 end, case when g % 3 < 2 then 40 else g % 11 end,
        'WS-RCPT-' || g, t
      from generate_series(${receipts[0]}, ${receipts[1]}) g,
        lateral (select now() - ${old} - (g || ' minutes')::interval as t) tt,
        lateral (select id from public.warehouses where id <> ${q(WAREHOUSE.karawang)}
                 order by id offset (g % 4) limit 1) w`);
    await sql.query('commit');
  } catch (error) {
    await sql.query('rollback');
    throw error;
  }
  await sql.query('analyze public.shipments');
  await sql.query('analyze public.inventory');
  await checkBalances(sql);
  return performance.now() - started;
}

/** The invariant: each warehouse's balance equals the sum of its live ledger rows. */
export async function checkBalances(sql: pg.Client): Promise<void> {
  const { rows } = await sql.query<{ warehouse_id: string }>(`
    select w.id as warehouse_id
    from public.warehouses w
    left join public.stock_balances b on b.warehouse_id = w.id
    left join (select warehouse_id, sum(smartboard_quantity) tv, sum(bracket_quantity) br
               from public.inventory where not deleted group by warehouse_id) l on l.warehouse_id = w.id
    where coalesce(b.smartboard_quantity, 0) <> coalesce(l.tv, 0)
       or coalesce(b.bracket_quantity, 0) <> coalesce(l.br, 0)`);
  if (rows.length) {
    throw new Error(`stock balances differ from the ledger at ${rows.map((r) => r.warehouse_id).join(', ')}`);
  }
}

/** What the server holds: shipments and ledger rows, closed or old, and open. */
export async function serverCounts(sql: pg.Client) {
  const { rows } = await sql.query<{ shipments: string; open: string; inventory: string }>(`
    select (select count(*) from public.shipments)::text as shipments,
      (select count(*) from public.shipments where status not in ('selesai', 'selesai_pod'))::text as open,
      (select count(*) from public.inventory)::text as inventory`);
  const r = rows[0]!;
  return { shipments: Number(r.shipments), open: Number(r.open), inventory: Number(r.inventory) };
}

// Issue 42, TVs by serial (public.tv_units): the working-set bench with serials on. A device
// holds the units in stock or on the way that it may read (supabase/schemas/functions/working_set.sql:
// a hub user those in stock at its hubs and those on shipments it can read); a missing unit,
// and a unit delivered at a POD (where Dermaga's custody ends), leaves every device with its
// shipment. Seeded in SQL as the rest of the bench's data (the commands' own cost is
// the scan bench's and the integration tests').
/** The units of the open work, the same at every size: in stock at Karawang, on its open trucks, at Cikarang. */
export const UNITS_AT_KARAWANG = 300;
export const UNITS_ON_OPEN_TRUCKS = 200;
export const UNITS_AT_CIKARANG = 300;
/**
 * Per 1x of history: units delivered long ago at Makassar (state 'delivered', at the POD hub,
 * naming the closed shipment it came on: one on each history shipment but every tenth), and
 * units gone missing on a closed shipment (one on every tenth). Both leave the working set with
 * their shipment. (Before the POD ended a unit's custody, the delivered ones were in stock at
 * Makassar, in the set of whoever could read its stock for ever.)
 */
export const HISTORY_UNITS_DELIVERED = 9_000;
export const HISTORY_UNITS_MISSING = HISTORY_SHIPMENTS / 10;

/** Every hub tracks serials, and the open work's units. */
export async function seedOpenUnits(sql: pg.Client): Promise<void> {
  await sql.query('update public.hubs set serial_tracking = true');
  await sql.query(`
    insert into public.tv_units (serial, state, hub_id)
    select 'WSU-K-' || lpad(g::text, 6, '0'), 'in_stock', ${q(HUB.karawang)}::uuid
    from generate_series(1, ${UNITS_AT_KARAWANG}) g
    union all
    select 'WSU-C-' || lpad(g::text, 6, '0'), 'in_stock', ${q(HUB.cikarang)}::uuid
    from generate_series(1, ${UNITS_AT_CIKARANG}) g`);
  // Ten units on each of Karawang's first open trucks to Cikarang (route 1: on the way, at Cikarang).
  await sql.query(`
    insert into public.tv_units (serial, state, shipment_id)
    select 'WSU-T-' || lpad((s.n * 10 + u)::text, 6, '0'), 'in_transit', s.id
    from (select id, row_number() over (order by batch_number) as n from public.shipments
          where batch_number like 'WS-OPEN-1-%' limit ${UNITS_ON_OPEN_TRUCKS / 10}) s,
      generate_series(1, 10) u`);
}

/** The units of history from `from` to `to` units of 1x (after seedHistory of the same range). */
export async function seedUnitHistory(sql: pg.Client, from: number, to: number): Promise<void> {
  await sql.query(`
    insert into public.tv_units (serial, state, hub_id, shipment_id, created_at)
    select 'WSU-D-' || lpad(substr(s.batch_number, 9), 7, '0'), 'delivered', ${q(HUB.makassar)}::uuid, s.id,
      s.unloading_finished_at
    from public.shipments s
    where s.batch_number like 'WS-HIST-%'
      and substr(s.batch_number, 9)::int between ${from * HISTORY_SHIPMENTS + 1} and ${to * HISTORY_SHIPMENTS}
      and substr(s.batch_number, 9)::int % 10 <> 0`);
  await sql.query(`
    insert into public.tv_units (serial, state, shipment_id, created_at)
    select 'WSU-M-' || lpad(substr(s.batch_number, 9), 7, '0'), 'missing', s.id, s.unloading_finished_at
    from public.shipments s
    where s.batch_number like 'WS-HIST-%'
      and substr(s.batch_number, 9)::int between ${from * HISTORY_SHIPMENTS + 1} and ${to * HISTORY_SHIPMENTS}
      and substr(s.batch_number, 9)::int % 10 = 0`);
  await sql.query('analyze public.tv_units');
}

/** The server's units by state. */
export async function serverUnits(sql: pg.Client): Promise<Record<string, number>> {
  const { rows } = await sql.query<{ state: string; n: string }>(
    'select state, count(*)::text as n from public.tv_units group by state',
  );
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
}
