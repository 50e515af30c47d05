// Issue 10: the dashboard's figures computed on the device from pulled rows
// (sync/domain/dashboard.ts) equal the same figures computed by SQL on the
// server, over what each user may read (RLS, the user's own claims), for
// admin, a hub user and the Makassar POD user, on the seed plus generated
// shipments and stock.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dashboardScope,
  fixedHubs,
  hubFlow,
  hubStock,
  inTransitTotals,
  podCards,
  stockOfBalances,
} from '../../sync/domain/dashboard';
import type { Tables, ViewTable } from '../../sync/model/rows';
import { actorOf, openDevice, settle } from '../support/sync-device';
import { closeDb, db, remember } from './commands-support';
import { DEMO_USERS, HUB, seedId, WAREHOUSE } from '../support/demo';

const VESSEL = seedId.vehicle(21);
const made: { shipments: string[]; inventory: string[] } = { shipments: [], inventory: [] };

beforeAll(async () => {
  const sql = await db();
  const statuses = [
    'otw_cikarang',
    'otw_poljak',
    'otw_podmakasar',
    'confirm_tiba',
    'sedang_bongkar',
    'selesai',
    'selesai_pod',
  ];
  const hubs = Object.values(HUB);
  const seed = Number(process.env.DASHBOARD_SEED ?? 20261123);
  const shipments = fc.sample(
    fc.record({
      origin: fc.constantFrom(...hubs.slice(0, 4)),
      dest: fc.constantFrom(...hubs),
      status: fc.constantFrom(...statuses),
      tv: fc.integer({ min: 0, max: 300 }),
      br: fc.integer({ min: 0, max: 300 }),
    }),
    { numRuns: 40, seed },
  );
  for (const s of shipments) {
    if (s.origin === s.dest) continue;
    const id = randomUUID();
    made.shipments.push(id);
    remember(id);
    await sql.query(
      `insert into public.shipments (id, batch_number, vehicle_id, origin_hub_id, destination_hub_id, current_hub_id,
         smartboard_quantity, bracket_quantity, status, loading_date, selesai_bongkar)
       values ($1, $2, $3, $4, $5, $4, $6, $7, $8, now(), $9)`,
      [
        id,
        `TEST-DASH-${id.slice(0, 6)}`,
        VESSEL,
        s.origin,
        s.dest,
        s.tv,
        s.br,
        s.status,
        s.status.startsWith('selesai'),
      ],
    );
  }
  const stock = fc.sample(
    fc.record({
      wh: fc.constantFrom(...Object.values(WAREHOUSE)),
      out: fc.boolean(),
      tv: fc.integer({ min: 0, max: 200 }),
      br: fc.integer({ min: 0, max: 200 }),
    }),
    { numRuns: 30, seed },
  );
  for (const [k, r] of stock.entries()) {
    const id = randomUUID();
    made.inventory.push(id);
    // One direction per row; outgoing (negative) rows belong to a shipment (the table's checks).
    const shipment = r.out ? made.shipments[k % made.shipments.length] : null;
    await sql.query(
      `insert into public.inventory (id, warehouse_id, date_recorded, smartboard_quantity, bracket_quantity, batch_number, shipment_id)
       values ($1, $2, current_date, $3, $4, 'TEST-DASH', $5)`,
      [id, r.wh, r.out ? -r.tv : r.tv, r.out ? -r.br : r.br, shipment],
    );
  }
});

afterAll(async () => {
  await (await db()).query('delete from public.inventory where id = any($1::uuid[])', [made.inventory]);
  await closeDb();
});

/** The figures by SQL as the user: RLS narrows every read exactly as for the device. */
async function serverFigures(userId: string) {
  const sql = await db();
  await sql.query('begin');
  try {
    await sql.query('set local role authenticated');
    await sql.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: userId, role: 'authenticated' }),
    ]);
    // The rows this user reads (RLS), then the server's rules over them as the owner: the
    // domain rules are not the API's to call (domain_rules.sql).
    for (const table of ['shipments', 'hubs', 'inventory', 'warehouses']) {
      await sql.query(`create temp table seen_${table} on commit drop as select * from public.${table}`);
    }
    await sql.query('reset role');
    const transit = (
      await sql.query(`select count(*)::int as shipments, coalesce(sum(smartboard_quantity), 0)::int as tv,
                              coalesce(sum(bracket_quantity), 0)::int as bracket
                       from seen_shipments where not selesai_bongkar and not deleted`)
    ).rows[0];
    const hubs = (
      await sql.query(`
        select public.hub_kind(h.name, h.type) as kind,
          greatest(0, coalesce((select sum(i.smartboard_quantity) from seen_inventory i join seen_warehouses w on w.id = i.warehouse_id
                                where w.hub_id = h.id and not w.deleted and not i.deleted), 0))::int as tv,
          greatest(0, coalesce((select sum(i.bracket_quantity) from seen_inventory i join seen_warehouses w on w.id = i.warehouse_id
                                where w.hub_id = h.id and not w.deleted and not i.deleted), 0))::int as bracket,
          (select count(*) from seen_shipments s where s.destination_hub_id = h.id and not s.selesai_bongkar and not s.deleted and left(s.status, 4) = 'otw_')::int as incoming,
          (select count(*) from seen_shipments s where s.destination_hub_id = h.id and not s.selesai_bongkar and not s.deleted and s.status = 'confirm_tiba')::int as arrived,
          (select count(*) from seen_shipments s where s.destination_hub_id = h.id and not s.selesai_bongkar and not s.deleted and s.status = 'sedang_bongkar')::int as unloading,
          (select count(*) from seen_shipments s where s.origin_hub_id = h.id and not s.selesai_bongkar and not s.deleted and left(s.status, 4) = 'otw_')::int as outgoing
        from seen_hubs h
        where not h.deleted and public.hub_kind(h.name, h.type) in ('karawang', 'cikarang', 'poljak', 'polsub')
        order by array_position(array['karawang', 'cikarang', 'poljak', 'polsub'], public.hub_kind(h.name, h.type))`)
    ).rows;
    const pods = (
      await sql.query(`
        with c as (
          select public.dm_slug(case when left(s.status, 4) = 'otw_' then public.pod_city_from_status(s.status)
                                     else public.pod_city_of_hub(h.name, h.city) end) as city, s.status
          from seen_shipments s join seen_hubs h on h.id = s.destination_hub_id
          where not s.selesai_bongkar and not s.deleted
        ), flows as (
          select city, count(*) filter (where left(status, 4) = 'otw_')::int as otw,
                 count(*) filter (where status = 'confirm_tiba')::int as arrived,
                 count(*) filter (where status = 'sedang_bongkar')::int as unloading
          from c where city is not null and city not in ('cikarang', 'karawang', 'poljak', 'polsub', 'jakarta', 'surabaya')
          group by city
        ), stock as (
          select public.dm_slug(w.location) as city,
                 greatest(0, sum(i.smartboard_quantity))::int as tv, greatest(0, sum(i.bracket_quantity))::int as bracket
          from seen_warehouses w join seen_inventory i on i.warehouse_id = w.id and not i.deleted
          where not w.deleted and public.dm_slug(w.location) is not null
            and public.dm_slug(w.location) not in ('cikarang', 'karawang', 'poljak', 'polsub', 'jakarta', 'surabaya')
          group by 1
        )
        select coalesce(f.city, s.city) as city, coalesce(f.otw, 0) as otw, coalesce(f.arrived, 0) as arrived,
               coalesce(f.unloading, 0) as unloading, coalesce(s.tv, 0) as tv, coalesce(s.bracket, 0) as bracket
        from flows f full join stock s on s.city = f.city
        where coalesce(f.otw, 0) + coalesce(f.arrived, 0) + coalesce(f.unloading, 0) + coalesce(s.tv, 0) + coalesce(s.bracket, 0) > 0
        order by 1`)
    ).rows;
    return { transit, hubs, pods };
  } finally {
    await sql.query('rollback');
  }
}

async function deviceFigures(email: string) {
  const device = await openDevice(email);
  try {
    await settle(device.engine);
    const all = async <T extends ViewTable>(t: T) =>
      (await device.engine.db[t].find().exec()).map((d) => d.toJSON() as unknown as Tables[T]);
    // Stock from the balances the server keeps, as the dashboard reads it (issue 26): the device
    // holds only the ledger rows of its working set, so their sum is not the stock.
    const [shipments, balances, warehouses, hubs] = await Promise.all([
      all('shipments'),
      all('stock_balances'),
      all('warehouses'),
      all('hubs'),
    ]);
    const stock = stockOfBalances(balances);
    return {
      actor: device.actor,
      transit: inTransitTotals(shipments),
      hubs: fixedHubs(hubs)
        .filter((f) => f.hub)
        .map(({ kind, hub }) => ({
          kind,
          ...hubStock(hub!.id, warehouses, stock),
          ...hubFlow(hub!.id, shipments),
        })),
      pods: podCards(shipments, hubs, warehouses, stock).map((c) => ({ ...c, city: c.city.toLowerCase() })),
      scope: dashboardScope(device.actor, hubs),
    };
  } finally {
    await device.dispose();
  }
}

describe('dashboard figures: the device equals the server', () => {
  it.each([DEMO_USERS.admin, DEMO_USERS.cikarang, DEMO_USERS.makassar])('for %s', async (email) => {
    const device = await deviceFigures(email);
    const server = await serverFigures((await actorOf(email)).userId);
    expect(device.transit).toEqual(server.transit);
    expect(device.hubs).toEqual(server.hubs);
    expect(device.pods).toEqual(server.pods);
    // Something to compare: the generated rows reach every one of these users.
    expect(device.transit.shipments).toBeGreaterThan(0);
    if (email.startsWith('makassar')) {
      expect(device.scope).toEqual({ hubIds: [], podCity: 'Makassar' });
      expect(device.pods.map((p) => p.city)).toContain('makassar');
    }
  });
});
