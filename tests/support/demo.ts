// The demo data's rows by name, as supabase/seed.sql inserts them (its header lists the id
// scheme). Tests name demo rows from here, never by a literal id or e-mail;
// tests/unit/demo-fixtures.test.ts reads seed.sql and fails when a seed change leaves one behind.
// No imports: unit tests, the stack's tests, the soak and the bench all use it.

/** Every demo user's password. */
export const DEMO_PASSWORD = 'demo1234';

/** The hubs (seed: 1 Karawang, 2 Cikarang, 3 PolJak, 4 PolSub, 5 POD Makassar). */
export const HUB = {
  karawang: '11111111-0000-4000-8000-000000000001',
  cikarang: '11111111-0000-4000-8000-000000000002',
  poljak: '11111111-0000-4000-8000-000000000003',
  polsub: '11111111-0000-4000-8000-000000000004',
  makassar: '11111111-0000-4000-8000-000000000005',
} as const;

/** Each hub's warehouse (Gudang Karawang ... Gudang Makassar), numbered as the hubs. */
export const WAREHOUSE = {
  karawang: '22222222-0000-4000-8000-000000000001',
  cikarang: '22222222-0000-4000-8000-000000000002',
  poljak: '22222222-0000-4000-8000-000000000003',
  polsub: '22222222-0000-4000-8000-000000000004',
  makassar: '22222222-0000-4000-8000-000000000005',
} as const;

/** The vendors, with the names the screens show. */
export const VENDOR = {
  sinarLogistik: { id: '33333333-0000-4000-8000-000000000001', name: 'PT Sinar Logistik Nusantara' },
  majuJaya: { id: '33333333-0000-4000-8000-000000000002', name: 'CV Maju Jaya Transport' },
  samuderaBahari: { id: '33333333-0000-4000-8000-000000000003', name: 'PT Samudera Bahari Lines' },
  nusantaraTimur: { id: '33333333-0000-4000-8000-000000000004', name: 'PT Pelayaran Nusantara Timur' },
  cikarangEkspres: { id: '33333333-0000-4000-8000-000000000005', name: 'PT Cikarang Ekspres Mandiri' },
} as const;

/** The vendor the tests' own trucks belong to, and the one of their sea fleet. */
export const TRUCK_VENDOR = VENDOR.sinarLogistik;
export const SEA_VENDOR = VENDOR.samuderaBahari;

/** The vehicle types. */
export const VEHICLE_TYPE = {
  trukFuso: '44444444-0000-4000-8000-000000000001',
  trukGandeng: '44444444-0000-4000-8000-000000000002',
  trukTronton: '44444444-0000-4000-8000-000000000003',
  trukWingbox: '44444444-0000-4000-8000-000000000004',
} as const;

/** Truk Fuso: the type the forms offer first (spec 9), the tests' own trucks' type. */
export const TRUCK_TYPE = VEHICLE_TYPE.trukFuso;

/** The demo users' e-mails; a hub user is named after its hub. */
export const DEMO_USERS = {
  admin: 'admin@demo.local',
  tower: 'tower@demo.local',
  karawang: 'karawang@demo.local',
  cikarang: 'cikarang@demo.local',
  poljak: 'poljak@demo.local',
  polsub: 'polsub@demo.local',
  makassar: 'makassar@demo.local',
} as const;

export type DemoUser = keyof typeof DEMO_USERS;

/** The demo users' ids (auth.users and profiles), by the same names. */
export const USER_ID = {
  admin: 'aaaaaaaa-0000-4000-8000-000000000001',
  tower: 'aaaaaaaa-0000-4000-8000-000000000002',
  karawang: 'aaaaaaaa-0000-4000-8000-000000000003',
  cikarang: 'aaaaaaaa-0000-4000-8000-000000000004',
  poljak: 'aaaaaaaa-0000-4000-8000-000000000005',
  polsub: 'aaaaaaaa-0000-4000-8000-000000000006',
  makassar: 'aaaaaaaa-0000-4000-8000-000000000007',
} as const satisfies Record<DemoUser, string>;

const numbered = (prefix: string) => (n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * A seeded row's id by its number in seed.sql, for tests that speak of the seed's numbered
 * rows (hubs, warehouses and users as in the names above; vendors 1-5; vehicle types 1-4;
 * vehicles 1-18 trucks, 21-30 sea fleet; shipments 1-20, listed in the seed with their routes).
 */
export const seedId = {
  hub: numbered('11111111'),
  warehouse: numbered('22222222'),
  vendor: numbered('33333333'),
  vehicleType: numbered('44444444'),
  vehicle: numbered('55555555'),
  shipment: numbered('66666666'),
  user: numbered('aaaaaaaa'),
} as const;
