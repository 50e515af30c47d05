// Issue 42: the receipt by serial on the device and on the server. A shipment loaded by serial
// (four units, listed in reverse), arrived at Cikarang: each completion is predicted on a
// MemoryState holding the server's rows, as dispatch predicts it (strict, with the balances),
// then sent. The device refuses what the server refuses, rule by rule, with the same key and
// parameters; the completion that applies leaves on the device the rows the server writes:
// the units moved (loaded order = serial order), the discrepancies naming their serials, the
// stock booked by the counts; at a POD (pod_complete) the units that arrived whole delivered
// there. (sync/commands/handover-receipt.ts, handover-serials.ts against
// public.handover_receipt; the server's own tests: serials-receipt.test.ts.)
import { afterAll, describe, expect, it } from 'vitest';
import { definitionOf } from '../../sync/commands/catalogue';
import type { Actor, Change } from '../../sync/commands/types';
import { CommandRefused } from '../../sync/errors';
import type { Tables } from '../../sync/model/rows';
import { withBalances } from '../../sync/replication/balances';
import { HUB, WAREHOUSE } from '../support/demo';
import { MemoryState } from '../support/memory-state';
import { as, seaPayload, type User } from './commands-support';
import { discrepancy, hubCompletion, podCompletion, receipt, unloadingAtCikarang } from './handover-support';
import { closeSerials, darat, hubWithSerials, serials, truckAt } from './serials-support';
import { comparable, serverRows } from './parity-support';

afterAll(closeSerials);

/** The device's state: the server's rows a completion at Cikarang (or at POD Makassar) reads. */
async function deviceState(shipmentId: string, list: string[], warehouseId: string = WAREHOUSE.cikarang) {
  const [shipment] = await serverRows('shipments', 't.id = $1', [shipmentId]);
  return new MemoryState({
    hubs: await serverRows('hubs', 'true', []),
    warehouses: await serverRows('warehouses', 'true', []),
    stock_balances: await serverRows('stock_balances', 'warehouse_id = $1', [warehouseId]),
    vehicles: await serverRows('vehicles', 't.id = $1', [shipment!.vehicle_id]),
    shipments: [shipment!],
    tv_units: await serverRows('tv_units', 'serial = any($1)', [list]),
  });
}

type Outcome = { changes: Change[] } | { refused: CommandRefused };

async function both(
  user: User,
  shipmentId: string,
  list: string[],
  r: Record<string, unknown>,
  at: 'cikarang' | 'makassar' = 'cikarang',
) {
  const actor: Actor = { userId: user.id, role: 'hub_user', hubId: HUB[at] };
  const state = await deviceState(shipmentId, list, WAREHOUSE[at]);
  const type = at === 'cikarang' ? 'complete_unloading' : 'pod_complete';
  const payload = at === 'cikarang' ? hubCompletion(shipmentId, r) : podCompletion(shipmentId, r);
  const command = user.command(type, payload);
  const definition = definitionOf(type);
  let device: Outcome;
  try {
    const parsed = definition.schema.parse(payload);
    const predicted = await definition.predict(parsed, { command, actor, read: state }, true);
    device = { changes: await withBalances(predicted, state, command.issued_at) };
  } catch (e) {
    if (!(e instanceof CommandRefused)) throw e;
    device = { refused: e };
  }
  const [server] = await user.send([command]);
  return { device, server: server as unknown as { outcome: string; key?: string; params?: unknown } };
}

/** A receipt by serial: TVs as scanned (counts from the lists), 1 bracket as sent. */
const byScan = (received: string[], damaged: string[] = [], extra: Record<string, unknown> = {}) =>
  receipt({
    smartboard_received: received.length,
    smartboard_damaged: damaged.length,
    bracket_received: 1,
    ...extra,
    tv_serials: { received, damaged },
  });

describe('the receipt by serial on the device and on the server', () => {
  it('the same refusals, rule by rule, then the same rows', async () => {
    const { hub, user, list } = await hubWithSerials(5);
    const loaded = list.slice(0, 4);
    const [a, b, c, d] = loaded as [string, string, string, string];
    const spare = list[4]!;
    const [unknown] = serials(1) as [string];
    const p = await darat(hub.hubId, [d, c, b, a]);
    await user.ok('create_shipment_darat', p);
    const cikarang = await as('cikarang');
    const at = { hub_id: HUB.cikarang, shipment_id: p.shipment_id };
    await cikarang.ok('confirm_arrival', at);
    await cikarang.ok('start_unloading', at);
    const all = [...list, unknown];

    const whole = [
      discrepancy('smartboard', 'kurang', 2),
      discrepancy('smartboard', 'lebih', 2),
      discrepancy('smartboard', 'rusak', 1),
    ];
    const refusals: Array<[Record<string, unknown>, string, Record<string, unknown>]> = [
      [receipt({ smartboard_received: 4, bracket_received: 1 }), 'serial.scanRequired', {}],
      [byScan([a, ' x ', a], ['??']), 'serial.invalid', { serial: 'x' }],
      [byScan([a, b, a.toLowerCase()], [b]), 'serial.alreadyScanned', { serial: a }],
      [byScan([a, b], [b, b]), 'serial.alreadyScanned', { serial: b }],
      [byScan([a, b], [c]), 'serial.damagedNotReceived', { serial: c }],
      [byScan([a, b], [], { smartboard_received: 3 }), 'serial.receivedMismatch', { quantity: 3, count: 2 }],
      [byScan([a, b], [b], { smartboard_damaged: 0 }), 'serial.damagedMismatch', { quantity: 0, count: 1 }],
      [
        byScan([c, a, spare, unknown], [c], { discrepancies: whole.slice(1) }),
        'handover.recordDiscrepancy',
        {
          item: { key: 'handover.itemWord.smartboard' },
          reason: { key: 'handover.reasonWord.kurang' },
          count: 2,
        },
      ],
    ];
    for (const [r, key, params] of refusals) {
      const result = await both(cikarang, p.shipment_id, all, r);
      expect('refused' in result.device && result.device.refused.keyed, key).toEqual(
        Object.keys(params).length ? { key, params } : { key },
      );
      expect(result.server, key).toMatchObject({ outcome: 'rejected', key });
      if (Object.keys(params).length) expect(result.server.params, key).toEqual(params);
    }

    // Scanned: c (damaged, as a scanner may give it), a, the spare (registered at the origin,
    // never loaded) and a serial nobody registered; b and d did not arrive.
    const done = await both(
      cikarang,
      p.shipment_id,
      all,
      byScan([` ${c.toLowerCase()} `, a, spare, unknown], [c], { discrepancies: whole }),
    );
    expect(done.server.outcome).toBe('applied');
    if (!('changes' in done.device)) throw done.device.refused;
    const units = done.device.changes
      .filter((ch) => ch.table === 'tv_units')
      .map((ch) => ch.row as Tables['tv_units']);
    expect(units.map((u) => [u.serial, u.state])).toEqual([
      [a, 'in_stock'],
      [b, 'missing'],
      [c, 'damaged'],
      [d, 'missing'],
    ]);
    // Every row the device predicted is the server's, field by field (the server's stamps and
    // the times it clamps aside).
    for (const { table, row } of done.device.changes) {
      const [stored] = await serverRows(table, 't.id = $1', [row.id]);
      expect(stored, `${table} ${row.id}`).toBeDefined();
      const keys = Object.keys(row).filter((k) => !['reported_at', 'unloading_finished_at'].includes(k));
      expect(comparable(stored as never, keys), table).toEqual(comparable(row as never, keys));
    }
    const named = done.device.changes
      .filter((ch) => ch.table === 'discrepancies')
      .map((ch) => (ch.row as Tables['discrepancies']).serials);
    expect(named).toEqual([[b, d], [spare, unknown], [c]]);
  });

  it('pod_complete: the units that arrived whole are delivered at the POD, on both sides', async () => {
    const { hub, list } = await hubWithSerials(3);
    const [a, b, c] = list as [string, string, string];
    const p = seaPayload('poljak', hub.hubId, await truckAt(hub.hubId), HUB.makassar, {
      smartboard_quantity: 3,
      bracket_quantity: 1,
      tv_serials: list,
    });
    await (await as('admin')).ok('create_shipment_poljak', p);
    const makassar = await as('makassar');
    await makassar.ok('pod_confirm_arrival', { shipment_id: p.shipment_id });
    await makassar.ok('pod_start_unloading', { shipment_id: p.shipment_id });

    // c arrived damaged, b did not arrive.
    const done = await both(
      makassar,
      p.shipment_id,
      list,
      byScan([c, a], [c], {
        discrepancies: [discrepancy('smartboard', 'kurang', 1), discrepancy('smartboard', 'rusak', 1)],
      }),
      'makassar',
    );
    expect(done.server.outcome).toBe('applied');
    if (!('changes' in done.device)) throw done.device.refused;
    const units = done.device.changes
      .filter((ch) => ch.table === 'tv_units')
      .map((ch) => ch.row as Tables['tv_units']);
    expect(units.map((u) => [u.serial, u.state, u.hub_id, u.shipment_id])).toEqual([
      [a, 'delivered', HUB.makassar, p.shipment_id],
      [b, 'missing', null, p.shipment_id],
      [c, 'damaged', HUB.makassar, p.shipment_id],
    ]);
    for (const { table, row } of done.device.changes) {
      const [stored] = await serverRows(table, 't.id = $1', [row.id]);
      expect(stored, `${table} ${row.id}`).toBeDefined();
      const keys = Object.keys(row).filter((k) => !['reported_at', 'unloading_finished_at'].includes(k));
      expect(comparable(stored as never, keys), table).toEqual(comparable(row as never, keys));
    }
  });

  it('by count (no unit on the shipment), serials sent are refused alike', async () => {
    const { shipmentId } = await unloadingAtCikarang();
    const cikarang = await as('cikarang');
    const [x] = serials(1) as [string];
    const result = await both(
      cikarang,
      shipmentId,
      [x],
      receipt({ tv_serials: { received: [x], damaged: [] } }),
    );
    expect('refused' in result.device && result.device.refused.keyed).toEqual({ key: 'invalidCommand' });
    expect(result.server).toMatchObject({ outcome: 'rejected', key: 'invalidCommand' });
  });
});
