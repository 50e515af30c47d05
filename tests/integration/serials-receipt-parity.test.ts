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
import { as, type User } from './commands-support';
import { discrepancy, hubCompletion, podCompletion, receipt, unloadingAtCikarang } from './handover-support';
import { byScan, closeSerials, loadedToCikarang, loadedToMakassar, serials } from './serials-support';
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

/** The device's changes to tv_units, in order. */
const unitsChanged = (changes: Change[]) =>
  changes.filter((ch) => ch.table === 'tv_units').map((ch) => ch.row as Tables['tv_units']);

/**
 * Every row the device predicted is the server's, field by field (the server's stamps and the
 * times it clamps aside).
 */
async function expectServerHolds(changes: Change[]) {
  for (const { table, row } of changes) {
    const [stored] = await serverRows(table, 't.id = $1', [row.id]);
    expect(stored, `${table} ${row.id}`).toBeDefined();
    const keys = Object.keys(row).filter((k) => !['reported_at', 'unloading_finished_at'].includes(k));
    expect(comparable(stored as never, keys), table).toEqual(comparable(row as never, keys));
  }
}

describe('the receipt by serial on the device and on the server', () => {
  it('the same refusals, rule by rule, then the same rows', async () => {
    const { loaded, spare, shipmentId, cikarang } = await loadedToCikarang();
    const [a, b, c, d] = loaded as [string, string, string, string];
    const [unknown] = serials(1) as [string];
    const all = [...loaded, spare, unknown];

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
      const result = await both(cikarang, shipmentId, all, r);
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
      shipmentId,
      all,
      byScan([` ${c.toLowerCase()} `, a, spare, unknown], [c], { discrepancies: whole }),
    );
    expect(done.server.outcome).toBe('applied');
    if (!('changes' in done.device)) throw done.device.refused;
    expect(unitsChanged(done.device.changes).map((u) => [u.serial, u.state])).toEqual([
      [a, 'in_stock'],
      [b, 'missing'],
      [c, 'damaged'],
      [d, 'missing'],
    ]);
    await expectServerHolds(done.device.changes);
    const named = done.device.changes
      .filter((ch) => ch.table === 'discrepancies')
      .map((ch) => (ch.row as Tables['discrepancies']).serials);
    expect(named).toEqual([[b, d], [spare, unknown], [c]]);
  });

  it('pod_complete: the units that arrived whole are delivered at the POD, on both sides', async () => {
    const { list, shipmentId, makassar } = await loadedToMakassar(3);
    const [a, b, c] = list as [string, string, string];

    // c arrived damaged, b did not arrive.
    const done = await both(
      makassar,
      shipmentId,
      list,
      byScan([c, a], [c], {
        discrepancies: [discrepancy('smartboard', 'kurang', 1), discrepancy('smartboard', 'rusak', 1)],
      }),
      'makassar',
    );
    expect(done.server.outcome).toBe('applied');
    if (!('changes' in done.device)) throw done.device.refused;
    expect(
      unitsChanged(done.device.changes).map((u) => [u.serial, u.state, u.hub_id, u.shipment_id]),
    ).toEqual([
      [a, 'delivered', HUB.makassar, shipmentId],
      [b, 'missing', null, shipmentId],
      [c, 'damaged', HUB.makassar, shipmentId],
    ]);
    await expectServerHolds(done.device.changes);
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
