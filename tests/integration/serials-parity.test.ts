// Issue 42: the device's predictions of the serial commands leave the rows the server writes,
// and the device refuses what the server refuses, with the same key and parameters
// (sync/commands/serials.ts against supabase/schemas/functions/cmd_serials.sql). On a hub of
// the test's own that tracks serials, as an admin: units registered, loaded on a land
// shipment, refused when on it already or registered already, and back in stock by a void. Each
// command is predicted on a MemoryState holding the server's rows, as dispatch predicts it
// (strict), then sent; every row the device predicted must be the server's, field by field
// (the server's stamps aside).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionOf } from '../../sync/commands/catalogue';
import type { Actor, Change } from '../../sync/commands/types';
import { CommandRefused } from '../../sync/errors';
import type { Tables } from '../../sync/model/rows';
import { withBalances } from '../../sync/replication/balances';
import { HUB, WAREHOUSE } from '../support/demo';
import { MemoryState } from '../support/memory-state';
import { comparable, serverRows } from './parity-support';
import { as, closeDb, daratPayload, db, id, makeHub, makeVehicle, tag, type User } from './commands-support';

let hubId = '';
let warehouseId = '';
const madeSerials: string[] = [];
const run = tag().toUpperCase();
const serial = (n: number) => {
  const s = `PAR-${run}-${n}`;
  madeSerials.push(s);
  return s;
};

beforeAll(async () => {
  const made = await makeHub(`Hub Paritas ${tag()}`, null, 'hub', {
    name: `Gudang Paritas ${tag()}`,
    location: null,
  });
  hubId = made.hubId;
  warehouseId = made.warehouseId!;
  const sql = await db();
  await sql.query('update public.hubs set serial_tracking = true where id = $1', [hubId]);
  await sql.query(
    `insert into public.inventory (id, warehouse_id, date_recorded, smartboard_quantity, bracket_quantity, batch_number)
     values ($1, $2, current_date, 20, 20, $3)`,
    [id(), warehouseId, `STOK-${tag()}`],
  );
});

afterAll(async () => {
  const sql = await db();
  await sql.query(
    `update public.tv_units set state = 'missing', hub_id = null, shipment_id = null, deleted = true
     where serial = any($1)`,
    [madeSerials],
  );
  await sql.query('delete from public.inventory where warehouse_id = $1', [warehouseId]);
  await closeDb();
});

/** The device's state: the server's rows this test's commands read. */
async function deviceState(): Promise<MemoryState> {
  return new MemoryState({
    hubs: await serverRows('hubs', 'true', []),
    warehouses: await serverRows('warehouses', 'true', []),
    stock_balances: await serverRows('stock_balances', 'warehouse_id = $1', [warehouseId]),
    vehicles: await serverRows('vehicles', 'current_hub_id = $1', [hubId]),
    shipments: await serverRows('shipments', 'origin_hub_id = $1', [hubId]),
    inventory: await serverRows('inventory', 'warehouse_id = $1', [warehouseId]),
    tv_units: await serverRows('tv_units', 'serial = any($1)', [madeSerials]),
  });
}

type Result = { changes: Change[] } | { refused: CommandRefused };

/** Predicts as dispatch does (strict, with the balances), then sends it. */
async function both(user: User, actor: Actor, type: string, payload: Record<string, unknown>) {
  const state = await deviceState();
  const command = user.command(type, payload);
  const definition = definitionOf(type);
  let device: Result;
  try {
    const parsed = definition.schema.parse(payload);
    const ctx = { command, actor, read: state };
    device = {
      changes: await withBalances(await definition.predict(parsed, ctx, true), state, command.issued_at),
    };
  } catch (e) {
    if (!(e instanceof CommandRefused)) throw e;
    device = { refused: e };
  }
  const [server] = await user.send([command]);
  return { device, server: server as unknown as { outcome: string; key?: string; params?: unknown } };
}

/** Every row the device predicted is the server's. */
async function expectSameRows(changes: Change[]): Promise<void> {
  expect(changes.length).toBeGreaterThan(0);
  for (const { table, row } of changes) {
    const [stored] = await serverRows(table, 't.id = $1', [row.id]);
    expect(stored, `${table} ${row.id}`).toBeDefined();
    const keys = Object.keys(row);
    expect(comparable(stored as never, keys), table).toEqual(comparable(row as never, keys));
  }
}

async function expectSameRefusal(result: Awaited<ReturnType<typeof both>>, key: string, params: object) {
  expect('refused' in result.device && result.device.refused.keyed).toEqual({ key, params });
  expect(result.server).toMatchObject({ outcome: 'rejected', key, params });
}

describe('the serial commands on the device and on the server', () => {
  it('register, load, refuse, void: the same rows and the same refusals', async () => {
    const admin = await as('admin');
    const actor: Actor = { userId: admin.id, role: 'admin', hubId: null };
    const [a, b, c] = [serial(1), serial(2), serial(3)];

    // Registered, one as a scanner types it.
    const units = [
      { unit_id: id(), serial: ` ${a.toLowerCase()}\r\n` },
      { unit_id: id(), serial: b },
      { unit_id: id(), serial: c },
    ];
    const registered = await both(admin, actor, 'register_serials', { hub_id: hubId, units });
    expect(registered.server.outcome).toBe('applied');
    if (!('changes' in registered.device)) throw registered.device.refused;
    await expectSameRows(registered.device.changes);

    // Registered already (the second of the list), refused alike.
    const again = await both(admin, actor, 'register_serials', {
      hub_id: hubId,
      units: [
        { unit_id: id(), serial: serial(4) },
        { unit_id: id(), serial: b },
      ],
    });
    await expectSameRefusal(again, 'serial.alreadyRegistered', { serial: b });

    // Two of them loaded on a land shipment.
    const truck = await makeVehicle(hubId);
    const shipment = daratPayload(hubId, truck, WAREHOUSE.cikarang, {
      smartboard_quantity: 2,
      bracket_quantity: 1,
      image_count: 0,
      tv_serials: [b, a.toLowerCase()],
    });
    const loaded = await both(admin, actor, 'create_shipment_darat', shipment);
    expect(loaded.server.outcome).toBe('applied');
    if (!('changes' in loaded.device)) throw loaded.device.refused;
    expect(loaded.device.changes.filter((ch) => ch.table === 'tv_units')).toHaveLength(2);
    await expectSameRows(loaded.device.changes);

    // One of them again on a second truck: on an open shipment; one not a serial; too few.
    const second = (serials: string[], smartboards = serials.length) =>
      makeVehicle(hubId).then((v) =>
        daratPayload(hubId, v, WAREHOUSE.cikarang, {
          smartboard_quantity: smartboards,
          bracket_quantity: 0,
          image_count: 0,
          tv_serials: serials,
        }),
      );
    await expectSameRefusal(
      await both(admin, actor, 'create_shipment_darat', await second([c, a])),
      'serial.inOpenShipment',
      { serial: a },
    );
    await expectSameRefusal(
      await both(admin, actor, 'create_shipment_darat', await second([c, '#'])),
      'serial.invalid',
      {
        serial: '#',
      },
    );
    await expectSameRefusal(
      await both(admin, actor, 'create_shipment_darat', await second([c], 2)),
      'serial.countMismatch',
      { count: 1, quantity: 2 },
    );

    // Voided by tower control: the two back in the hub's stock.
    const tower = await as('tower');
    const towerActor: Actor = { userId: tower.id, role: 'tower_control', hubId: null };
    const voided = await both(tower, towerActor, 'void_shipment', {
      shipment_id: shipment.shipment_id,
      reason: 'salah kirim (uji paritas)',
    });
    expect(voided.server.outcome).toBe('applied');
    if (!('changes' in voided.device)) throw voided.device.refused;
    const back = voided.device.changes.filter((ch) => ch.table === 'tv_units');
    expect(back.map((ch) => (ch.row as Tables['tv_units']).serial).sort()).toEqual([a, b].sort());
    await expectSameRows(voided.device.changes);
  });

  it('a hub that does not track serials refuses them alike', async () => {
    const admin = await as('admin');
    const actor: Actor = { userId: admin.id, role: 'admin', hubId: null };
    const refused = await both(admin, actor, 'register_serials', {
      hub_id: HUB.cikarang,
      units: [{ unit_id: id(), serial: serial(9) }],
    });
    await expectSameRefusal(refused, 'serial.trackingOff', { hub: 'Hub Cikarang' });
  });
});
