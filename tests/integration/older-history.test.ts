// Issue 26: older history is read from the server on demand (search_shipments,
// ledger_history: supabase/schemas/functions/older_history.sql). Over
// real HTTP as each role: paging newest first without a gap or a repeat, each
// filter, the text over every field the header's search knows, row-level
// security per role and hub (a hub user of another hub reads nothing of it),
// the page size's bound and bad input refused with 22023 and a message. The
// rows are this file's own, dated in 2021 (long before any retention window),
// and every assertion names them, so other files' rows never count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../support/clients';
import { HUB, WAREHOUSE, type DemoUser } from '../support/demo';
import { as, closeDb, db, id, makeVehicle, remember, tag } from './commands-support';

interface ShipmentHit {
  id: string;
  batch_number: string;
  status: string;
  created_at: string;
  license_plate: string | null;
  driver_name: string | null;
  vendor_name: string | null;
  container_number: string | null;
  vessel_name: string | null;
}
interface LedgerHit {
  id: string;
  warehouse_id: string;
  date_recorded: string;
  shipment_id: string | null;
  shipment_status: string | null;
}

const T = tag().toUpperCase();
const LAND = Array.from({ length: 7 }, (_, i) => ({ id: id(), batch: `ARSIP-${T}-${i}` }));
const SEA = { id: id(), batch: `ARSIP-${T}-LAUT` };
const LEDGER = Array.from({ length: 5 }, (_, i) => ({ id: id(), day: `2021-03-0${i + 1}` }));
const CIKARANG_ROW = id();
const TODAY_ROW = id();
const vendorName = `PT Arsip ${T} Logistik`;
let plateOfLand = '';

beforeAll(async () => {
  const sql = await db();
  const vendorId = id();
  await sql.query('insert into public.vendors (id, name) values ($1, $2)', [vendorId, vendorName]);
  const truck = await makeVehicle(null, { ready: false });
  plateOfLand = `B ${T} ARS`;
  await sql.query('update public.vehicles set license_plate = $2, driver_name = $3, vendor_id = $4 where id = $1', [
    truck,
    plateOfLand,
    `Sopir Arsip ${T}`,
    vendorId,
  ]);
  const ship = await makeVehicle(null, { ready: false }, true);
  remember(...LAND.map((s) => s.id), SEA.id);
  const insert = `insert into public.shipments (id, batch_number, vehicle_id, origin_hub_id, destination_hub_id, current_hub_id,
      smartboard_quantity, bracket_quantity, status, loading_date, selesai_bongkar, created_at)
    values ($1, $2, $3, $4, $5, $5, 10, 10, $6, $7, true, $7)`;
  for (const [i, s] of LAND.entries()) {
    const at = new Date(Date.UTC(2021, 2, 1, i)).toISOString();
    await sql.query(insert, [s.id, s.batch, truck, HUB.karawang, HUB.cikarang, 'selesai', at]);
  }
  await sql.query(insert, [SEA.id, SEA.batch, ship, HUB.poljak, HUB.makassar, 'selesai_pod', '2021-03-02T12:00:00Z']);
  await sql.query(
    `insert into public.containers (container_number, vessel_name, shipment_id) values ($1, $2, $3)`,
    [`ARSU${T}`, `KM Arsip ${T}`, SEA.id],
  );
  // The ledger: five rows at Karawang (the first shipment's), one at Cikarang.
  for (const row of LEDGER) {
    await sql.query(
      `insert into public.inventory (id, warehouse_id, date_recorded, smartboard_quantity, bracket_quantity, batch_number, shipment_id)
       values ($1, $2, $3, 1, 1, $4, $5)`,
      [row.id, WAREHOUSE.karawang, row.day, LAND[0]!.batch, LAND[0]!.id],
    );
  }
  await sql.query(
    `insert into public.inventory (id, warehouse_id, date_recorded, smartboard_quantity, bracket_quantity, batch_number, shipment_id)
     values ($1, $2, '2021-03-03', 1, 1, $3, $4)`,
    [CIKARANG_ROW, WAREHOUSE.cikarang, LAND[1]!.batch, LAND[1]!.id],
  );
  // And one of today (Jakarta), inside every device's working set.
  await sql.query(
    `insert into public.inventory (id, warehouse_id, date_recorded, smartboard_quantity, bracket_quantity, batch_number, shipment_id)
     values ($1, $2, (now() at time zone 'Asia/Jakarta')::date, 1, 1, $3, $4)`,
    [TODAY_ROW, WAREHOUSE.karawang, LAND[0]!.batch, LAND[0]!.id],
  );
});

afterAll(closeDb);

async function search(who: DemoUser, args: Record<string, unknown>): Promise<ShipmentHit[]> {
  const { data, error } = await (await as(who)).client.rpc('search_shipments', args);
  if (error) throw new Error(`${error.code}: ${error.message}`);
  return data as ShipmentHit[];
}

async function ledger(who: DemoUser, args: Record<string, unknown>): Promise<LedgerHit[]> {
  const { data, error } = await (await as(who)).client.rpc('ledger_history', args);
  if (error) throw new Error(`${error.code}: ${error.message}`);
  return data as LedgerHit[];
}

const newestLand = [...LAND].reverse().map((s) => s.batch);
const batches = (hits: ShipmentHit[]) => hits.map((h) => h.batch_number);

describe('search_shipments', () => {
  it('pages newest first by keyset, without a gap or a repeat', async () => {
    const all = await search('admin', { p_query: `arsip-${T}`, p_limit: 100 });
    // The ship's shipment (2 March) is the newest, then the trucks' of 1 March, latest hour first.
    expect(batches(all)).toEqual([SEA.batch, ...newestLand]);
    const paged: ShipmentHit[] = [];
    let cursor: Record<string, unknown> = {};
    for (let round = 0; round < 5; round++) {
      const page = await search('admin', { p_query: `ARSIP-${T}`, p_limit: 3, ...cursor });
      expect(page.length).toBeLessThanOrEqual(3);
      paged.push(...page);
      if (page.length < 3) break;
      const last = page.at(-1)!;
      cursor = { p_before_created_at: last.created_at, p_before_id: last.id };
    }
    expect(batches(paged)).toEqual(batches(all));
  });

  it('finds a shipment by plate, driver, vendor, container and ship, whatever the case', async () => {
    for (const q of [plateOfLand.toLowerCase(), `sopir arsip ${T}`, `arsip ${T} logistik`]) {
      expect(batches(await search('admin', { p_query: q })).sort(), q).toEqual([...newestLand].sort());
    }
    for (const q of [`arsu${T}`, `km arsip ${T}`]) {
      const [hit, ...rest] = await search('admin', { p_query: q });
      expect(rest, q).toEqual([]);
      expect(hit, q).toMatchObject({ batch_number: SEA.batch, container_number: `ARSU${T}`, vessel_name: `KM Arsip ${T}` });
    }
    const [land] = await search('admin', { p_query: LAND[3]!.batch });
    expect(land).toMatchObject({ license_plate: plateOfLand, driver_name: `Sopir Arsip ${T}`, vendor_name: vendorName });
    // % and _ are matched as themselves, not as wildcards.
    expect(await search('admin', { p_query: `ARSIP%${T}` })).toEqual([]);
  });

  it('filters by status, origin, destination and a time range', async () => {
    const q = { p_query: `ARSIP-${T}` };
    expect(batches(await search('admin', { ...q, p_status: 'selesai_pod' }))).toEqual([SEA.batch]);
    expect(batches(await search('admin', { ...q, p_origin_hub_id: HUB.poljak }))).toEqual([SEA.batch]);
    expect(batches(await search('admin', { ...q, p_destination_hub_id: HUB.cikarang }))).toEqual(newestLand);
    const range = { p_from: '2021-03-01T00:00:00Z', p_to: '2021-03-01T03:00:00Z' };
    expect(batches(await search('admin', { ...q, ...range }))).toEqual([LAND[2]!.batch, LAND[1]!.batch, LAND[0]!.batch]);
  });

  it('reads only what the shipments policies let each role and hub see', async () => {
    const q = { p_query: `ARSIP-${T}`, p_limit: 100 };
    expect(batches(await search('tower', q))).toHaveLength(8);
    expect(batches(await search('karawang', q))).toEqual(newestLand);
    expect(batches(await search('cikarang', q))).toEqual(newestLand);
    expect(batches(await search('makassar', q))).toEqual([SEA.batch]);
    expect(batches(await search('poljak', q))).toEqual([SEA.batch]);
    expect(await search('polsub', q)).toEqual([]);
    // Another hub's container or plate finds nothing either.
    expect(await search('karawang', { p_query: `ARSU${T}` })).toEqual([]);
    expect(await search('makassar', { p_query: plateOfLand })).toEqual([]);
  });
});

describe('ledger_history', () => {
  const range = { p_from: '2021-03-01', p_to: '2021-03-31' };
  const newestDays = [...LEDGER].reverse().map((r) => r.id);

  it("pages a hub's ledger newest first, with the related shipment", async () => {
    const all = await ledger('karawang', { p_hub_id: HUB.karawang, ...range, p_limit: 100 });
    expect(all.map((r) => r.id)).toEqual(newestDays);
    expect(all[0]).toMatchObject({ date_recorded: '2021-03-05', shipment_id: LAND[0]!.id, shipment_status: 'selesai' });
    const paged: LedgerHit[] = [];
    let cursor: Record<string, unknown> = {};
    for (let round = 0; round < 4; round++) {
      const page = await ledger('karawang', { p_hub_id: HUB.karawang, ...range, p_limit: 2, ...cursor });
      paged.push(...page);
      if (page.length < 2) break;
      cursor = { p_before_date: page.at(-1)!.date_recorded, p_before_id: page.at(-1)!.id };
    }
    expect(paged.map((r) => r.id)).toEqual(newestDays);
    expect(
      (await ledger('admin', { p_warehouse_id: WAREHOUSE.karawang, p_from: '2021-03-02', p_to: '2021-03-03' })).map(
        (r) => r.id,
      ),
    ).toEqual([LEDGER[2]!.id, LEDGER[1]!.id]);
  });

  it("reads, before the window, only what the devices do not hold for certain", async () => {
    const since = { p_hub_id: HUB.karawang, p_from: '2021-03-01', p_destination_hub_id: HUB.cikarang, p_limit: 100 };
    const mine = new Set<string>([TODAY_ROW, ...newestDays]);
    const ids = async (args: Record<string, unknown>) =>
      (await ledger('karawang', args)).map((r) => r.id).filter((r) => mine.has(r));
    expect(await ids(since)).toEqual([TODAY_ROW, ...newestDays]);
    expect(await ids({ ...since, p_before_window: true })).toEqual(newestDays);
    // The range's own end still holds, and a range after the cutoff reads nothing (no refusal).
    expect(await ids({ ...since, p_to: '2021-03-02', p_before_window: true })).toEqual([LEDGER[1]!.id, LEDGER[0]!.id]);
    const { date_recorded: today } = (await ledger('karawang', since)).find((r) => r.id === TODAY_ROW)!;
    expect(await ledger('karawang', { ...since, p_from: today, p_before_window: true })).toEqual([]);
  });

  it("filters by the related shipment and reads nothing of another hub's warehouses", async () => {
    expect(await ledger('admin', { p_hub_id: HUB.karawang, ...range, p_status: 'selesai_pod' })).toEqual([]);
    expect(
      (await ledger('admin', { p_hub_id: HUB.karawang, ...range, p_destination_hub_id: HUB.cikarang })).map((r) => r.id),
    ).toEqual(newestDays);
    expect(await ledger('cikarang', { p_hub_id: HUB.karawang, ...range })).toEqual([]);
    expect(await ledger('polsub', { p_warehouse_id: WAREHOUSE.karawang, ...range })).toEqual([]);
    expect((await ledger('cikarang', { p_hub_id: HUB.cikarang, ...range })).map((r) => r.id)).toEqual([CIKARANG_ROW]);
  });
});

describe('bad input', () => {
  it.each([
    ['search_shipments', { p_limit: 0 }, /Ukuran halaman harus 1 sampai 100/],
    ['search_shipments', { p_limit: 101 }, /Ukuran halaman harus 1 sampai 100/],
    ['search_shipments', { p_query: ' a ' }, /minimal 2 karakter/],
    ['search_shipments', { p_query: 'x'.repeat(101) }, /paling banyak 100 karakter/],
    ['search_shipments', { p_from: '2021-03-02T00:00:00Z', p_to: '2021-03-01T00:00:00Z' }, /Rentang tanggal tidak valid/],
    ['search_shipments', { p_before_id: LAND[0]!.id }, /Penanda halaman tidak lengkap/],
    ['ledger_history', { p_limit: 5 }, /Pilih satu hub atau satu gudang/],
    ['ledger_history', { p_hub_id: HUB.karawang, p_warehouse_id: WAREHOUSE.karawang }, /Pilih satu hub/],
    ['ledger_history', { p_hub_id: HUB.karawang, p_limit: 500 }, /Ukuran halaman harus 1 sampai 100/],
    ['ledger_history', { p_hub_id: HUB.karawang, p_from: '2021-03-05', p_to: '2021-03-01' }, /Rentang tanggal/],
    ['ledger_history', { p_hub_id: HUB.karawang, p_before_date: '2021-03-05' }, /Penanda halaman tidak lengkap/],
  ] as const)('%s %j is refused with 22023', async (fn, args, message) => {
    const { data, error } = await (await as('karawang')).client.rpc(fn, args);
    expect(data).toBeNull();
    expect(error?.code).toBe('22023');
    expect(error?.message).toMatch(message);
  });

  it('is closed to anyone not signed in', async () => {
    const { error } = await anonClient().rpc('search_shipments', { p_query: `ARSIP-${T}` });
    expect(error?.code).toBe('42501');
  });
});
