// Issue 39, messages by key: a refusal answers a code, a message key of the catalogue's
// `server` messages with its parameters, and the Indonesian sentence they make (the default
// for API users); a replay answers the same, and the audit trail keeps the key. One refusal of
// each command family, over HTTP through supabase-js as the demo users.
import { afterAll, describe, expect, it } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { id as catalogue } from '../../src/lib/i18n/id';
import { as, closeDb, daratPayload, db, id, makeVehicle, tag, type Outcome } from './commands-support';
import { HUB, WAREHOUSE } from '../support/demo';

afterAll(closeDb);

interface Keyed extends Outcome {
  key: string | null;
  params: Record<string, unknown> | null;
}

type Tree = { [name: string]: string | Tree };

function text(tree: Tree, key: string): string {
  const found = key
    .split('.')
    .reduce<string | Tree | undefined>((node, part) => (node as Tree | undefined)?.[part], tree);
  if (typeof found !== 'string') throw new Error(`no text for ${key}`);
  return found;
}

/** The sentence of a key with its parameters, as the catalogue gives it (nested keys too). */
function render(tree: Tree, key: string, params: Record<string, unknown> = {}): string {
  return Object.entries(params).reduce(
    (out, [name, value]) => {
      const shown =
        value && typeof value === 'object'
          ? render(
              tree,
              (value as { key: string }).key,
              (value as { params?: Record<string, unknown> }).params,
            )
          : String(value ?? '');
      return out.split(`{{${name}}}`).join(shown);
    },
    text(tree, key),
  );
}

const id_ = catalogue.server as unknown as Tree;
const en_ = en.server as unknown as Tree;

/** A rejected outcome whose sentence is its key's Indonesian text, and whose English exists. */
function expectKeyed(
  outcome: Outcome,
  code: string,
  key: string,
  params: Record<string, unknown> = {},
): string {
  const keyed = outcome as Keyed;
  expect(keyed).toMatchObject({ outcome: 'rejected', code, key });
  expect(keyed.params ?? {}).toEqual(params);
  expect(keyed.message).toBe(render(id_, key, params));
  const english = render(en_, key, params);
  expect(english).not.toBe(keyed.message);
  return english;
}

/** The plate a vehicle of the test's own was given. */
async function plateOf(vehicleId: string): Promise<string> {
  const { rows } = await (
    await db()
  ).query('select license_plate from public.vehicles where id = $1', [vehicleId]);
  return rows[0].license_plate;
}

describe('a refusal by key', () => {
  it('the vehicle queue: a vehicle not ready, named by its plate', async () => {
    const karawang = await as('karawang');
    const truck = await makeVehicle(HUB.karawang, { ready: false });
    const plate = await plateOf(truck);
    const result = await karawang.run('queue_vehicles', { hub_id: HUB.karawang, vehicle_ids: [truck] });
    const english = expectKeyed(result, 'precondition', 'vehicleNotReady', { plate });
    expect(english).toBe(`Vehicle ${plate} is not ready to be queued.`);

    // The same command again (a lost answer): the same key and parameters, nothing applied.
    const [again] = await karawang.send([result.command]);
    expect(again).toMatchObject({
      outcome: 'rejected',
      code: 'precondition',
      key: 'vehicleNotReady',
      params: { plate },
      message: result.message,
    });

    // The audit trail keeps it.
    const { rows: trail } = await (
      await db()
    ).query('select message, message_key, message_params from public.commands where id = $1', [
      result.command.id,
    ]);
    expect(trail[0]).toEqual({
      message: result.message,
      message_key: 'vehicleNotReady',
      message_params: { plate },
    });
  });

  it('shipping: an inactive vehicle', async () => {
    const karawang = await as('karawang');
    const truck = await makeVehicle(HUB.karawang, { is_active: false });
    const plate = await plateOf(truck);
    const result = await karawang.run(
      'create_shipment_darat',
      daratPayload(HUB.karawang, truck, WAREHOUSE.cikarang),
    );
    expectKeyed(result, 'precondition', 'vehicleInactive', { plate });
  });

  it('arrival: a shipment that is not bound for the hub named', async () => {
    const karawang = await as('karawang');
    const tower = await as('tower');
    const p = daratPayload(HUB.karawang, await makeVehicle(HUB.karawang), WAREHOUSE.cikarang);
    await karawang.ok('create_shipment_darat', p);
    const result = await tower.run('confirm_arrival', { hub_id: HUB.poljak, shipment_id: p.shipment_id });
    expectKeyed(result, 'precondition', 'shipmentNotForHub');
  });

  it('master data: a vendor name already taken, with the name as a parameter', async () => {
    const admin = await as('admin');
    const name = `Vendor Kunci ${tag()}`;
    await admin.ok('add_vendor', { vendor_id: id(), name });
    const result = await admin.run('add_vendor', { vendor_id: id(), name });
    const english = expectKeyed(result, 'duplicate', 'duplicateVendor', { name });
    expect(english).toBe(`Vendor "${name}" already exists.`);
  });

  it('hubs: a hub user may not act for another hub', async () => {
    const karawang = await as('karawang');
    const truck = await makeVehicle(HUB.cikarang);
    const result = await karawang.run('queue_vehicles', { hub_id: HUB.cikarang, vehicle_ids: [truck] });
    expectKeyed(result, 'forbidden', 'forbiddenHub');
  });

  it('undo: a command that is not there', async () => {
    const karawang = await as('karawang');
    const result = await karawang.run('undo_command', { command_id: id() });
    expectKeyed(result, 'not_found', 'undoNotFound');
  });

  it('the handover: a discrepancy that does not exist', async () => {
    const tower = await as('tower');
    const result = await tower.run('resolve_discrepancy', { discrepancy_id: id(), note: 'Sudah dicek' });
    expectKeyed(result, 'not_found', 'handover.discrepancyNotFound');
  });

  it('an unknown command type names its type', async () => {
    const karawang = await as('karawang');
    const result = await karawang.run('teleport_vehicle', {});
    expectKeyed(result, 'unknown_command', 'unknownCommand', { type: 'teleport_vehicle' });
  });
});
