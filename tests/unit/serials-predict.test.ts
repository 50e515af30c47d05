// Issue 42 on the device, without a server: register_serials, the shipping forms' tv_serials
// and the void's units back, predicted against a memory state (each refusal by its key and
// parameters, in the server's order). The server's side of the same rules:
// supabase/schemas/functions/cmd_serials.sql and its integration tests.
import { describe, expect, it } from 'vitest';
import { definitionOf } from '../../sync/commands/catalogue';
import type { Change } from '../../sync/commands/types';
import { MAX_SERIALS } from '../../sync/domain/serials';
import type { KeyedMessage } from '../../sync/message';
import type { TvUnit } from '../../sync/model/rows';
import { HUB, ID, stamp, WH } from '../support/prediction-world';
import { balanceRow, shipmentRow } from '../support/rows';
import {
  admin,
  cikarangUser,
  ISSUED,
  karawangUser,
  predict,
  refused,
  schemaRefusal,
  tower,
  unit,
  world,
} from '../support/serials-world';

const register = (serials: string[], hub = HUB(1)) => ({
  hub_id: hub,
  units: serials.map((serial, i) => ({ unit_id: ID(800 + i), serial })),
});

const unitsOf = (changes: Change[]) =>
  changes.filter((c) => c.table === 'tv_units').map((c) => c.row as TvUnit);

describe('register_serials', () => {
  it("puts each unit in the hub's stock by its serial's one form", async () => {
    const state = world();
    const changes = await predict(
      state,
      karawangUser,
      'register_serials',
      register([' tv-0001\r\n', 'TV-0002']),
    );
    expect(unitsOf(changes)).toEqual([
      {
        ...stampOf(ID(800)),
        serial: 'TV-0001',
        state: 'in_stock',
        hub_id: HUB(1),
        shipment_id: null,
        moved: false,
      },
      {
        ...stampOf(ID(801)),
        serial: 'TV-0002',
        state: 'in_stock',
        hub_id: HUB(1),
        shipment_id: null,
        moved: false,
      },
    ]);
    expect(changes).toHaveLength(2);
    // An admin may too.
    expect(await predict(world(), admin, 'register_serials', register(['TV-0003']))).toHaveLength(1);
  });

  it('is for an admin or a user of that hub: tower control and another hub are refused', async () => {
    expect(await refused(predict(world(), tower, 'register_serials', register(['TV-0001'])))).toEqual({
      code: 'forbidden',
      keyed: { key: 'forbiddenAction' },
    });
    expect(await refused(predict(world(), cikarangUser, 'register_serials', register(['TV-0001'])))).toEqual({
      code: 'forbidden',
      keyed: { key: 'forbiddenHub' },
    });
  });

  it('refuses a hub it does not know, and a hub that does not track serials', async () => {
    expect(await refused(predict(world(), admin, 'register_serials', register(['TV-0001'], HUB(9))))).toEqual(
      {
        code: 'not_found',
        keyed: { key: 'hubNotFound' },
      },
    );
    expect(
      await refused(predict(world(), cikarangUser, 'register_serials', register(['TV-0001'], HUB(2)))),
    ).toEqual({
      code: 'precondition',
      keyed: { key: 'serial.trackingOff', params: { hub: 'Hub Cikarang' } },
    });
  });

  it('takes 1 to 500 units (more: serial.tooMany with its number)', () => {
    const many = Array.from({ length: MAX_SERIALS + 1 }, (_, i) => `TV-${i}`);
    expect(schemaRefusal('register_serials', register(many))).toEqual({
      key: 'serial.tooMany',
      params: { max: 500 },
    });
    expect(
      definitionOf('register_serials').schema.safeParse(register(many.slice(0, MAX_SERIALS))).success,
    ).toBe(true);
    expect(schemaRefusal('register_serials', register([]))).toEqual({ key: 'invalidCommand' });
  });

  it('refuses, unit by unit in order: not a serial, twice in the list, already registered', async () => {
    const state = world({ tv_units: [unit(1, 'TV-0009', { state: 'missing', hub_id: null })] });
    expect(
      await refused(predict(state, karawangUser, 'register_serials', register(['TV-0001', '  ab  ']))),
    ).toEqual({
      code: 'validation',
      keyed: { key: 'serial.invalid', params: { serial: 'ab' } },
    });
    expect(
      await refused(predict(state, karawangUser, 'register_serials', register(['tv-0001', 'TV-0001']))),
    ).toEqual({
      code: 'validation',
      keyed: { key: 'serial.alreadyScanned', params: { serial: 'TV-0001' } },
    });
    // Registered already in any state, anywhere (this one is missing).
    expect(
      await refused(predict(state, karawangUser, 'register_serials', register(['tv-0009', 'x']))),
    ).toEqual({
      code: 'precondition',
      keyed: { key: 'serial.alreadyRegistered', params: { serial: 'TV-0009' } },
    });
    const long = `${'A'.repeat(70)}!`;
    expect(await refused(predict(state, karawangUser, 'register_serials', register([long])))).toEqual({
      code: 'validation',
      keyed: { key: 'serial.invalid', params: { serial: 'A'.repeat(64) } },
    });
    expect(state.rows('tv_units')).toHaveLength(1);
  });

  it('on a replay, its own units pulled from the server are not "already registered"', async () => {
    const state = world({ tv_units: [unit(100, 'TV-0001', { id: ID(800) })] });
    const changes = await predict(state, karawangUser, 'register_serials', register(['TV-0001']), false);
    expect(unitsOf(changes).map((u) => [u.id, u.serial])).toEqual([[ID(800), 'TV-0001']]);
    // Another unit with that serial: the replay predicts nothing (the server refuses it).
    const other = world({ tv_units: [unit(1, 'TV-0001')] });
    expect(await predict(other, karawangUser, 'register_serials', register(['TV-0001']), false)).toEqual([]);
  });
});

function stampOf(id: string) {
  return { id, created_at: ISSUED, updated_at: ISSUED, deleted: false, change_xid: '0' };
}

const darat = (tv: number, serials?: string[], over: Record<string, unknown> = {}) => ({
  hub_id: HUB(1),
  shipment_id: ID(201),
  vehicle_id: ID(1),
  destination_warehouse_id: WH(2),
  batch_number: 'B-1',
  smartboard_quantity: tv,
  bracket_quantity: 0,
  inventory_id: ID(301),
  image_count: 0,
  ...(serials && { tv_serials: serials }),
  ...over,
});

const poljak = (tv: number, serials?: string[]) => ({
  hub_id: HUB(3),
  shipment_id: ID(202),
  container_id: ID(402),
  inventory_id: ID(302),
  vehicle_id: ID(4),
  pelayaran: 'Meratus Line',
  nama_kapal: 'KM Bahari',
  no_container: 'MRTU 123456 7',
  etd: '2026-11-30',
  eta: '2026-12-06',
  destination_hub_id: HUB(5),
  smartboard_quantity: tv,
  bracket_quantity: 0,
  image_count: 1,
  batch_number: 'POLJAK-1764388800000',
  ...(serials && { tv_serials: serials }),
});

const stock = () => [unit(1, 'TV-0001'), unit(2, 'TV-0002'), unit(3, 'TV-0003')];

describe('the shipping forms with serials', () => {
  it('load the scanned units onto the new shipment (darat)', async () => {
    const state = world({ tv_units: stock() });
    const changes = await predict(
      state,
      karawangUser,
      'create_shipment_darat',
      darat(2, ['tv-0002', 'TV-0001 ']),
    );
    expect(changes.map((c) => c.table)).toEqual([
      'shipments',
      'inventory',
      'vehicles',
      'tv_units',
      'tv_units',
    ]);
    expect(unitsOf(changes)).toEqual([
      { ...unit(2, 'TV-0002'), state: 'in_transit', hub_id: null, shipment_id: ID(201), moved: true },
      { ...unit(1, 'TV-0001'), state: 'in_transit', hub_id: null, shipment_id: ID(201), moved: true },
    ]);
    // The third stays in stock.
    expect(await state.get('tv_units', ID(703))).toMatchObject({ state: 'in_stock', hub_id: HUB(1) });
  });

  it('load the scanned units onto the new shipment (PolJak)', async () => {
    const state = world({ tv_units: [unit(5, 'TV-0005', { hub_id: HUB(3) })] });
    const changes = await predict(state, admin, 'create_shipment_poljak', poljak(1, ['TV-0005']));
    expect(unitsOf(changes)).toEqual([
      {
        ...unit(5, 'TV-0005', { hub_id: HUB(3) }),
        state: 'in_transit',
        hub_id: null,
        shipment_id: ID(202),
        moved: true,
      },
    ]);
  });

  it('take exactly one serial a TV', async () => {
    expect(
      await refused(
        predict(world({ tv_units: stock() }), karawangUser, 'create_shipment_darat', darat(2, ['TV-0001'])),
      ),
    ).toEqual({
      code: 'validation',
      keyed: { key: 'serial.countMismatch', params: { count: 1, quantity: 2 } },
    });
    expect(
      await refused(predict(world({ tv_units: stock() }), karawangUser, 'create_shipment_darat', darat(2))),
    ).toEqual({
      code: 'validation',
      keyed: { key: 'serial.countMismatch', params: { count: 0, quantity: 2 } },
    });
    // Brackets only: no serials.
    const brackets = darat(0, [], { bracket_quantity: 5 });
    expect(
      unitsOf(await predict(world({ tv_units: stock() }), karawangUser, 'create_shipment_darat', brackets)),
    ).toEqual([]);
  });

  it('refuse each serial as the scanner does: not a serial, twice, on another shipment, not in this stock', async () => {
    const units = [
      ...stock(),
      unit(4, 'TV-0004', { state: 'in_transit', hub_id: null, shipment_id: ID(299) }),
      unit(5, 'TV-0005', { hub_id: HUB(2) }),
      unit(6, 'TV-0006', { state: 'missing', hub_id: null }),
    ];
    const cases: Array<[string[], string, KeyedMessage]> = [
      [['TV-0001', '?'], 'validation', { key: 'serial.invalid', params: { serial: '?' } }],
      [['TV-0001', 'tv-0001'], 'validation', { key: 'serial.alreadyScanned', params: { serial: 'TV-0001' } }],
      [['TV-0004', 'TV-0001'], 'conflict', { key: 'serial.inOpenShipment', params: { serial: 'TV-0004' } }],
      [['TV-0001', 'TV-0005'], 'precondition', { key: 'serial.notInStock', params: { serial: 'TV-0005' } }],
      [['TV-0006', 'TV-0001'], 'precondition', { key: 'serial.notInStock', params: { serial: 'TV-0006' } }],
      [['TV-0001', 'TV-9999'], 'precondition', { key: 'serial.notInStock', params: { serial: 'TV-9999' } }],
    ];
    for (const [serials, code, keyed] of cases) {
      const state = world({ tv_units: units });
      expect(
        await refused(predict(state, karawangUser, 'create_shipment_darat', darat(2, serials))),
        serials.join(),
      ).toEqual({ code, keyed });
      expect(state.rows('shipments')).toEqual([]);
      expect(state.rows('tv_units')).toEqual(units);
    }
  });

  it("check the serials after the form's other checks (the stock first)", async () => {
    const state = world({ tv_units: stock(), stock_balances: [balanceRow(stamp, WH(1), 1, 0)] });
    const refusal = await refused(
      predict(state, karawangUser, 'create_shipment_darat', darat(2, ['TV-0001'])),
    );
    expect(refusal.keyed?.key).toBe('stockShort');
  });

  it('at a hub that does not track serials: none taken, and without them all as before', async () => {
    const cikarang = { ...darat(2), hub_id: HUB(2), vehicle_id: ID(3), destination_warehouse_id: WH(1) };
    expect(
      await refused(
        predict(world(), cikarangUser, 'create_shipment_darat', { ...cikarang, tv_serials: ['TV-0001'] }),
      ),
    ).toEqual({
      code: 'precondition',
      keyed: { key: 'serial.trackingOff', params: { hub: 'Hub Cikarang' } },
    });
    const without = await predict(world(), cikarangUser, 'create_shipment_darat', cikarang);
    const empty = await predict(world(), cikarangUser, 'create_shipment_darat', {
      ...cikarang,
      tv_serials: [],
    });
    expect(without.map((c) => c.table)).toEqual(['shipments', 'inventory', 'vehicles']);
    expect(empty).toEqual(without);
  });

  it('refuse more than 500 serials in the schema, with its number', () => {
    const many = Array.from({ length: MAX_SERIALS + 1 }, (_, i) => `TV-${i}`);
    expect(schemaRefusal('create_shipment_darat', darat(MAX_SERIALS + 1, many))).toEqual({
      key: 'serial.tooMany',
      params: { max: 500 },
    });
  });

  it('on a replay, units already on this shipment (pulled) are loaded, not refused', async () => {
    const loaded = [
      unit(1, 'TV-0001', { state: 'in_transit', hub_id: null, shipment_id: ID(201) }),
      unit(2, 'TV-0002'),
    ];
    const changes = await predict(
      world({ tv_units: loaded }),
      karawangUser,
      'create_shipment_darat',
      darat(2, ['TV-0001', 'TV-0002']),
      false,
    );
    expect(unitsOf(changes).map((u) => [u.serial, u.state, u.shipment_id])).toEqual([
      ['TV-0001', 'in_transit', ID(201)],
      ['TV-0002', 'in_transit', ID(201)],
    ]);
  });
});

/** A shipment of two TVs on its way from HUB(1) to HUB(2), and its units TV-000n. */
const shipment = shipmentRow({
  id: ID(201),
  batch_number: 'B-1',
  vehicle_id: ID(1),
  origin_hub_id: HUB(1),
  destination_hub_id: HUB(2),
  status: 'otw_cikarang',
  smartboard_quantity: 2,
});
const onIt = (n: number) =>
  unit(n, `TV-000${n}`, { state: 'in_transit', hub_id: null, shipment_id: ID(201) });

describe('a correction of a shipment carrying units', () => {
  const correction = (tv: number, bracket = 0) => ({
    shipment_id: ID(201),
    smartboard_quantity: tv,
    bracket_quantity: bracket,
    reason: 'salah hitung',
  });

  it('keeps one TV a serial: another TV count is refused, the brackets may change', async () => {
    const state = world({ shipments: [shipment], tv_units: [onIt(1), onIt(2)] });
    expect(await refused(predict(state, tower, 'correct_shipment_counts', correction(3)))).toEqual({
      code: 'validation',
      keyed: { key: 'serial.countMismatch', params: { count: 2, quantity: 3 } },
    });
    const changes = await predict(state, tower, 'correct_shipment_counts', correction(2, 4));
    expect(changes[0]?.row).toMatchObject({ smartboard_quantity: 2, bracket_quantity: 4 });
  });

  it('without units, as before', async () => {
    const state = world({ shipments: [shipment] });
    const changes = await predict(state, tower, 'correct_shipment_counts', correction(3));
    expect(changes[0]?.row).toMatchObject({ smartboard_quantity: 3 });
  });
});

describe('a void', () => {
  it("puts the shipment's units back in the origin's stock", async () => {
    const other = unit(3, 'TV-0003', { state: 'in_transit', hub_id: null, shipment_id: ID(299) });
    const state = world({ shipments: [shipment], tv_units: [onIt(1), onIt(2), other] });
    const changes = await predict(state, tower, 'void_shipment', {
      shipment_id: ID(201),
      reason: 'salah input',
    });
    expect(unitsOf(changes)).toEqual([
      { ...onIt(1), state: 'in_stock', hub_id: HUB(1), shipment_id: null },
      { ...onIt(2), state: 'in_stock', hub_id: HUB(1), shipment_id: null },
    ]);
    expect(await state.get('tv_units', other.id)).toEqual(other);
  });
});
