// Issue 42, the receipt by serial on the device, without a server: complete_unloading and
// pod_complete of a shipment loaded by serial (its units in transit on it) predicted against a
// memory state: the units moved, the discrepancy rows naming their serials, each refusal in the
// server's order by key, and the undo putting the units back. The rules themselves:
// tests/unit/serials.test.ts (checkReceiptSerials) and below (checkReceipt, serial mode).
import { describe, expect, it } from 'vitest';
import { definitionOf } from '../../sync/commands/catalogue';
import {
  checkReceipt,
  neededDiscrepancies,
  receiptInput,
  type ReceiptValues,
} from '../../sync/commands/handover-receipt';
import type { Actor, Change } from '../../sync/commands/types';
import { CommandRefused } from '../../sync/errors';
import { messageText, type KeyedMessage } from '../../sync/message';
import type { Discrepancy, Shipment, Tables, TvUnit } from '../../sync/model/rows';
import { inversePayload, UndoLog } from '../../sync/replication/undo';
import { MemoryState } from '../support/memory-state';
import { HUB, hubs, ID, stamp, WH, warehouses } from '../support/prediction-world';
import { shipmentRow, vehicleRow } from '../support/rows';

const ISSUED = '2026-11-29T05:00:00.000Z';
const cikarang: Actor = { userId: ID(101), role: 'hub_user', hubId: HUB(2) };
const makassar: Actor = { userId: ID(102), role: 'hub_user', hubId: HUB(5) };
const PHOTO = ID(900);
const truck = vehicleRow({ ...stamp, id: ID(1), vendor_id: ID(9), current_hub_id: HUB(2) });

/** Shipment B-1, Karawang to Cikarang, unloading: 4 TVs loaded by serial (A-1..A-4), no bracket. */
const shipment: Shipment = shipmentRow({
  ...stamp,
  id: ID(20),
  batch_number: 'B-1',
  vehicle_id: truck.id,
  origin_hub_id: HUB(1),
  destination_hub_id: HUB(2),
  current_hub_id: HUB(2),
  smartboard_quantity: 4,
  status: 'sedang_bongkar',
});
const unit = (n: number, serial: string, over: Partial<TvUnit> = {}): TvUnit => ({
  ...stamp,
  id: ID(700 + n),
  serial,
  state: 'in_transit',
  hub_id: null,
  shipment_id: shipment.id,
  moved: true,
  ...over,
});
// Listed out of serial order: the loaded order is the serials' order.
const loaded = [unit(3, 'A-3'), unit(1, 'A-1'), unit(4, 'A-4'), unit(2, 'A-2')];
/** Known elsewhere (in Karawang's stock), and on another shipment. */
const stray = unit(9, 'X-9', { state: 'in_stock', hub_id: HUB(1), shipment_id: null });
const onOther = unit(8, 'B-8', { shipment_id: ID(21) });

function world(extra: Partial<{ [T in keyof Tables]: Tables[T][] }> = {}) {
  return new MemoryState({
    hubs,
    warehouses,
    vehicles: [truck],
    shipments: [shipment],
    tv_units: [...loaded, stray, onOther],
    ...extra,
  });
}

let n = 0;
const nextId = () => ID(1000 + ++n);
const d = (reason: 'kurang' | 'lebih' | 'rusak', quantity: number) => ({
  id: nextId(),
  item: 'smartboard' as const,
  reason,
  quantity,
  note: null,
  photo_ids: [PHOTO],
});

/** A receipt of B-1: A-3 missing, X-9 unexpected, A-4 damaged; its three discrepancies. */
const receipt = (extra: Partial<ReceiptValues> = {}): ReceiptValues => ({
  receipt_id: nextId(),
  smartboard_received: 4,
  bracket_received: 0,
  smartboard_damaged: 1,
  bracket_damaged: 0,
  receiver_name: 'Budi',
  driver_name: 'Joko',
  receiver_signature_id: ID(901),
  driver_signature_id: ID(902),
  signed_at: '2026-11-29T04:59:00.000Z',
  discrepancies: [d('kurang', 1), d('lebih', 1), d('rusak', 1)],
  tv_serials: { received: ['a-2', 'A-1', 'x-9', 'A-4'], damaged: ['a-4'] },
  ...extra,
});

const completion = (r: unknown) => ({
  hub_id: HUB(2),
  shipment_id: shipment.id,
  smartboard_inventory_id: ID(30),
  bracket_inventory_id: ID(31),
  receipt: r,
});

async function predict(state: MemoryState, actor: Actor, type: string, payload: unknown, strict = true) {
  const definition = definitionOf(type);
  const parsed = definition.schema.parse(payload);
  const command = { id: crypto.randomUUID(), type, payload: parsed, issued_at: ISSUED, actor: actor.userId };
  return { command, changes: await definition.predict(parsed, { command, actor, read: state }, strict) };
}

const rowsOf = <T extends keyof Tables>(changes: Change[], table: T) =>
  changes.filter((c) => c.table === table).map((c) => c.row as Tables[T]);
const place = (u: TvUnit) => ({
  serial: u.serial,
  state: u.state,
  hub_id: u.hub_id,
  shipment_id: u.shipment_id,
});

/** The refusal at dispatch, by key. */
async function refusal(r: unknown): Promise<KeyedMessage | null> {
  const error = await predict(world(), cikarang, 'complete_unloading', completion(r)).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CommandRefused);
  expect((error as CommandRefused).code).toBe('validation');
  return (error as CommandRefused).keyed;
}

describe('complete_unloading by serial', () => {
  it('one missing and one unexpected: units moved, the discrepancies name their serials', async () => {
    const { changes } = await predict(world(), cikarang, 'complete_unloading', completion(receipt()));
    expect(rowsOf(changes, 'tv_units').map(place)).toEqual([
      { serial: 'A-1', state: 'in_stock', hub_id: HUB(2), shipment_id: null },
      { serial: 'A-2', state: 'in_stock', hub_id: HUB(2), shipment_id: null },
      { serial: 'A-3', state: 'missing', hub_id: null, shipment_id: shipment.id },
      { serial: 'A-4', state: 'damaged', hub_id: HUB(2), shipment_id: shipment.id },
    ]);
    // Whole units otherwise (their ids and stamps kept); X-9 (known) is not moved.
    expect(rowsOf(changes, 'tv_units')[0]).toEqual({
      ...unit(1, 'A-1'),
      state: 'in_stock',
      hub_id: HUB(2),
      shipment_id: null,
    });
    expect(
      rowsOf(changes, 'discrepancies').map((r: Discrepancy) => [r.reason, r.quantity, r.serials]),
    ).toEqual([
      ['kurang', 1, ['A-3']],
      ['lebih', 1, ['X-9']],
      ['rusak', 1, ['A-4']],
    ]);
    // Booked by the counts: 4 received, 1 damaged.
    expect(rowsOf(changes, 'inventory')).toEqual([
      expect.objectContaining({ warehouse_id: WH(2), smartboard_quantity: 3, bracket_quantity: 0 }),
    ]);
    expect(rowsOf(changes, 'shipments')).toEqual([expect.objectContaining({ status: 'selesai' })]);
  });

  it('all arrived whole: every unit into the stock, no discrepancy', async () => {
    const whole = receipt({
      smartboard_damaged: 0,
      discrepancies: [],
      tv_serials: { received: ['A-4', 'A-3', 'A-2', 'A-1'], damaged: [] },
    });
    const { changes } = await predict(world(), cikarang, 'complete_unloading', completion(whole));
    expect(rowsOf(changes, 'tv_units').map((u) => [u.serial, u.state, u.hub_id])).toEqual([
      ['A-1', 'in_stock', HUB(2)],
      ['A-2', 'in_stock', HUB(2)],
      ['A-3', 'in_stock', HUB(2)],
      ['A-4', 'in_stock', HUB(2)],
    ]);
    expect(rowsOf(changes, 'discrepancies')).toEqual([]);
  });

  it("refuses, rule by rule in the server's order (each case breaks every later rule too)", async () => {
    const many = Array.from({ length: 501 }, (_, i) => `M-${i}`);
    const serials = (received: string[], damaged: string[]) => ({ tv_serials: { received, damaged } });
    expect(await refusal(receipt({ tv_serials: null, smartboard_received: 9 }))).toEqual({
      key: 'serial.scanRequired',
    });
    expect(await refusal(receipt({ tv_serials: undefined }))).toEqual({ key: 'serial.scanRequired' });
    expect(await refusal(receipt(serials(many, ['??'])))).toEqual({
      key: 'serial.tooMany',
      params: { max: 500 },
    });
    expect(await refusal(receipt(serials(['A-1', ' ab ', 'A-1'], ['??', 'Z-1'])))).toEqual({
      key: 'serial.invalid',
      params: { serial: 'ab' },
    });
    expect(await refusal(receipt(serials(['A-1', 'a-1'], ['??', 'Z-1'])))).toEqual({
      key: 'serial.alreadyScanned',
      params: { serial: 'A-1' },
    });
    expect(await refusal(receipt(serials(['A-1', 'A-2'], ['??', 'Z-1'])))).toEqual({
      key: 'serial.invalid',
      params: { serial: '??' },
    });
    expect(await refusal(receipt(serials(['A-1', 'A-2'], ['A-2', 'a-2', 'Z-1'])))).toEqual({
      key: 'serial.alreadyScanned',
      params: { serial: 'A-2' },
    });
    expect(await refusal(receipt(serials(['A-1', 'A-2'], ['Z-1'])))).toEqual({
      key: 'serial.damagedNotReceived',
      params: { serial: 'Z-1' },
    });
    expect(await refusal(receipt(serials(['A-1', 'A-2'], ['A-1', 'A-2'])))).toEqual({
      key: 'serial.receivedMismatch',
      params: { quantity: 4, count: 2 },
    });
    expect(await refusal(receipt(serials(['A-1', 'A-2', 'A-3', 'A-4'], ['A-1', 'A-2'])))).toEqual({
      key: 'serial.damagedMismatch',
      params: { quantity: 1, count: 2 },
    });
    // Then the discrepancies: by the tally, not by the counts (4 received of 4 sent).
    const noDiscrepancy = await refusal(receipt({ discrepancies: [] }));
    expect(messageText(noDiscrepancy!)).toBe('Catat selisih TV kurang sebanyak 1 dengan foto');
    const wrong = await refusal(receipt({ discrepancies: [d('kurang', 1), d('lebih', 2), d('rusak', 1)] }));
    expect(messageText(wrong!)).toBe('Selisih TV lebih harus sebanyak 1');
  });

  it('count mode (no unit on the shipment): serials sent are refused, none is as before', async () => {
    const byCount = world({ tv_units: [stray] });
    const counted = receipt({ smartboard_received: 4, smartboard_damaged: 0, discrepancies: [] });
    await expect(predict(byCount, cikarang, 'complete_unloading', completion(counted))).rejects.toMatchObject(
      { code: 'validation', keyed: { key: 'invalidCommand' } },
    );
    const { changes } = await predict(
      byCount,
      cikarang,
      'complete_unloading',
      completion({ ...counted, tv_serials: null }),
    );
    expect(rowsOf(changes, 'tv_units')).toEqual([]);
    expect(rowsOf(changes, 'inventory')).toEqual([expect.objectContaining({ smartboard_quantity: 4 })]);
  });

  it('a replay that no longer fits predicts nothing', async () => {
    const { changes } = await predict(
      world(),
      cikarang,
      'complete_unloading',
      completion(receipt({ tv_serials: null })),
      false,
    );
    expect(changes).toEqual([]);
  });
});

describe('pod_complete by serial', () => {
  const pod = { ...shipment, destination_hub_id: HUB(5), current_hub_id: HUB(5), status: 'sedang_bongkar' };
  const { hub_id: _hub, ...payload } = completion(receipt());

  it('delivers at the POD hub (the end of custody): the units whole stay on the shipment', async () => {
    const { changes } = await predict(world({ shipments: [pod] }), makassar, 'pod_complete', payload);
    expect(rowsOf(changes, 'tv_units').map(place)).toEqual([
      { serial: 'A-1', state: 'delivered', hub_id: HUB(5), shipment_id: shipment.id },
      { serial: 'A-2', state: 'delivered', hub_id: HUB(5), shipment_id: shipment.id },
      { serial: 'A-3', state: 'missing', hub_id: null, shipment_id: shipment.id },
      { serial: 'A-4', state: 'damaged', hub_id: HUB(5), shipment_id: shipment.id },
    ]);
    expect(rowsOf(changes, 'discrepancies').map((r) => r.serials)).toEqual([['A-3'], ['X-9'], ['A-4']]);
    // The POD's stock is booked by the counts as before: 3 whole TVs.
    expect(rowsOf(changes, 'inventory').map((r) => r.smartboard_quantity)).toContain(3);
  });

  it('undo puts the delivered units back in transit on the shipment', async () => {
    const state = world({ shipments: [pod] });
    const { command, changes } = await predict(state, makassar, 'pod_complete', payload);
    const before = new Map<string, unknown>();
    for (const c of changes)
      before.set(`${c.table}:${c.row.id}`, (await state.get(c.table, c.row.id)) ?? null);
    state.apply(changes);
    const log = new UndoLog();
    log.remember(command, before, changes);
    const undo = await predict(state, makassar, 'undo_command', inversePayload(log.get(command.id)!));
    state.apply(undo.changes);
    expect(state.rows('tv_units').map(place)).toEqual([...loaded, stray, onOther].map(place));
  });
});

describe('undo of a completion by serial', () => {
  it('puts the units back in transit on the shipment (25 of them: more rows than a step had)', async () => {
    const serials = Array.from({ length: 25 }, (_, i) => `T-${String(i).padStart(2, '0')}`);
    const units = serials.map((s, i) => unit(100 + i, s));
    const big = { ...shipment, smartboard_quantity: 25 };
    const state = world({ shipments: [big], tv_units: units });
    const r = receipt({
      smartboard_received: 24,
      smartboard_damaged: 0,
      discrepancies: [d('kurang', 1)],
      tv_serials: { received: serials.slice(1), damaged: [] },
    });
    const before = new Map<string, unknown>();
    const { command, changes } = await predict(state, cikarang, 'complete_unloading', completion(r));
    for (const c of changes)
      before.set(`${c.table}:${c.row.id}`, (await state.get(c.table, c.row.id)) ?? null);
    state.apply(changes);
    expect(rowsOf(changes, 'tv_units').filter((u) => u.state === 'in_stock')).toHaveLength(24);

    const log = new UndoLog();
    log.remember(command, before, changes);
    const undo = await predict(state, cikarang, 'undo_command', inversePayload(log.get(command.id)!));
    state.apply(undo.changes);
    expect(state.rows('tv_units').map(place)).toEqual(units.map(place));
    expect(state.rows('discrepancies').every((r) => r.deleted)).toBe(true);
  });
});

describe('checkReceipt in serial mode (what the receipt form calls)', () => {
  const SENT = { smartboard: 4, bracket: 0, serials: ['A-1', 'A-2', 'A-3', 'A-4'] };

  it('the TV discrepancies come from the tally and name their serials', () => {
    expect(checkReceipt(receipt(), SENT)).toEqual([]);
    expect(neededDiscrepancies(SENT, receipt())).toEqual([
      { item: 'smartboard', reason: 'kurang', quantity: 1, serials: ['A-3'] },
      { item: 'smartboard', reason: 'lebih', quantity: 1, serials: ['X-9'] },
      { item: 'smartboard', reason: 'rusak', quantity: 1, serials: ['A-4'] },
    ]);
  });

  it('reports the per-field rules first, then the serial ones; without loaded serials none', () => {
    const r = receipt({ receiver_name: ' ', tv_serials: null });
    expect(checkReceipt(r, SENT).map((p) => [p.path.join('.'), p.message.key])).toEqual([
      ['receiver_name', 'handover.receiverNameRequired'],
      ['tv_serials', 'serial.scanRequired'],
    ]);
    // The payload alone (the schema) cannot know the mode: no serial rule.
    expect(checkReceipt(r).map((p) => p.message.key)).toEqual(['handover.receiverNameRequired']);
  });

  it('the payload: tv_serials last and optional, each list [] by default; an older one unchanged', () => {
    const parsed = receiptInput.parse({ ...receipt(), tv_serials: { received: ['A-1'] } });
    expect(parsed.tv_serials).toEqual({ received: ['A-1'], damaged: [] });
    expect(Object.keys(parsed).at(-1)).toBe('tv_serials');
    const { tv_serials: _none, ...older } = receipt();
    expect('tv_serials' in receiptInput.parse(older)).toBe(false);
    expect(receiptInput.safeParse({ ...older, tv_serials: { received: [1] } }).success).toBe(false);
  });
});
