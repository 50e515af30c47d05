// Shared by tests/integration/serials-*.test.ts (issue 42, TVs by serial number): a hub of the
// test's own that tracks serials, with a warehouse holding a known stock and a hub user of its
// own (signed up, then given the hub by the owner), fresh serials, and the rows a test reads.
// Every serial carries a random part, so a test asserts only on what it made. closeSerials()
// takes the test's units off their shipments (so closeDb can remove those) and their stock rows.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { anonClient } from '../support/clients';
import { HUB, WAREHOUSE, type DemoUser } from '../support/demo';
import {
  as,
  closeDb,
  daratPayload,
  db,
  id,
  makeHub,
  makeVehicle,
  rowsWhere,
  seaPayload,
  tag,
  User,
} from './commands-support';
import { receipt } from './handover-support';

const warehouses: string[] = [];
const serialsMade: string[] = [];

export interface TrackingHub {
  hubId: string;
  warehouseId: string;
  name: string;
}

/** A hub with a warehouse holding `smartboards` TVs and 50 brackets; tracking serials unless told. */
export async function trackingHub(smartboards = 50, tracking = true): Promise<TrackingHub> {
  const name = `Hub Seri ${tag()}`;
  const { hubId, warehouseId } = await makeHub(name, null, 'hub', {
    name: `Gudang Seri ${tag()}`,
    location: null,
  });
  warehouses.push(warehouseId!);
  await (
    await db()
  ).query(
    `insert into public.inventory (id, warehouse_id, date_recorded, smartboard_quantity, bracket_quantity, batch_number)
     values ($1, $2, current_date, $3, 50, $4)`,
    [id(), warehouseId, smartboards, `STOK-${tag()}`],
  );
  if (tracking)
    await (await as('admin')).ok('edit_hub', { hub_id: hubId, changes: { serial_tracking: true } });
  return { hubId, warehouseId: warehouseId!, name };
}

/** A hub user of `hubId`: signed up, then given the hub by the owner (as an admin does). */
export async function hubUserOf(hubId: string): Promise<User> {
  const client = anonClient();
  const email = `seri-${randomUUID()}@demo.local`;
  const { data, error } = await client.auth.signUp({ email, password: 'secret1' });
  if (error || !data.session) throw new Error(`sign-up failed: ${error?.message}`);
  await (
    await db()
  ).query(`update public.profiles set role = 'hub_user', hub_id = $2 where user_id = $1`, [
    data.user!.id,
    hubId,
  ]);
  return new User('karawang' as DemoUser, email, data.user!.id, client);
}

/** `n` fresh serials (remembered for the clean-up). */
export function serials(n: number): string[] {
  const run = tag().toUpperCase();
  const made = Array.from({ length: n }, (_, i) => `TV-${run}-${String(i + 1).padStart(3, '0')}`);
  serialsMade.push(...made);
  return made;
}

export const units = (list: string[]) => list.map((serial) => ({ unit_id: id(), serial }));

/** Registers `list` at the hub as `user` (must apply); answers the units sent. */
export async function registered(user: User, hubId: string, list: string[]) {
  const sent = units(list);
  await user.ok('register_serials', { hub_id: hubId, units: sent });
  return sent;
}

/** A tracking hub with a hub user of its own who registered `n` fresh serials there. */
export async function hubWithSerials(n: number) {
  const hub = await trackingHub();
  const user = await hubUserOf(hub.hubId);
  const list = serials(n);
  await registered(user, hub.hubId, list);
  return { hub, user, list };
}

export interface UnitRow {
  id: string;
  serial: string;
  state: string;
  hub_id: string | null;
  shipment_id: string | null;
}

/** The units of these serials, by serial. */
export async function unitsOf(list: string[]): Promise<UnitRow[]> {
  return rowsWhere<UnitRow>(
    'select id, serial, state, hub_id, shipment_id from public.tv_units where serial = any($1) order by serial',
    [list],
  );
}

export interface EventRow {
  serial: string;
  kind: string;
  hub_id: string | null;
  shipment_id: string | null;
  command_id: string | null;
  actor: string | null;
}

/** The events of these serials, oldest first. */
export async function eventsOf(list: string[]): Promise<EventRow[]> {
  return rowsWhere<EventRow>(
    `select serial, kind, hub_id, shipment_id, command_id, actor from public.tv_unit_events
     where serial = any($1) order by at, serial`,
    [list],
  );
}

/** A refusal by key: outcome, code, key and parameters. */
export function expectRefused(
  result: unknown,
  code: string,
  key: string,
  params: Record<string, unknown> = {},
): void {
  expect(result).toMatchObject({ outcome: 'rejected', code, key, params });
}

/** A truck that finished loading at the hub. */
export const truckAt = (hubId: string) => makeVehicle(hubId);

/** A darat form from the hub, on a truck of its own, carrying exactly these serials (and 1 bracket). */
export async function darat(hubId: string, list: string[], extra: Record<string, unknown> = {}) {
  return daratPayload(hubId, await truckAt(hubId), WAREHOUSE.cikarang, {
    smartboard_quantity: list.length,
    bracket_quantity: 1,
    tv_serials: list,
    ...extra,
  });
}

/**
 * A tracking hub's four registered serials loaded (in the order given: reversed by default) on
 * a truck to Cikarang with 1 bracket, arrived and being unloaded; and a fifth registered there,
 * not loaded.
 */
export async function loadedToCikarang(order: (list: string[]) => string[] = (l) => [...l].reverse()) {
  const { hub, user, list } = await hubWithSerials(5);
  const loaded = list.slice(0, 4);
  const p = await darat(hub.hubId, order(loaded));
  await user.ok('create_shipment_darat', p);
  const cikarang = await as('cikarang');
  const at = { hub_id: HUB.cikarang, shipment_id: p.shipment_id };
  await cikarang.ok('confirm_arrival', at);
  await cikarang.ok('start_unloading', at);
  return { hub, user, loaded, spare: list[4]!, shipmentId: p.shipment_id, batch: p.batch_number, cikarang };
}

/**
 * A tracking hub's `n` registered serials shipped by sea (by an admin, with 1 bracket) to POD
 * Makassar, arrived and being unloaded there.
 */
export async function loadedToMakassar(n: number) {
  const { hub, list } = await hubWithSerials(n);
  const p = seaPayload('poljak', hub.hubId, await truckAt(hub.hubId), HUB.makassar, {
    smartboard_quantity: n,
    bracket_quantity: 1,
    tv_serials: list,
  });
  await (await as('admin')).ok('create_shipment_poljak', p);
  const makassar = await as('makassar');
  await makassar.ok('pod_confirm_arrival', { shipment_id: p.shipment_id });
  await makassar.ok('pod_start_unloading', { shipment_id: p.shipment_id });
  return { hub, list, shipmentId: p.shipment_id, batch: p.batch_number, makassar };
}

/** A receipt by serial: TVs as scanned (counts from the lists), 1 bracket as sent. */
export const byScan = (received: string[], damaged: string[] = [], extra: Record<string, unknown> = {}) =>
  receipt({
    smartboard_received: received.length,
    smartboard_damaged: damaged.length,
    bracket_received: 1,
    ...extra,
    tv_serials: { received, damaged },
  });

export async function closeSerials(): Promise<void> {
  const sql = await db();
  if (serialsMade.length) {
    await sql.query(
      `update public.tv_units set state = 'missing', hub_id = null, shipment_id = null, deleted = true
       where serial = any($1)`,
      [serialsMade],
    );
  }
  if (warehouses.length) {
    await sql.query('delete from public.inventory where warehouse_id = any($1::uuid[])', [warehouses]);
  }
  serialsMade.length = 0;
  warehouses.length = 0;
  await closeDb();
}
