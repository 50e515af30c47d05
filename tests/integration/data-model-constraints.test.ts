// Issue 3 acceptance: the database itself holds the spec's rules. Each
// constraint is tried over a direct SQL connection as the owner (no RLS, no
// PostgREST: nothing but the schema stands in the way) and must be refused with
// a clear error naming the rule; the allowed neighbour of each case passes.
// Every case runs in a transaction that is rolled back, so the shared demo
// data is untouched.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerSql } from '../support/clients';
import { HUB, seedId, TRUCK_TYPE, USER_ID, VENDOR, WAREHOUSE } from '../support/demo';

const { vehicle, shipment } = seedId;

let sql: pg.Client;

interface DbError extends Error {
  code?: string;
  constraint?: string;
}

/** Runs statements in a transaction that is always rolled back; returns the error of the last one, if any. */
async function attempt(...statements: [string, unknown[]?][]): Promise<DbError | null> {
  await sql.query('begin');
  try {
    for (const [text, params] of statements) await sql.query(text, params);
    return null;
  } catch (error) {
    return error as DbError;
  } finally {
    await sql.query('rollback');
  }
}

async function expectRefused(
  expected: { code: string | string[]; constraint?: string; message?: RegExp },
  ...statements: [string, unknown[]?][]
) {
  const error = await attempt(...statements);
  expect(error, 'the database should refuse this').not.toBeNull();
  expect([expected.code].flat(), error!.message).toContain(error!.code);
  if (expected.constraint) expect(error!.constraint, error!.message).toBe(expected.constraint);
  if (expected.message) expect(error!.message).toMatch(expected.message);
}

async function expectAccepted(...statements: [string, unknown[]?][]) {
  const error = await attempt(...statements);
  expect(error?.message ?? null).toBeNull();
}

const CHECK = '23514';
const UNIQUE = '23505';
const FOREIGN_KEY = '23503';
// ON DELETE RESTRICT: PostgreSQL 17 (PGlite) reports restrict_violation (23001),
// earlier servers foreign_key_violation (23503); both name the foreign key.
const RESTRICT = ['23001', '23503'];

const insertInventory = `insert into public.inventory (warehouse_id, smartboard_quantity, bracket_quantity, shipment_id)
  values ($1, $2, $3, $4)`;
const insertShipment = `insert into public.shipments
  (batch_number, vehicle_id, origin_hub_id, destination_hub_id, status, smartboard_quantity, bracket_quantity)
  values ($1, $2, $3, $4, $5, $6, $7)`;

beforeAll(async () => {
  sql = await ownerSql();
});

afterAll(async () => {
  await sql.end();
});

describe('quantities', () => {
  it('are integers', async () => {
    await expectRefused({ code: '22P02', message: /integer/ }, [
      insertInventory,
      [WAREHOUSE.karawang, '1.5', 0, null],
    ]);
    await expectRefused({ code: '22P02', message: /integer/ }, [
      insertShipment,
      ['B-1', vehicle(15), HUB.karawang, HUB.cikarang, 'otw_cikarang', 'sepuluh', 0],
    ]);
  });

  it('of a shipment are never negative', async () => {
    await expectRefused({ code: CHECK, constraint: 'shipments_smartboard_quantity_not_negative' }, [
      insertShipment,
      ['B-1', vehicle(15), HUB.karawang, HUB.cikarang, 'otw_cikarang', -1, 0],
    ]);
    await expectRefused({ code: CHECK, constraint: 'shipments_bracket_quantity_not_negative' }, [
      insertShipment,
      ['B-1', vehicle(15), HUB.karawang, HUB.cikarang, 'otw_cikarang', 0, -1],
    ]);
  });

  it('of an inventory row are negative only for an outgoing movement a shipment created', async () => {
    await expectRefused({ code: CHECK, constraint: 'inventory_negative_only_for_a_shipment' }, [
      insertInventory,
      [WAREHOUSE.karawang, -5, 0, null],
    ]);
    await expectRefused({ code: CHECK, constraint: 'inventory_negative_only_for_a_shipment' }, [
      insertInventory,
      [WAREHOUSE.karawang, 0, -5, null],
    ]);
    await expectAccepted([insertInventory, [WAREHOUSE.karawang, -5, -5, shipment(8)]]);
    await expectAccepted([insertInventory, [WAREHOUSE.karawang, 10, 0, null]]);
  });

  it('of an inventory row go one way: in or out, not both', async () => {
    await expectRefused({ code: CHECK, constraint: 'inventory_one_direction' }, [
      insertInventory,
      [WAREHOUSE.karawang, 5, -5, shipment(8)],
    ]);
  });
});

describe('names', () => {
  it('of a warehouse are 1 to 100 characters after trimming', async () => {
    const insert = 'insert into public.warehouses (name, hub_id) values ($1, $2)';
    await expectRefused({ code: CHECK, constraint: 'warehouses_name_length' }, [
      insert,
      ['   ', HUB.karawang],
    ]);
    await expectRefused({ code: CHECK, constraint: 'warehouses_name_length' }, [
      insert,
      ['G'.repeat(101), HUB.karawang],
    ]);
    await expectAccepted([insert, [`  ${'G'.repeat(100)}  `, HUB.karawang]]);
    await expectAccepted([insert, ['G', null]]);
  });

  it.each([
    ['hubs', 'insert into public.hubs (name) values ($1)', 'hubs_name_not_blank'],
    ['vendors', 'insert into public.vendors (name) values ($1)', 'vendors_name_not_blank'],
    ['vehicle_types', 'insert into public.vehicle_types (name) values ($1)', 'vehicle_types_name_not_blank'],
    [
      'vehicles',
      `insert into public.vehicles (license_plate, vendor_id) values ($1, '${VENDOR.sinarLogistik.id}')`,
      'vehicles_license_plate_not_blank',
    ],
    [
      'shipments',
      `insert into public.shipments (batch_number, vehicle_id, origin_hub_id, destination_hub_id, status)
      values ($1, '${vehicle(15)}', '${HUB.karawang}', '${HUB.cikarang}', 'otw_cikarang')`,
      'shipments_batch_number_not_blank',
    ],
    [
      'containers',
      `insert into public.containers (container_number, shipment_id) values ($1, '${shipment(17)}')`,
      'containers_container_number_not_blank',
    ],
    [
      'shipment_statuses',
      `insert into public.shipment_statuses (key, label) values ('otw_bekasi', $1)`,
      'shipment_statuses_label_not_blank',
    ],
  ])('of %s are not blank', async (_table, insert, constraint) => {
    await expectRefused({ code: CHECK, constraint }, [insert, ['  ']]);
    await expectRefused({ code: CHECK, constraint }, [insert, ['']]);
  });

  it('of live hubs, vendors and vehicle types are unique, ignoring case and spaces around', async () => {
    await expectRefused({ code: UNIQUE, constraint: 'hubs_name_unique_live' }, [
      'insert into public.hubs (name) values ($1)',
      [' hub karawang '],
    ]);
    await expectRefused({ code: UNIQUE, constraint: 'vendors_name_unique_live' }, [
      'insert into public.vendors (name) values ($1)',
      ['pt sinar logistik nusantara'],
    ]);
    await expectRefused({ code: UNIQUE, constraint: 'vehicle_types_name_unique_live' }, [
      'insert into public.vehicle_types (name) values ($1)',
      ['TRUK FUSO'],
    ]);
    // a soft-deleted one frees its name
    await expectAccepted(
      [`update public.vendors set deleted = true where id = $1`, [VENDOR.sinarLogistik.id]],
      ['insert into public.vendors (name) values ($1)', [VENDOR.sinarLogistik.name]],
    );
  });
});

describe('hubs and profiles', () => {
  it('hub type is karawang, cikarang, poljak, polsub, pod or hub', async () => {
    const insert = 'insert into public.hubs (name, type) values ($1, $2)';
    await expectRefused({ code: CHECK, constraint: 'hubs_type_known' }, [insert, ['Hub Bekasi', 'gudang']]);
    for (const type of ['karawang', 'cikarang', 'poljak', 'polsub', 'pod', 'hub']) {
      await expectAccepted([insert, [`Hub Uji ${type}`, type]]);
    }
    await expectAccepted(['insert into public.hubs (name) values ($1)', ['Hub Uji Default']]);
    const { rows } = await sql.query(`select column_default from information_schema.columns
      where table_schema = 'public' and table_name = 'hubs' and column_name = 'type'`);
    expect(rows[0].column_default).toMatch(/'hub'/);
  });

  it('role is admin, tower_control or hub_user', async () => {
    await expectRefused({ code: CHECK, constraint: 'profiles_role_known' }, [
      'update public.profiles set role = $1, hub_id = null where user_id = $2',
      ['superuser', USER_ID.admin],
    ]);
  });

  it('a hub_user profile has a hub', async () => {
    await expectRefused(
      { code: CHECK, constraint: 'profiles_hub_user_needs_hub', message: /hub_user profile must have a hub/ },
      ['update public.profiles set hub_id = null where user_id = $1', [USER_ID.karawang]],
    );
    await expectRefused({ code: CHECK, constraint: 'profiles_hub_user_needs_hub' }, [
      `update public.profiles set role = 'hub_user' where user_id = $1`,
      [USER_ID.tower],
    ]);
    await expectRefused({ code: CHECK, constraint: 'profiles_hub_user_needs_hub' }, [
      `insert into public.profiles (email, role) values ('x@demo.local', 'hub_user')`,
    ]);
  });

  it('an admin (and tower_control) has no hub', async () => {
    await expectRefused({ code: CHECK, constraint: 'profiles_only_hub_users_have_a_hub' }, [
      'update public.profiles set hub_id = $1 where user_id = $2',
      [HUB.karawang, USER_ID.admin],
    ]);
    await expectRefused({ code: CHECK, constraint: 'profiles_only_hub_users_have_a_hub' }, [
      'update public.profiles set hub_id = $1 where user_id = $2',
      [HUB.karawang, USER_ID.tower],
    ]);
    // making a hub user an admin means clearing the hub in the same write
    await expectRefused({ code: CHECK, constraint: 'profiles_only_hub_users_have_a_hub' }, [
      `update public.profiles set role = 'admin' where user_id = $1`,
      [USER_ID.karawang],
    ]);
    await expectAccepted([
      `update public.profiles set role = 'admin', hub_id = null where user_id = $1`,
      [USER_ID.karawang],
    ]);
  });
});

describe('vehicles', () => {
  const insert = `insert into public.vehicles (license_plate, vendor_id, is_active) values ($1, '${VENDOR.majuJaya.id}', $2)`;

  it('license plates are unique among active vehicles, ignoring case and spaces', async () => {
    // vehicle 1 is 'T 8123 KA'
    await expectRefused({ code: UNIQUE, constraint: 'vehicles_license_plate_unique_active' }, [
      insert,
      ['t8123ka', true],
    ]);
    await expectRefused({ code: UNIQUE, constraint: 'vehicles_license_plate_unique_active' }, [
      insert,
      ['T  8123  KA', true],
    ]);
    // an inactive vehicle does not hold its plate
    await expectAccepted([insert, ['T 8123 KA', false]]);
    await expectAccepted(
      ['update public.vehicles set is_active = false where id = $1', [vehicle(1)]],
      [insert, ['T 8123 KA', true]],
    );
  });

  it('are in at most one queue state (ready, siap_muat, sedang_muat)', async () => {
    await expectRefused(
      { code: CHECK, constraint: 'vehicles_one_queue_state' },
      // Other test files move vehicles around: make this one ready first (rolled back).
      [
        'update public.vehicles set ready = true, siap_muat = false, sedang_muat = false where id = $1',
        [vehicle(15)],
      ],
      ['update public.vehicles set siap_muat = true where id = $1', [vehicle(15)]],
    );
    await expectRefused({ code: CHECK, constraint: 'vehicles_one_queue_state' }, [
      'update public.vehicles set sedang_muat = true where id = $1',
      [vehicle(10)], // vehicle 10 is siap_muat
    ]);
    await expectAccepted([
      'update public.vehicles set siap_muat = false, sedang_muat = true where id = $1',
      [vehicle(10)],
    ]);
  });

  it('need a vendor', async () => {
    await expectRefused({ code: '23502' }, [
      'insert into public.vehicles (license_plate) values ($1)',
      ['T 2222 ZZ'],
    ]);
  });
});

describe('shipments', () => {
  it('have a status from shipment_statuses', async () => {
    await expectRefused({ code: FOREIGN_KEY, constraint: 'shipments_status_fkey' }, [
      insertShipment,
      ['B-1', vehicle(15), HUB.karawang, HUB.cikarang, 'otw_bekasi', 1, 1],
    ]);
  });

  it('go from one hub to another', async () => {
    await expectRefused({ code: CHECK, constraint: 'shipments_goes_somewhere_else' }, [
      insertShipment,
      ['B-1', vehicle(15), HUB.karawang, HUB.karawang, 'otw_cikarang', 1, 1],
    ]);
  });

  it('accept a uuid made on the device', async () => {
    const id = '0f0e0d0c-0b0a-4909-8807-060504030201';
    await sql.query('begin');
    try {
      await sql.query(
        `insert into public.shipments (id, batch_number, vehicle_id, origin_hub_id, destination_hub_id, status)
         values ($1, 'KRW-DEVICE', $2, $3, $4, 'otw_cikarang')`,
        [id, vehicle(15), HUB.karawang, HUB.cikarang],
      );
      const { rows } = await sql.query('select batch_number from public.shipments where id = $1', [id]);
      expect(rows[0].batch_number).toBe('KRW-DEVICE');
    } finally {
      await sql.query('rollback');
    }
  });
});

describe('shipment statuses', () => {
  it('keys are lower case words joined by underscores; colors are the badge colors', async () => {
    const insert = 'insert into public.shipment_statuses (key, label, color) values ($1, $2, $3)';
    await expectRefused({ code: CHECK, constraint: 'shipment_statuses_key_format' }, [
      insert,
      ['OTW Bekasi', 'OTW Bekasi', 'info'],
    ]);
    await expectRefused({ code: CHECK, constraint: 'shipment_statuses_color_known' }, [
      insert,
      ['otw_bekasi', 'OTW Bekasi', 'purple'],
    ]);
    await expectAccepted([insert, ['otw_bekasi', 'OTW Bekasi', 'primary']]);
  });

  it('in use cannot be hard-deleted', async () => {
    await expectRefused({ code: RESTRICT, constraint: 'shipments_status_fkey' }, [
      `delete from public.shipment_statuses where key = 'otw_cikarang'`,
    ]);
  });
});

describe('deletes: a referenced row cannot be hard-deleted; soft delete is the normal path', () => {
  // [what, the table and the id of the row deleted, the foreign key that refuses it]
  it.each([
    ['a vendor with vehicles', 'vendors', VENDOR.sinarLogistik.id, 'vehicles_vendor_id_fkey'],
    ['a hub with warehouses', 'hubs', HUB.cikarang, 'warehouses_hub_id_fkey'],
    ['a warehouse with inventory', 'warehouses', WAREHOUSE.karawang, 'inventory_warehouse_id_fkey'],
    ['a vehicle with shipments', 'vehicles', vehicle(15), 'shipments_vehicle_id_fkey'],
    ['a shipment with containers', 'shipments', shipment(17), 'containers_shipment_id_fkey'],
    ['a vehicle type in use', 'vehicle_types', TRUCK_TYPE, 'vehicles_vehicle_type_id_fkey'],
  ])('%s is refused by the foreign key', async (_what, table, id, constraint) => {
    await expectRefused({ code: RESTRICT, constraint, message: /foreign key constraint/ }, [
      `delete from public.${table} where id = '${id}'`,
    ]);
  });

  it('soft-deleting a vendor with vehicles works, stamps updated_at and advances its pull position', async () => {
    const read = async () =>
      (
        await sql.query<{ deleted: boolean; updated_at: Date; change_xid: string }>(
          'select deleted, updated_at, change_xid::text from public.vendors where id = $1',
          [VENDOR.majuJaya.id],
        )
      ).rows[0]!;
    const before = await read();
    expect(before.deleted).toBe(false);

    // The hard delete is refused ...
    const refused = await attempt([`delete from public.vendors where id = $1`, [VENDOR.majuJaya.id]]);
    expect(RESTRICT).toContain(refused?.code);
    expect(refused?.constraint).toBe('vehicles_vendor_id_fkey');

    // ... the soft delete is a committed update. The writer's own updated_at is
    // ignored: the server clock stamps it.
    try {
      await sql.query(`update public.vendors set deleted = true, updated_at = '2000-01-01' where id = $1`, [
        VENDOR.majuJaya.id,
      ]);
      const after = await read();
      expect(after.deleted).toBe(true);
      expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
      expect(BigInt(after.change_xid)).toBeGreaterThan(BigInt(before.change_xid));

      // Pullable: committed, so below the xmin of any new snapshot.
      const { rows } = await sql.query(
        `select change_xid < pg_snapshot_xmin(pg_current_snapshot()) as pullable from public.vendors where id = $1`,
        [VENDOR.majuJaya.id],
      );
      expect(rows[0].pullable).toBe(true);

      // Its vehicles are still there and still reference it.
      const vehicles = await sql.query(
        'select count(*)::int as n from public.vehicles where vendor_id = $1',
        [VENDOR.majuJaya.id],
      );
      expect(vehicles.rows[0].n).toBeGreaterThan(0);
    } finally {
      await sql.query('update public.vendors set deleted = false where id = $1', [VENDOR.majuJaya.id]);
    }
  });

  it('a transaction stamps every row it writes with its own id, and created_at never changes', async () => {
    await sql.query('begin');
    try {
      const { rows: tx } = await sql.query<{ xid: string }>('select pg_current_xact_id()::text as xid');
      const { rows } = await sql.query<{ change_xid: string; created_at: Date; updated_at: Date; now: Date }>(
        `update public.hubs set city = city, created_at = '2000-01-01', change_xid = '1'
         where id = any($1) returning change_xid::text, created_at, updated_at, now() as now`,
        [[HUB.karawang, HUB.cikarang]],
      );
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row.change_xid).toBe(tx[0]!.xid);
        expect(row.updated_at.getTime()).toBe(row.now.getTime());
        expect(row.created_at.getFullYear()).not.toBe(2000);
      }
    } finally {
      await sql.query('rollback');
    }
  });
});
