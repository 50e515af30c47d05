// Shared by tests/integration/commands-*.test.ts and prediction-parity.test.ts:
// demo users sending commands through apply_commands over real HTTP, and the
// owner's SQL connection to look at what they did. Every test makes its own
// rows (random plates and names), so the files do not depend on each other.
// The demo rows they name: tests/support/demo.ts.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { expect } from 'vitest';
import { ownerSql, signedIn } from '../support/clients';
import { DEMO_USERS, SEA_VENDOR, TRUCK_TYPE, TRUCK_VENDOR, USER_ID, type DemoUser } from '../support/demo';

export interface Outcome {
  id: string;
  outcome: 'applied' | 'rejected';
  code: string | null;
  message: string | null;
}

export interface Envelope {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  issued_at: string;
  actor: string;
}

export class User {
  constructor(
    readonly name: DemoUser,
    readonly email: string,
    readonly id: string,
    readonly client: SupabaseClient,
  ) {}

  /** A command as the device makes it: its own id, the time the user acted, the actor. */
  command(type: string, payload: Record<string, unknown>, extra: Partial<Envelope> = {}): Envelope {
    return { id: randomUUID(), type, payload, issued_at: new Date().toISOString(), actor: this.id, ...extra };
  }

  async send(commands: Envelope[]): Promise<Outcome[]> {
    const { data, error } = await this.client.rpc('apply_commands', { commands });
    if (error) throw new Error(`apply_commands failed: ${error.message}`);
    return (data as { results: Outcome[] }).results;
  }

  async run(type: string, payload: Record<string, unknown>): Promise<Outcome & { command: Envelope }> {
    const command = this.command(type, payload);
    const [outcome] = await this.send([command]);
    return { ...outcome!, command };
  }

  /** Runs a command that must apply. */
  async ok(type: string, payload: Record<string, unknown>): Promise<Envelope> {
    const result = await this.run(type, payload);
    if (result.outcome !== 'applied') {
      throw new Error(`${type} as ${this.name} was rejected: ${result.code}: ${result.message}`);
    }
    return result.command;
  }
}

const users = new Map<DemoUser, Promise<User>>();

export function as(name: DemoUser): Promise<User> {
  let user = users.get(name);
  if (!user) {
    user = (async () => {
      const email = DEMO_USERS[name];
      const client = await signedIn(email);
      const { data } = await client.auth.getSession();
      return new User(name, email, data.session!.user.id, client);
    })();
    users.set(name, user);
  }
  return user;
}

let owner: Promise<pg.Client> | undefined;

/** The owner's connection (bypasses RLS), shared by a file; closed by closeDb(). */
export function db(): Promise<pg.Client> {
  owner ??= ownerSql();
  return owner;
}

const shipmentsMade = new Set<string>();

/** Shipments a file makes are removed when it ends (see closeDb). */
export function remember(...shipmentIds: string[]): void {
  for (const shipmentId of shipmentIds) shipmentsMade.add(shipmentId);
}

/**
 * Ends the file: removes the shipments it made, with their stock rows and
 * containers (other files read the hub tabs of the demo data and must not find
 * them), then closes the connection. Vehicles, vendors and manual stock stay:
 * they carry unique names and nobody counts them exactly.
 */
export async function closeDb(): Promise<void> {
  if (owner) {
    const sql = await owner;
    if (shipmentsMade.size) {
      const ids = [...shipmentsMade];
      await sql.query('delete from public.inventory where shipment_id = any($1::uuid[])', [ids]);
      await sql.query('delete from public.containers where shipment_id = any($1::uuid[])', [ids]);
      await sql.query('delete from public.shipments where id = any($1::uuid[])', [ids]);
      shipmentsMade.clear();
    }
    await sql.end();
  }
  owner = undefined;
}

export async function rowOf<T = Record<string, unknown>>(table: string, id: string): Promise<T | undefined> {
  const { rows } = await (await db()).query(`select * from public.${table} where id = $1`, [id]);
  return rows[0] as T | undefined;
}

/** Nothing of a refused shipping form is in the database: no shipment, no stock row, the truck as it was. */
export async function nothingWritten(p: { shipment_id: string; inventory_id: string; vehicle_id: string }) {
  expect(await rowOf('shipments', p.shipment_id)).toBeUndefined();
  expect(await rowOf('inventory', p.inventory_id)).toBeUndefined();
  expect(await rowOf('vehicles', p.vehicle_id)).toMatchObject({ ready: true, sedang_muat: false });
}

/**
 * The two ledger rows an unloading booked at `warehouseId` (its payload's inventory ids): the
 * TVs with the shipment's batch and id, the brackets.
 */
export async function expectBooked(
  payload: { smartboard_inventory_id: string; bracket_inventory_id: string },
  booked: { warehouseId: string; tv: number; bracket: number; batch: string; shipmentId: string },
): Promise<void> {
  expect(await rowOf('inventory', payload.smartboard_inventory_id)).toMatchObject({
    warehouse_id: booked.warehouseId,
    smartboard_quantity: booked.tv,
    bracket_quantity: 0,
    batch_number: booked.batch,
    shipment_id: booked.shipmentId,
  });
  expect(await rowOf('inventory', payload.bracket_inventory_id)).toMatchObject({
    warehouse_id: booked.warehouseId,
    smartboard_quantity: 0,
    bracket_quantity: booked.bracket,
  });
}

export async function rowsWhere<T = Record<string, unknown>>(
  sqlText: string,
  params: unknown[] = [],
): Promise<T[]> {
  const { rows } = await (await db()).query(sqlText, params);
  return rows as T[];
}

export const id = () => randomUUID();
export const tag = () => randomUUID().slice(0, 8);

/** A plate nobody else uses. */
export const plate = (prefix = 'T') => `${prefix} ${tag().toUpperCase()}`;

/**
 * A vehicle made directly by the owner for a test's own use (flags as given;
 * by default a truck that finished loading at the hub: ready).
 */
export async function makeVehicle(
  hubId: string | null,
  flags: Partial<{ ready: boolean; siap_muat: boolean; sedang_muat: boolean; is_active: boolean }> = {},
  sea = false,
): Promise<string> {
  const vehicleId = id();
  await (
    await db()
  ).query(
    `insert into public.vehicles (id, license_plate, vehicle_type_id, vendor_id, driver_name, nama_kapal, nama_pelayaran,
                                  current_hub_id, ready, siap_muat, sedang_muat, is_active)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      vehicleId,
      plate(sea ? 'TEST' : 'T'),
      sea ? null : TRUCK_TYPE,
      sea ? SEA_VENDOR.id : TRUCK_VENDOR.id,
      sea ? null : 'Sopir Uji',
      sea ? 'KM Uji' : null,
      sea ? 'Pelayaran Uji' : null,
      hubId,
      flags.ready ?? true,
      flags.siap_muat ?? false,
      flags.sedang_muat ?? false,
      flags.is_active ?? true,
    ],
  );
  return vehicleId;
}

/** A hub (and optionally its warehouse) made by the owner. */
export async function makeHub(
  name: string,
  city: string | null,
  type = 'hub',
  warehouse?: { name: string; location: string | null },
): Promise<{ hubId: string; warehouseId: string | null }> {
  const hubId = id();
  const sql = await db();
  await sql.query('insert into public.hubs (id, name, city, type) values ($1, $2, $3, $4)', [
    hubId,
    name,
    city,
    type,
  ]);
  let warehouseId: string | null = null;
  if (warehouse) {
    warehouseId = id();
    await sql.query('insert into public.warehouses (id, name, location, hub_id) values ($1, $2, $3, $4)', [
      warehouseId,
      warehouse.name,
      warehouse.location,
      hubId,
    ]);
  }
  return { hubId, warehouseId };
}

/** A new shipment's hub and id (remembered, to be removed after the file). */
function newShipmentAt(hubId: string): { hub_id: string; shipment_id: string } {
  const shipmentId = id();
  remember(shipmentId);
  return { hub_id: hubId, shipment_id: shipmentId };
}

/** The Karawang/Cikarang form's payload (the ids made as the device makes them). */
export function daratPayload(
  hubId: string,
  vehicleId: string,
  warehouseId: string,
  extra: Record<string, unknown> = {},
) {
  return {
    ...newShipmentAt(hubId),
    vehicle_id: vehicleId,
    destination_warehouse_id: warehouseId,
    // TEST-: other files count the demo shipments without these (data-model-profiles).
    batch_number: `TEST-${tag()}`,
    smartboard_quantity: 12,
    bracket_quantity: 7,
    inventory_id: id(),
    image_count: 2,
    ...extra,
  };
}

/** A PolJak or PolSub form's payload. */
export function seaPayload(
  form: 'poljak' | 'polsub',
  hubId: string,
  vehicleId: string,
  destinationHubId: string,
  extra: Record<string, unknown> = {},
) {
  return {
    ...newShipmentAt(hubId),
    container_id: id(),
    inventory_id: id(),
    vehicle_id: vehicleId,
    pelayaran: 'Meratus Line',
    nama_kapal: `KM Uji ${tag()}`,
    no_container: `MRTU ${tag()}`,
    etd: '2026-11-22',
    eta: '2026-11-29',
    destination_hub_id: destinationHubId,
    smartboard_quantity: 20,
    bracket_quantity: 10,
    image_count: 1,
    batch_number: `${form.toUpperCase()}-${Date.now()}`,
    ...extra,
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of jsonb answers, read by field name
export type Answer = any;
export type Query = (text: string, values?: unknown[]) => Promise<Answer[]>;

/** As the demo user `user`, in one repeatable-read snapshot: RLS narrows every read as for the device. */
export function asUser<T>(user: DemoUser, read: (q: Query) => Promise<T>): Promise<T> {
  return asUserId(USER_ID[user], read);
}

/** As the user `userId`, in one repeatable-read snapshot: RLS narrows every read as for the device. */
export async function asUserId<T>(userId: string, read: (q: Query) => Promise<T>): Promise<T> {
  const sql = await db();
  await sql.query('begin isolation level repeatable read');
  try {
    await sql.query('set local role authenticated');
    await sql.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: userId, role: 'authenticated' }),
    ]);
    return await read(async (text, values) => (await sql.query(text, values)).rows);
  } finally {
    await sql.query('rollback');
  }
}

/** The inventory rows a shipment booked: how many, and their sums. */
export async function stockOf(
  shipmentId: string,
): Promise<{ rows: number; smartboards: number; brackets: number }> {
  const [r] = await rowsWhere<{ rows: string; smartboards: string; brackets: string }>(
    `select count(*) as rows, coalesce(sum(smartboard_quantity), 0) as smartboards,
            coalesce(sum(bracket_quantity), 0) as brackets
     from public.inventory where shipment_id = $1`,
    [shipmentId],
  );
  return { rows: Number(r!.rows), smartboards: Number(r!.smartboards), brackets: Number(r!.brackets) };
}

/** The audit record of a command. */
export async function recorded(commandId: string) {
  const [r] = await rowsWhere<{
    outcome: string;
    code: string | null;
    message: string | null;
    entity_id: string | null;
  }>('select outcome, code, message, entity_id from public.commands where id = $1', [commandId]);
  return r;
}
