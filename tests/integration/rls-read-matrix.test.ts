// Issue 3 acceptance: the read-permission matrix. For every role of the demo
// data and anon, against every table, the rows visible through PostgREST are
// exactly the ones written here (the same matrix as docs/security.md).
//
// Two checks per table: the seeded rows visible are exactly the hand-written
// lists below (the documentation), and, because other test files share this
// stack and may add rows, every row in the database is visible exactly when the
// rule of docs/security.md says so (the rule recomputed here from the owner's
// view of the data).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, ownerSql, signedIn } from '../support/clients';
import { DEMO_USERS, seedId } from '../support/demo';
import { SEEDED_STATUSES } from '../support/statuses';

const { hub, warehouse, user, vehicle, shipment } = seedId;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

// Hubs: 1 Karawang, 2 Cikarang, 3 PolJak, 4 PolSub, 5 POD Makassar (same numbers for warehouses).
// Seeded shipments by route (supabase/seed.sql):
//   Karawang->Cikarang 1 7 8 9 10   Karawang->PolJak 2 4 11 12   Karawang->PolSub 3 14 15
//   Cikarang->PolJak 13   Cikarang->PolSub 16   PolJak->Makassar 5 17 19   PolSub->Makassar 6 18 20
// Sea shipments (with a container): 5 6 17 18 19 20.
// Inventory rows per warehouse: Karawang 15, Cikarang 6, PolJak 7, PolSub 5, Makassar 4.
const ALL_SHIPMENTS = range(1, 20);
const ALL_VEHICLES = [...range(1, 18), ...range(21, 30)];
const FREE_VEHICLES = [15, 16, 17, 28, 29, 30]; // active and ready: anyone may queue them
const INVENTORY_ROWS: Record<number, number> = { 1: 15, 2: 6, 3: 7, 4: 5, 5: 4 };
const SEA_SHIPMENTS = [5, 6, 17, 18, 19, 20];

interface Expectation {
  /** Seeded profile user ids visible (numbers of the demo users). */
  profiles: number[] | 'all';
  shipments: number[];
  vehicles: number[];
  /** Warehouses whose inventory is visible. */
  inventory: number[];
  myHub: number | null;
}

const MATRIX: Record<string, Expectation> = {
  [DEMO_USERS.admin]: {
    profiles: 'all',
    shipments: ALL_SHIPMENTS,
    vehicles: ALL_VEHICLES,
    inventory: [1, 2, 3, 4, 5],
    myHub: null,
  },
  [DEMO_USERS.tower]: {
    profiles: [2],
    shipments: ALL_SHIPMENTS,
    vehicles: ALL_VEHICLES,
    inventory: [1, 2, 3, 4, 5],
    myHub: null,
  },
  [DEMO_USERS.karawang]: {
    profiles: [3],
    shipments: [1, 2, 3, 4, 7, 8, 9, 10, 11, 12, 14, 15],
    // at Karawang 1 4 7 10 11 12; on its shipments 1-5 7 8 15-17; free 15-17 28-30
    vehicles: [1, 2, 3, 4, 5, 7, 8, 10, 11, 12, 15, 16, 17, 28, 29, 30],
    inventory: [1],
    myHub: 1,
  },
  [DEMO_USERS.cikarang]: {
    profiles: [4],
    // no shipment between Karawang and PolSub (3, 14, 15)
    shipments: [1, 7, 8, 9, 10, 13, 16],
    // at Cikarang 2 3 13 14 15 18 (18 is out of service); on its shipments 1-3 6 9 15; free
    vehicles: [1, 2, 3, 6, 9, 13, 14, 15, 16, 17, 18, 28, 29, 30],
    inventory: [2], // no PolSub inventory
    myHub: 2,
  },
  [DEMO_USERS.poljak]: {
    profiles: [5],
    shipments: [2, 4, 5, 11, 12, 13, 17, 19],
    vehicles: [4, 5, 6, 15, 16, 17, 21, 23, 25, 26, 28, 29, 30],
    inventory: [3],
    myHub: 3,
  },
  [DEMO_USERS.polsub]: {
    profiles: [6],
    shipments: [3, 6, 14, 15, 16, 18, 20],
    vehicles: [7, 8, 9, 15, 16, 17, 22, 24, 27, 28, 29, 30],
    inventory: [4],
    myHub: 4,
  },
  [DEMO_USERS.makassar]: {
    profiles: [7],
    // going to its city's POD (and the POD's arrivals)
    shipments: [5, 6, 17, 18, 19, 20],
    vehicles: [15, 16, 17, 21, 22, 23, 24, 28, 29, 30],
    inventory: [5], // Gudang Makassar, the warehouse located in its city
    myHub: 5,
  },
};

const SEEDED = {
  hubs: range(1, 5).map(hub),
  warehouses: range(1, 5).map(warehouse),
  vendors: range(1, 5).map(seedId.vendor),
  vehicle_types: range(1, 4).map(seedId.vehicleType),
};

const TABLES = [
  'hubs',
  'warehouses',
  'profiles',
  'shipment_statuses',
  'vendors',
  'vehicle_types',
  'vehicles',
  'shipments',
  'containers',
  'inventory',
] as const;

async function rows<T = Record<string, unknown>>(
  client: SupabaseClient,
  table: string,
  columns: string,
): Promise<T[]> {
  // PostgREST answers at most 1,000 rows a request (db-max-rows, as hosted
  // Supabase); other test files add rows to this shared stack (the pull-batch
  // test alone 2,600 inventory rows), so read page by page, in a fixed order.
  const all: T[] = [];
  const page = 1000;
  for (let from = 0; ; from += page) {
    const order = columns.split(',')[0]!.trim();
    const { data, error } = await client
      .from(table)
      .select(columns)
      .order(order)
      .range(from, from + page - 1);
    if (error) throw new Error(`select ${table}: ${error.message}`);
    all.push(...(data as T[]));
    if (data.length < page) return all;
  }
}

const sorted = <T>(values: T[]) => [...values].sort();
const isSeeded = (prefix: string) => (id: string) => id.startsWith(prefix);

/** Everything, as the owner sees it, to recompute each user's rows from the rule. */
interface World {
  hubs: { id: string; type: string; city: string | null }[];
  warehouses: { id: string; hub_id: string | null; location: string | null }[];
  shipments: {
    id: string;
    origin_hub_id: string;
    destination_hub_id: string;
    current_hub_id: string | null;
    vehicle_id: string;
  }[];
  vehicles: { id: string; current_hub_id: string | null; is_active: boolean; ready: boolean }[];
  containers: { id: string; shipment_id: string }[];
  inventory: { id: string; warehouse_id: string }[];
}

async function loadWorld(): Promise<World> {
  const sql = await ownerSql();
  try {
    const q = async <T>(text: string) => (await sql.query(text)).rows as T[];
    return {
      hubs: await q('select id, type, city from public.hubs'),
      warehouses: await q('select id, hub_id, location from public.warehouses'),
      shipments: await q(
        'select id, origin_hub_id, destination_hub_id, current_hub_id, vehicle_id from public.shipments',
      ),
      vehicles: await q('select id, current_hub_id, is_active, ready from public.vehicles'),
      containers: await q('select id, shipment_id from public.containers'),
      inventory: await q('select id, warehouse_id from public.inventory'),
    };
  } finally {
    await sql.end();
  }
}

const norm = (text: string | null) => (text ?? '').trim().toLowerCase();

/** The rule of docs/security.md: which ids of each table a user with this hub (null = staff) reads. */
function visibleByRule(world: World, myHub: number | null) {
  if (myHub === null) {
    return {
      shipments: world.shipments.map((r) => r.id),
      vehicles: world.vehicles.map((r) => r.id),
      containers: world.containers.map((r) => r.id),
      inventory: world.inventory.map((r) => r.id),
    };
  }
  const mine = world.hubs.find((h) => h.id === hub(myHub))!;
  const hubs = new Set(
    world.hubs
      .filter(
        (h) =>
          h.id === mine.id || (mine.type === 'pod' && h.type === 'pod' && norm(h.city) === norm(mine.city)),
      )
      .map((h) => h.id),
  );
  const warehouses = new Set(
    world.warehouses
      .filter(
        (w) =>
          (w.hub_id && hubs.has(w.hub_id)) || (mine.type === 'pod' && norm(w.location) === norm(mine.city)),
      )
      .map((w) => w.id),
  );
  const shipments = world.shipments.filter(
    (s) =>
      hubs.has(s.origin_hub_id) ||
      hubs.has(s.destination_hub_id) ||
      (s.current_hub_id !== null && hubs.has(s.current_hub_id)),
  );
  const shipmentIds = new Set(shipments.map((s) => s.id));
  const shipmentVehicles = new Set(shipments.map((s) => s.vehicle_id));
  return {
    shipments: [...shipmentIds],
    vehicles: world.vehicles
      .filter(
        (v) =>
          (v.is_active && v.ready) ||
          (v.current_hub_id !== null && hubs.has(v.current_hub_id)) ||
          shipmentVehicles.has(v.id),
      )
      .map((v) => v.id),
    containers: world.containers.filter((c) => shipmentIds.has(c.shipment_id)).map((c) => c.id),
    inventory: world.inventory.filter((i) => warehouses.has(i.warehouse_id)).map((i) => i.id),
  };
}

describe('read matrix through PostgREST', () => {
  const clients = new Map<string, SupabaseClient>();
  let world: World;

  beforeAll(async () => {
    world = await loadWorld();
    for (const email of Object.keys(MATRIX)) clients.set(email, await signedIn(email));
  });

  afterAll(async () => {
    for (const client of clients.values()) await client.auth.signOut();
  });

  describe.each(Object.entries(MATRIX))('%s', (email, expected) => {
    const client = () => clients.get(email)!;

    it('reads all master data: hubs, warehouses, vendors, vehicle types, statuses', async () => {
      for (const table of ['hubs', 'warehouses', 'vendors', 'vehicle_types'] as const) {
        const ids = (await rows<{ id: string }>(client(), table, 'id')).map((r) => r.id);
        expect(ids, table).toEqual(expect.arrayContaining(SEEDED[table]));
      }
      const keys = (await rows<{ key: string }>(client(), 'shipment_statuses', 'key')).map((r) => r.key);
      expect(keys).toEqual(expect.arrayContaining(SEEDED_STATUSES));
    });

    it('reads the profiles of the matrix', async () => {
      const profiles = await rows<{ user_id: string | null; role: string }>(
        client(),
        'profiles',
        'user_id, role',
      );
      if (expected.profiles === 'all') {
        expect(profiles.map((p) => p.user_id)).toEqual(expect.arrayContaining(range(1, 7).map(user)));
      } else {
        // only its own: nobody but admin reads other users' profiles
        expect(profiles.map((p) => p.user_id)).toEqual(expected.profiles.map(user));
      }
    });

    it('reads exactly the shipments of the matrix, and their containers', async () => {
      const shipments = (await rows<{ id: string }>(client(), 'shipments', 'id')).map((s) => s.id);
      expect(sorted(shipments.filter(isSeeded('66666666-')))).toEqual(
        sorted(expected.shipments.map(shipment)),
      );
      expect(sorted(shipments)).toEqual(sorted(visibleByRule(world, expected.myHub).shipments));

      const containers = await rows<{ id: string; shipment_id: string }>(
        client(),
        'containers',
        'id, shipment_id',
      );
      const seededContainers = containers.map((c) => c.shipment_id).filter(isSeeded('66666666-'));
      const expectedContainers = expected.shipments.filter((n) => SEA_SHIPMENTS.includes(n)).map(shipment);
      expect(sorted(seededContainers)).toEqual(sorted(expectedContainers));
      expect(sorted(containers.map((c) => c.id))).toEqual(
        sorted(visibleByRule(world, expected.myHub).containers),
      );
    });

    it('reads exactly the vehicles of the matrix', async () => {
      const vehicles = await rows<{ id: string }>(client(), 'vehicles', 'id');
      const ids = vehicles.map((v) => v.id);
      expect(sorted(ids.filter(isSeeded('55555555-')))).toEqual(sorted(expected.vehicles.map(vehicle)));
      expect(sorted(ids)).toEqual(sorted(visibleByRule(world, expected.myHub).vehicles));
      // every vehicle free to be queued is visible, wherever it is
      expect(vehicles.map((v) => v.id)).toEqual(expect.arrayContaining(FREE_VEHICLES.map(vehicle)));
    });

    it('reads exactly the inventory of its warehouses', async () => {
      const inventory = await rows<{ id: string; warehouse_id: string }>(
        client(),
        'inventory',
        'id, warehouse_id',
      );
      // Seeded ledger rows have no fixed ids: compare the warehouses they come from, and their count.
      const seededWarehouses = new Set(inventory.map((r) => r.warehouse_id).filter(isSeeded('22222222-')));
      expect(sorted([...seededWarehouses])).toEqual(sorted(expected.inventory.map(warehouse)));
      for (const n of expected.inventory) {
        expect(inventory.filter((r) => r.warehouse_id === warehouse(n)).length).toBeGreaterThanOrEqual(
          INVENTORY_ROWS[n]!,
        );
      }
      expect(sorted(inventory.map((r) => r.id))).toEqual(
        sorted(visibleByRule(world, expected.myHub).inventory),
      );
    });

    it('gets its hub from my_hub_id()', async () => {
      const { data, error } = await client().rpc('my_hub_id');
      expect(error).toBeNull();
      expect(data).toBe(expected.myHub === null ? null : hub(expected.myHub));
    });
  });

  it('the embedded joins of the hub tabs keep working for a hub user (vehicles inner join)', async () => {
    // Spec 7.2: shipments with vehicles (inner) and vendors, filtered by status and destination.
    const { data, error } = await clients
      .get(DEMO_USERS.cikarang)!
      .from('shipments')
      .select('id, status, vehicles!inner(license_plate), vendors(name)')
      .eq('destination_hub_id', hub(2))
      .in('status', ['otw_cikarang', 'confirm_tiba', 'sedang_bongkar']);
    expect(error).toBeNull();
    expect(sorted(data!.map((s) => s.id).filter(isSeeded('66666666-')))).toEqual(
      sorted([8, 9, 10].map(shipment)),
    );
  });

  it('a POD user sees the sea shipments to its city with their ship and container', async () => {
    const { data, error } = await clients
      .get(DEMO_USERS.makassar)!
      .from('shipments')
      .select('id, status, vehicles!inner(nama_kapal, license_plate), containers(container_number)')
      .like('status', 'otw_%');
    expect(error).toBeNull();
    const seeded = data!.filter((s) => isSeeded('66666666-')(s.id));
    expect(sorted(seeded.map((s) => s.id))).toEqual(sorted([17, 18].map(shipment)));
    // Only the seeded ones: other files' sea shipments to Makassar (made with no container) show too.
    for (const s of seeded) expect((s.containers as unknown[]).length).toBe(1);
  });

  describe('anon', () => {
    it.each(TABLES)('reads nothing from %s', async (table) => {
      const { data, error } = await anonClient().from(table).select('*');
      // Refused outright (no privilege) or, at the very least, empty.
      if (error) expect(error.code).toBe('42501');
      else expect(data).toEqual([]);
    });

    it('cannot call the status or hub procedures', async () => {
      const anon = anonClient();
      for (const fn of ['get_shipment_status_values', 'my_hub_id'] as const) {
        const { error } = await anon.rpc(fn);
        expect(error, fn).not.toBeNull();
      }
    });
  });
});
