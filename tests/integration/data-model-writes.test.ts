// Issue 3 acceptance: one write path. Every role, admin included, and anon are
// refused a direct INSERT, UPDATE and DELETE on every table through PostgREST;
// writes go through the procedures (status procedures here, apply_commands
// later) and the service-role edge functions. The rows stay as they were.
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, ownerSql, signedIn } from '../support/clients';
import { DEMO_USERS, HUB, seedId, USER_ID, VEHICLE_TYPE, VENDOR, WAREHOUSE } from '../support/demo';

const { vehicle, shipment } = seedId;

interface TableCase {
  table: string;
  key: string;
  /** A seeded row the user could otherwise read (every role in the list reads it). */
  existing: () => Promise<string>;
  /** A valid new row: refused for lack of privilege, not for a constraint. */
  insert: Record<string, unknown>;
  update: Record<string, unknown>;
}

let owner: pg.Client;

async function firstId(sqlText: string): Promise<string> {
  const { rows } = await owner.query<{ id: string }>(sqlText);
  return rows[0]!.id;
}

const CASES: TableCase[] = [
  {
    table: 'hubs',
    key: 'id',
    existing: async () => HUB.karawang,
    insert: { name: 'Hub Bekasi', city: 'Bekasi', type: 'hub' },
    update: { name: 'Hub Karawang Baru' },
  },
  {
    table: 'warehouses',
    key: 'id',
    existing: async () => WAREHOUSE.karawang,
    insert: { name: 'Gudang Baru', location: 'Bekasi' },
    update: { location: 'Karawang Timur' },
  },
  {
    table: 'profiles',
    key: 'user_id',
    existing: async () => USER_ID.karawang,
    insert: { user_id: USER_ID.karawang, role: 'admin' },
    update: { role: 'admin', hub_id: null },
  },
  {
    table: 'shipment_statuses',
    key: 'key',
    existing: async () => 'otw_cikarang',
    insert: { key: 'otw_bekasi', label: 'OTW Bekasi', color: 'primary' },
    update: { label: 'Menuju Cikarang' },
  },
  {
    table: 'vendors',
    key: 'id',
    existing: async () => VENDOR.sinarLogistik.id,
    insert: { name: 'PT Vendor Baru' },
    update: { phone: '0800-000-000' },
  },
  {
    table: 'vehicle_types',
    key: 'id',
    existing: async () => VEHICLE_TYPE.trukFuso,
    insert: { name: 'Pickup' },
    update: { name: 'Truk Fuso Baru' },
  },
  {
    table: 'vehicles',
    key: 'id',
    existing: async () => vehicle(10),
    insert: {
      license_plate: 'T 1111 ZZ',
      vendor_id: VENDOR.sinarLogistik.id,
      vehicle_type_id: VEHICLE_TYPE.trukFuso,
      driver_name: 'Test',
    },
    update: { siap_muat: false, sedang_muat: true },
  },
  {
    table: 'shipments',
    key: 'id',
    existing: async () => shipment(8),
    insert: {
      batch_number: 'KRW-X',
      vehicle_id: vehicle(15),
      origin_hub_id: HUB.karawang,
      destination_hub_id: HUB.cikarang,
      status: 'otw_cikarang',
    },
    update: { status: 'selesai', selesai_bongkar: true },
  },
  {
    table: 'containers',
    key: 'id',
    existing: () => firstId(`select id from public.containers where shipment_id = '${shipment(17)}'`),
    insert: { container_number: 'TEST 000000 0', shipment_id: shipment(17) },
    update: { vessel_name: 'KM Lain' },
  },
  {
    table: 'inventory',
    key: 'id',
    existing: () =>
      firstId(
        `select id from public.inventory where warehouse_id = '${WAREHOUSE.karawang}' and shipment_id is null limit 1`,
      ),
    insert: {
      warehouse_id: WAREHOUSE.karawang,
      date_recorded: '2026-01-01',
      smartboard_quantity: 5,
      bracket_quantity: 5,
    },
    update: { smartboard_quantity: 999 },
  },
];

// Writes are refused whatever the row; the roles include one that reads each
// seeded row used here (admin, tower, Karawang for its own rows, PolJak for
// the container of shipment 17) so the refusal is not about visibility.
const ROLES = [DEMO_USERS.admin, DEMO_USERS.tower, DEMO_USERS.karawang, DEMO_USERS.poljak, 'anon'] as const;

async function snapshot(table: string, key: string, value: string): Promise<string> {
  const { rows } = await owner.query(
    `select to_jsonb(t) - 'change_xid' as row from public.${table} t where ${key} = $1`,
    [value],
  );
  return JSON.stringify(rows[0]?.row ?? null);
}

async function count(table: string): Promise<number> {
  const { rows } = await owner.query<{ n: string }>(`select count(*) as n from public.${table}`);
  return Number(rows[0]!.n);
}

function expectRefused(error: { code?: string; message: string } | null, what: string) {
  expect(error, `${what} should be refused`).not.toBeNull();
  // permission denied for table ... (PostgREST answers 401 for anon, 403 for a user)
  expect(error!.code, `${what}: ${error!.message}`).toBe('42501');
}

describe('direct writes through PostgREST are refused for every role', () => {
  const clients = new Map<string, SupabaseClient>();

  beforeAll(async () => {
    owner = await ownerSql();
    for (const role of ROLES) clients.set(role, role === 'anon' ? anonClient() : await signedIn(role));
  });

  afterAll(async () => {
    for (const [role, client] of clients) if (role !== 'anon') await client.auth.signOut();
    await owner.end();
  });

  describe.each(ROLES)('%s', (role) => {
    it.each(CASES)(
      'cannot insert, update or delete $table',
      async ({ table, key, existing, insert, update }) => {
        const client = clients.get(role)!;
        const id = await existing();
        const before = await snapshot(table, key, id);
        const rowsBefore = await count(table);

        const inserted = await client.from(table).insert(insert).select();
        expectRefused(inserted.error, `${role} insert into ${table}`);

        const updated = await client.from(table).update(update).eq(key, id).select();
        expectRefused(updated.error, `${role} update of ${table}`);

        const deleted = await client.from(table).delete().eq(key, id).select();
        expectRefused(deleted.error, `${role} delete from ${table}`);

        // upsert is an insert ... on conflict do update: refused as well
        const upserted = await client
          .from(table)
          .upsert({ [key]: id, ...update })
          .select();
        expectRefused(upserted.error, `${role} upsert into ${table}`);

        expect(await snapshot(table, key, id)).toBe(before);
        expect(await count(table)).toBe(rowsBefore);
      },
    );
  });
});
