// tests/support/demo.ts names the demo data's rows; supabase/seed.sql inserts them. Read as
// text, the seed must hold every id and e-mail of demo.ts on the row of the right name (the
// hub id on the row of 'Hub Karawang', the user id on the row of its e-mail), and no seeded
// row of those tables may be missing from demo.ts: a seed change that breaks the tests'
// fixtures fails here, by name, instead of as an empty screen in an e2e test.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  HUB,
  SEA_VENDOR,
  seedId,
  TRUCK_TYPE,
  TRUCK_VENDOR,
  USER_ID,
  VEHICLE_TYPE,
  VENDOR,
  WAREHOUSE,
} from '../support/demo';

const SEED = readFileSync(new URL('../../supabase/seed.sql', import.meta.url), 'utf8');
const LINES = SEED.split('\n');

/**
 * The rows (lines of a values list) of a seed statement, as their quoted literals without the
 * quotes: the statement that inserts into `table` ('public.hubs', ...), or for 'demo' the users'
 * list (with demo (...) as (values ...)). Each statement runs to the line that ends with ';'
 * or, for the users' list, with '),'.
 */
function seedRows(table: string): string[][] {
  const header = table === 'demo' ? /^with demo\b/ : new RegExp(`^insert into ${table.replace('.', '\\.')} `);
  const first = LINES.findIndex((line) => header.test(line));
  expect(first, `the seed's statement for ${table}`).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  for (const line of LINES.slice(first + 1)) {
    if (/^\s*\('/.test(line)) rows.push([...line.matchAll(/'([^']*)'/g)].map((m) => m[1]!));
    if (/;\s*$/.test(line) || /^\),?$/.test(line)) break;
  }
  return rows;
}

/** The values of the one row of `table` whose first value is `id` (undefined if there is none). */
function seedRow(table: string, id: string): string[] | undefined {
  const rows = seedRows(table).filter((values) => values[0] === id);
  expect(rows.length, `rows of ${table} for ${id}`).toBeLessThanOrEqual(1);
  return rows[0];
}

const HUB_NAMES: Record<keyof typeof HUB, string> = {
  karawang: 'Hub Karawang',
  cikarang: 'Hub Cikarang',
  poljak: 'Hub PolJak',
  polsub: 'Hub PolSub',
  makassar: 'POD Makassar',
};
const WAREHOUSE_NAMES: Record<keyof typeof WAREHOUSE, string> = {
  karawang: 'Gudang Karawang',
  cikarang: 'Gudang Cikarang',
  poljak: 'Gudang PolJak',
  polsub: 'Gudang PolSub',
  makassar: 'Gudang Makassar',
};
const VEHICLE_TYPE_NAMES: Record<keyof typeof VEHICLE_TYPE, string> = {
  trukFuso: 'Truk Fuso',
  trukGandeng: 'Truk Gandeng',
  trukTronton: 'Truk Tronton',
  trukWingbox: 'Truk Wingbox',
};
const USER_ROLES: Record<keyof typeof USER_ID, string> = {
  admin: 'admin',
  tower: 'tower_control',
  karawang: 'hub_user',
  cikarang: 'hub_user',
  poljak: 'hub_user',
  polsub: 'hub_user',
  makassar: 'hub_user',
};

describe('demo.ts against supabase/seed.sql', () => {
  it.each(Object.entries(HUB))('hub %s is seeded by its id with its name', (key, id) => {
    expect(seedRow('public.hubs', id)?.slice(0, 2)).toEqual([id, HUB_NAMES[key as keyof typeof HUB]]);
  });

  it.each(Object.entries(WAREHOUSE))(
    'warehouse %s is seeded by its id with its name, at its hub',
    (key, id) => {
      const hub = HUB[key as keyof typeof WAREHOUSE];
      // id, name, location, hub_id
      expect(seedRow('public.warehouses', id)?.slice(0, 4)).toEqual([
        id,
        WAREHOUSE_NAMES[key as keyof typeof WAREHOUSE],
        expect.any(String),
        hub,
      ]);
    },
  );

  it.each(Object.entries(VENDOR))('vendor %s is seeded by its id with its name', (_key, vendor) => {
    expect(seedRow('public.vendors', vendor.id)?.slice(0, 2)).toEqual([vendor.id, vendor.name]);
  });

  it('the truck vendor runs seeded trucks, the sea vendor seeded sea fleet', () => {
    expect(TRUCK_VENDOR).toBe(VENDOR.sinarLogistik);
    expect(SEA_VENDOR).toBe(VENDOR.samuderaBahari);
    // The seed's vehicle rows: n, plate, type n, vendor n, driver, phone, ship, line, ...
    expect(SEED).toMatch(/^\s*\( *\d+, '[^']+', +1, +1, '[^']+', +'[^']+', null, null, /m);
    expect(SEED).toMatch(/^\s*\( *\d+, '[^']+', null, 3, null, null, 'KM [^']+', +'[^']+', /m);
  });

  it.each(Object.entries(VEHICLE_TYPE))('vehicle type %s is seeded by its id with its name', (key, id) => {
    expect(seedRow('public.vehicle_types', id)?.slice(0, 2)).toEqual([
      id,
      VEHICLE_TYPE_NAMES[key as keyof typeof VEHICLE_TYPE],
    ]);
  });

  it('the truck type is Truk Fuso, the default the seed puts first', () => {
    expect(TRUCK_TYPE).toBe(VEHICLE_TYPE.trukFuso);
  });

  it.each(Object.entries(USER_ID))('user %s is seeded by its id with its e-mail, role and hub', (key, id) => {
    const name = key as keyof typeof USER_ID;
    // A hub user's hub: the hub of its name.
    const hub = USER_ROLES[name] === 'hub_user' ? [HUB[name as keyof typeof HUB]] : [];
    expect(seedRow('demo', id)).toEqual([id, DEMO_USERS[name], expect.any(String), USER_ROLES[name], ...hub]);
  });

  it('names every user of DEMO_USERS by id and the other way round', () => {
    expect(Object.keys(USER_ID).sort()).toEqual(Object.keys(DEMO_USERS).sort());
  });

  it('the password is the one the seed hashes for every demo user', () => {
    expect([...SEED.matchAll(/crypt\('([^']*)'/g)].map((m) => m[1])).toEqual([DEMO_PASSWORD]);
  });

  it.each([
    ['public.hubs', Object.values(HUB)],
    ['public.warehouses', Object.values(WAREHOUSE)],
    ['public.vendors', Object.values(VENDOR).map((v) => v.id)],
    ['public.vehicle_types', Object.values(VEHICLE_TYPE)],
    ['demo', Object.values(USER_ID)],
  ])('names every seeded row of %s', (table, named) => {
    expect(
      seedRows(table)
        .map((values) => values[0])
        .sort(),
    ).toEqual([...named].sort());
  });

  it('numbers rows as the seed does', () => {
    expect(Object.values(HUB)).toEqual([1, 2, 3, 4, 5].map(seedId.hub));
    expect(Object.values(WAREHOUSE)).toEqual([1, 2, 3, 4, 5].map(seedId.warehouse));
    expect(Object.values(VENDOR).map((v) => v.id)).toEqual([1, 2, 3, 4, 5].map(seedId.vendor));
    expect(Object.values(VEHICLE_TYPE)).toEqual([1, 2, 3, 4].map(seedId.vehicleType));
    expect(Object.values(USER_ID)).toEqual([1, 2, 3, 4, 5, 6, 7].map(seedId.user));
    // Vehicles and shipments are made from their numbers in the seed itself.
    expect(SEED).toContain(`('55555555-0000-4000-8000-' || lpad(v.n::text, 12, '0'))::uuid`);
    expect(SEED).toContain(`('66666666-0000-4000-8000-' || lpad(s.n::text, 12, '0'))::uuid`);
    expect(seedId.vehicle(21)).toBe('55555555-0000-4000-8000-000000000021');
    expect(seedId.shipment(8)).toBe('66666666-0000-4000-8000-000000000008');
  });
});
