// Issue 29 on the device, without a server: the stock a shipping form may take
// (the warehouse's balance after this device's pending work), whole numbers,
// a batch number once (against the rows the device holds), and the tower's
// corrections and voids. tests/integration/cmd-shipment-*.test.ts hold the
// server to the same rules.
import { issueText, messageText } from '../../sync/message';
import { describe, expect, it } from 'vitest';
import { definitionOf } from '../../sync/commands/catalogue';
import type { Actor, Change } from '../../sync/commands/types';
import { availableStock, batchTaken, stockShortfalls } from '../../sync/domain/stock';
import { CommandRefused } from '../../sync/errors';
import type { InventoryRow, Shipment, StockBalance, Tables, Vehicle } from '../../sync/model/rows';
import { withBalances } from '../../sync/replication/balances';
import { parseCount } from '../../src/lib/quantity';
import { withStockAndBatch } from '../../src/features/hub-ops/shipping-checks';
import { MemoryState } from '../support/memory-state';
import {
  HUB,
  hubs as allHubs,
  ID,
  stamp,
  WH,
  warehouses as allWarehouses,
} from '../support/prediction-world';
import { balanceRow, vehicleRow } from '../support/rows';

// Karawang and Cikarang only.
const hubs = allHubs.slice(0, 2);
const warehouses = allWarehouses.slice(0, 2);
const balance = (tv: number, bracket: number): StockBalance => balanceRow(stamp, WH(1), tv, bracket);
const truck = (n: number): Vehicle =>
  vehicleRow({ ...stamp, id: ID(n), license_plate: `T ${n} KA`, vendor_id: ID(9), current_hub_id: HUB(1) });

const ISSUED = '2026-11-21T07:30:00.000Z';
const karawang: Actor = { userId: ID(100), role: 'hub_user', hubId: HUB(1) };
const tower: Actor = { userId: ID(103), role: 'tower_control', hubId: null };

function world(extra: Partial<{ [T in keyof Tables]: Tables[T][] }> = {}) {
  return new MemoryState({ hubs, warehouses, vehicles: [truck(1), truck(2), truck(3)], ...extra });
}

/** Predicts as dispatch does (with the balances its ledger rows move), and keeps the result in the state. */
async function dispatch(
  state: MemoryState,
  actor: Actor,
  type: string,
  payload: unknown,
  n = 500,
): Promise<Change[]> {
  const definition = definitionOf(type);
  const parsed = definition.schema.parse(payload);
  const command = { id: ID(n), type, payload, issued_at: ISSUED, actor: actor.userId };
  const changes = await withBalances(
    await definition.predict(parsed, { command, actor, read: state }, true),
    state,
    ISSUED,
  );
  state.apply(changes);
  return changes;
}

const darat = (n: number, tv: number, bracket: number, batch = `B-${n}`) => ({
  hub_id: HUB(1),
  shipment_id: ID(200 + n),
  vehicle_id: ID(n),
  destination_warehouse_id: WH(2),
  batch_number: batch,
  smartboard_quantity: tv,
  bracket_quantity: bracket,
  inventory_id: ID(300 + n),
  image_count: 0,
});

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CommandRefused);
  return { code: (error as CommandRefused).code, message: (error as CommandRefused).message };
}

describe('the stock a shipment may take', () => {
  it('is the balance floored at zero; unknown without one', () => {
    expect(availableStock(balance(12, -3))).toEqual({ smartboards: 12, brackets: 0 });
    expect(availableStock(undefined)).toBeUndefined();
    expect(availableStock({ ...balance(5, 5), deleted: true })).toBeUndefined();
  });

  it('names the first item short, with what is there and what is asked', () => {
    const short = stockShortfalls(
      { name: 'Gudang Karawang' },
      { smartboards: 3, brackets: 1 },
      { smartboards: 4, brackets: 2 },
    ).map((s) => ({ field: s.field, message: messageText(s.message) }));
    expect(short).toEqual([
      {
        field: 'smartboard_quantity',
        message: 'Stok Smartboard di Gudang Karawang tidak cukup: tersedia 3, diminta 4.',
      },
      {
        field: 'bracket_quantity',
        message: 'Stok Bracket di Gudang Karawang tidak cukup: tersedia 1, diminta 2.',
      },
    ]);
    expect(
      stockShortfalls({ name: 'G' }, { smartboards: 3, brackets: 1 }, { smartboards: 3, brackets: 1 }),
    ).toEqual([]);
  });

  it("counts this device's pending shipments: the second of two that together exceed the stock is refused", async () => {
    const state = world({ stock_balances: [balance(10, 10)] });
    await dispatch(state, karawang, 'create_shipment_darat', darat(1, 7, 2));
    expect(await state.get('stock_balances', WH(1))).toMatchObject({
      smartboard_quantity: 3,
      bracket_quantity: 8,
    });
    expect(await refusal(dispatch(state, karawang, 'create_shipment_darat', darat(2, 7, 2), 501))).toEqual({
      code: 'precondition',
      message: 'Stok Smartboard di Gudang Karawang tidak cukup: tersedia 3, diminta 7.',
    });
    // Exactly what is left passes.
    await dispatch(state, karawang, 'create_shipment_darat', darat(2, 3, 8), 502);
    expect(await state.get('stock_balances', WH(1))).toMatchObject({
      smartboard_quantity: 0,
      bracket_quantity: 0,
    });
  });

  it('leaves the check to the server while the device has no balance for the warehouse', async () => {
    const changes = await dispatch(world(), karawang, 'create_shipment_darat', darat(1, 50, 50));
    expect(changes.map((c) => c.table)).toContain('shipments');
  });

  it('predicts nothing on a replay that no longer fits (a rebase), instead of refusing', async () => {
    const state = world({ stock_balances: [balance(1, 1)] });
    const definition = definitionOf('create_shipment_darat');
    const payload = definition.schema.parse(darat(1, 5, 0));
    const command = {
      id: ID(600),
      type: 'create_shipment_darat',
      payload,
      issued_at: ISSUED,
      actor: karawang.userId,
    };
    expect(await definition.predict(payload, { command, actor: karawang, read: state }, false)).toEqual([]);
  });
});

describe('whole numbers', () => {
  it.each(['create_shipment_darat', 'create_shipment_poljak', 'correct_shipment_counts'])(
    '%s refuses a fraction with its own message',
    (type) => {
      const result = definitionOf(type).schema.safeParse({ smartboard_quantity: 2.5 });
      expect(result.success).toBe(false);
      const issue = result.error!.issues.find((i) => i.path[0] === 'smartboard_quantity');
      expect(issue && issueText(issue)).toBe('Jumlah harus bilangan bulat.');
    },
  );

  it('the forms keep what was typed: a fraction stays one, empty or not a number is 0', () => {
    expect(parseCount('2.5')).toBe(2.5);
    expect(parseCount('2,5')).toBe(2.5);
    expect(parseCount(' 12 ')).toBe(12);
    expect(parseCount('')).toBe(0);
    expect(parseCount('abc')).toBe(0);
    expect(parseCount(7)).toBe(7);
  });
});

describe('a batch number once', () => {
  const shipment = (batch: string, over: Partial<Shipment> = {}) =>
    ({ ...stamp, id: ID(700), batch_number: batch, status: 'otw_cikarang', ...over }) as Shipment;

  it('is taken by a live shipment the device holds, not by a voided or deleted one, nor by itself', () => {
    expect(batchTaken([shipment('KRW-1')], 'KRW-1')).toBe(true);
    expect(batchTaken([shipment('KRW-1', { status: 'dibatalkan' })], 'KRW-1')).toBe(false);
    expect(batchTaken([shipment('KRW-1', { deleted: true })], 'KRW-1')).toBe(false);
    expect(batchTaken([shipment('KRW-1')], 'KRW-1', ID(700))).toBe(false);
  });

  it('the form and the prediction refuse one the device already holds', async () => {
    const state = world({ stock_balances: [balance(50, 50)] });
    await dispatch(state, karawang, 'create_shipment_darat', darat(1, 1, 1, 'KRW-9'));
    expect(
      await refusal(dispatch(state, karawang, 'create_shipment_darat', darat(2, 1, 1, 'KRW-9'), 501)),
    ).toEqual({
      code: 'conflict',
      message: 'Nomor batch KRW-9 sudah dipakai pengiriman lain.',
    });
    const known = await state.shipmentsWithBatch('KRW-9');
    const checked = withStockAndBatch(
      { ok: true, payload: darat(2, 60, 1, 'KRW-9') },
      { warehouse: warehouses[0], stock: { smartboards: 49, brackets: 49 } },
      known,
    );
    expect(checked).toMatchObject({
      ok: false,
      errors: {
        batch_number: 'Nomor batch KRW-9 sudah dipakai pengiriman lain.',
        smartboard_quantity: 'Stok Smartboard di Gudang Karawang tidak cukup: tersedia 49, diminta 60.',
      },
    });
  });
});

describe('corrections and voids', () => {
  async function shipped() {
    const state = world({ stock_balances: [balance(50, 30)] });
    await dispatch(state, karawang, 'create_shipment_darat', darat(1, 20, 10));
    return state;
  }
  const counts = (tv: number, bracket: number) => ({
    shipment_id: ID(201),
    smartboard_quantity: tv,
    bracket_quantity: bracket,
    reason: ' Salah hitung ',
  });

  it('a correction rewrites the counts and the stock row; the balance follows', async () => {
    const state = await shipped();
    await dispatch(state, tower, 'correct_shipment_counts', counts(25, 4), 510);
    expect(await state.get('shipments', ID(201))).toMatchObject({
      smartboard_quantity: 25,
      bracket_quantity: 4,
    });
    expect(await state.get('inventory', ID(301))).toMatchObject({
      smartboard_quantity: -25,
      bracket_quantity: -4,
    });
    expect(await state.get('stock_balances', WH(1))).toMatchObject({
      smartboard_quantity: 25,
      bracket_quantity: 26,
    });
  });

  it('refuses hub users, more than the stock, the same counts, a received shipment', async () => {
    const state = await shipped();
    expect(
      await refusal(dispatch(state, karawang, 'correct_shipment_counts', counts(1, 1), 511)),
    ).toMatchObject({
      code: 'forbidden',
    });
    expect(await refusal(dispatch(state, tower, 'correct_shipment_counts', counts(51, 10), 512))).toEqual({
      code: 'precondition',
      message: 'Stok Smartboard di Gudang Karawang tidak cukup: tersedia 30, diminta 31.',
    });
    expect(await refusal(dispatch(state, tower, 'correct_shipment_counts', counts(20, 10), 513))).toEqual({
      code: 'precondition',
      message: 'Jumlah baru sama dengan jumlah yang tercatat.',
    });
    state.put('shipments', { ...(await state.get('shipments', ID(201)))!, status: 'confirm_tiba' });
    expect(
      await refusal(dispatch(state, tower, 'void_shipment', { shipment_id: ID(201), reason: 'x' }, 514)),
    ).toEqual({
      code: 'precondition',
      message: 'Pengiriman ini sudah diterima atau dibatalkan; jumlahnya tidak dapat diubah lagi.',
    });
  });

  it('a reason is required', () => {
    const result = definitionOf('void_shipment').schema.safeParse({ shipment_id: ID(201), reason: '   ' });
    expect(result.error?.issues[0] && issueText(result.error?.issues[0])).toBe('Alasan harus diisi.');
  });

  it('a void: not in transit, its stock row gone, the stock back, the truck ready', async () => {
    const state = await shipped();
    await dispatch(state, tower, 'void_shipment', { shipment_id: ID(201), reason: 'Salah truk' }, 520);
    expect(await state.get('shipments', ID(201))).toMatchObject({
      status: 'dibatalkan',
      selesai_bongkar: true,
    });
    expect(((await state.get('inventory', ID(301))) as InventoryRow).deleted).toBe(true);
    expect(await state.get('stock_balances', WH(1))).toMatchObject({
      smartboard_quantity: 50,
      bracket_quantity: 30,
    });
    expect(await state.get('vehicles', ID(1))).toMatchObject({ ready: true, sedang_muat: false });
    expect(
      await refusal(dispatch(state, tower, 'void_shipment', { shipment_id: ID(201), reason: 'lagi' }, 521)),
    ).toMatchObject({
      code: 'precondition',
    });
  });
});
