// The dashboard's figures (sync/domain/dashboard.ts) against hand-computed cases.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dashboardScope,
  fixedHubs,
  hubFlow,
  hubStock,
  inTransitTotals,
  isMovement,
  podCards,
  progressPercent,
  stockByWarehouse,
} from '../../sync/domain/dashboard';
import { dashboardFigures, StockLedger } from '../../sync/domain/dashboard-figures';
import type { Hub, InventoryRow, Shipment, Warehouse } from '../../sync/model/rows';
import { ledgerRowsOf, shipmentRow, stamped } from '../support/rows';

const base = stamped('2026-11-01T00:00:00Z', '1');
const hub = (id: string, name: string, type: Hub['type'], city: string | null): Hub => ({
  ...base,
  id,
  name,
  type,
  city,
});
const wh = (id: string, hubId: string | null, location: string | null, deleted = false): Warehouse => ({
  ...base,
  id,
  name: `Gudang ${id}`,
  hub_id: hubId,
  location,
  capacity: null,
  deleted,
});
const inv = ledgerRowsOf(base);
let n = 0;
const ship = (over: Partial<Shipment>): Shipment =>
  shipmentRow({
    ...base,
    id: `s${++n}`,
    batch_number: `B${n}`,
    vehicle_id: 'v',
    origin_hub_id: 'krw',
    destination_hub_id: 'ckr',
    current_hub_id: 'krw',
    status: 'otw_cikarang',
    ...over,
  });

const hubs = [
  hub('krw', 'Hub Karawang', 'karawang', 'Karawang'),
  hub('ckr', 'Hub Cikarang', 'cikarang', 'Cikarang'),
  hub('pjk', 'Hub PolJak (Jakarta)', 'poljak', 'Jakarta'),
  hub('psb', 'Hub PolSub (Surabaya)', 'polsub', 'Surabaya'),
  hub('mks', 'POD Makassar', 'pod', 'Makassar'),
  hub('bjm', 'POD Banjarmasin', 'pod', 'Banjarmasin'),
];

describe('inTransitTotals', () => {
  it('counts shipments not unloaded, with their quantities; done and deleted ones are out', () => {
    const shipments = [
      ship({ smartboard_quantity: 10, bracket_quantity: 4 }),
      ship({ status: 'confirm_tiba', smartboard_quantity: 5, bracket_quantity: 5 }),
      ship({ status: 'selesai', selesai_bongkar: true, smartboard_quantity: 100, bracket_quantity: 100 }),
      ship({ deleted: true, smartboard_quantity: 7, bracket_quantity: 7 }),
    ];
    expect(inTransitTotals(shipments)).toEqual({ shipments: 2, tv: 15, bracket: 9 });
    expect(inTransitTotals([])).toEqual({ shipments: 0, tv: 0, bracket: 0 });
  });
});

describe('stock', () => {
  const warehouses = [
    wh('w1', 'krw', 'Karawang'),
    wh('w2', 'krw', null),
    wh('w3', 'ckr', 'Cikarang'),
    wh('w9', 'krw', null, true),
  ];
  const rows = [
    inv('i1', 'w1', 100, 50),
    inv('i2', 'w1', -30, -60),
    inv('i3', 'w2', 5, 0),
    inv('i4', 'w3', -10, -1),
    inv('i5', 'w1', 999, 999, true),
    inv('i6', 'w9', 1000, 1000),
  ];
  const stock = stockByWarehouse(rows);

  it('sums the rows per warehouse (deleted rows out), negative sums kept', () => {
    expect(stock.get('w1')).toEqual({ tv: 70, bracket: -10 });
    expect(stock.get('w3')).toEqual({ tv: -10, bracket: -1 });
  });

  it("a hub's stock sums its live warehouses and is floored at zero", () => {
    // Karawang: w1 (70, -10) + w2 (5, 0) = (75, -10) -> (75, 0); w9 is deleted.
    expect(hubStock('krw', warehouses, stock)).toEqual({ tv: 75, bracket: 0 });
    expect(hubStock('ckr', warehouses, stock)).toEqual({ tv: 0, bracket: 0 });
    expect(hubStock('none', warehouses, stock)).toEqual({ tv: 0, bracket: 0 });
  });
});

describe('hubFlow', () => {
  it('counts what goes to, is at, unloads at and left each hub', () => {
    const shipments = [
      ship({ destination_hub_id: 'ckr', status: 'otw_cikarang' }),
      ship({ destination_hub_id: 'ckr', status: 'otw_cikarang' }),
      ship({ destination_hub_id: 'ckr', status: 'confirm_tiba' }),
      ship({ destination_hub_id: 'ckr', status: 'sedang_bongkar' }),
      ship({ destination_hub_id: 'ckr', status: 'selesai', selesai_bongkar: true }),
      ship({ origin_hub_id: 'ckr', destination_hub_id: 'psb', status: 'otw_polsub' }),
    ];
    expect(hubFlow('ckr', shipments)).toEqual({ incoming: 2, arrived: 1, unloading: 1, outgoing: 1 });
    expect(hubFlow('krw', shipments)).toEqual({ incoming: 0, arrived: 0, unloading: 0, outgoing: 2 });
  });
});

describe('progressPercent', () => {
  it.each([
    [45, 100, '45.0'],
    [1, 3, '33.3'],
    [2, 3, '66.7'],
    [150, 100, '150.0'],
    [-5, 100, '0.0'],
    [5, 0, null],
    [5, null, null],
    [5, undefined, null],
  ])('%s of %s -> %s', (value, max, expected) => {
    expect(progressPercent(value, max)).toBe(expected);
  });
});

describe('isMovement', () => {
  it.each([
    [12, 7, { all: true, in: true, out: false }],
    [-12, -7, { all: true, in: false, out: true }],
    [0, 5, { all: true, in: true, out: false }],
    [0, -5, { all: true, in: false, out: true }],
    [3, -2, { all: true, in: true, out: true }],
    [0, 0, { all: true, in: false, out: false }],
  ])('tv %s bracket %s', (tv, bracket, expected) => {
    const row = { smartboard_quantity: tv, bracket_quantity: bracket };
    expect({ all: isMovement(row, 'all'), in: isMovement(row, 'in'), out: isMovement(row, 'out') }).toEqual(
      expected,
    );
  });
});

describe('fixedHubs', () => {
  it('finds Karawang, Cikarang, the Jakarta and Surabaya ports in that order; a missing one is undefined', () => {
    expect(fixedHubs(hubs).map((f) => [f.kind, f.hub?.id])).toEqual([
      ['karawang', 'krw'],
      ['cikarang', 'ckr'],
      ['poljak', 'pjk'],
      ['polsub', 'psb'],
    ]);
    expect(fixedHubs(hubs.filter((h) => h.id !== 'pjk'))[2]!.hub).toBeUndefined();
  });
});

describe('podCards', () => {
  const warehouses = [
    wh('wm', 'mks', 'Makassar'),
    wh('wj', 'pjk', 'Jakarta'),
    wh('wb', 'bjm', 'Banjarmasin'),
    wh('wx', null, 'Kendari'),
  ];
  it('one card per destination city with its stages and stock; fixed cities out; empty cities hidden', () => {
    const shipments = [
      ship({ origin_hub_id: 'pjk', destination_hub_id: 'mks', status: 'otw_podmakasar' }),
      ship({ origin_hub_id: 'psb', destination_hub_id: 'mks', status: 'otw_podmakassar' }),
      ship({ origin_hub_id: 'pjk', destination_hub_id: 'mks', status: 'confirm_tiba' }),
      ship({ origin_hub_id: 'psb', destination_hub_id: 'mks', status: 'sedang_bongkar' }),
      ship({ origin_hub_id: 'pjk', destination_hub_id: 'mks', status: 'selesai_pod', selesai_bongkar: true }),
      // To a fixed hub: not a POD card.
      ship({ destination_hub_id: 'pjk', status: 'otw_poljak' }),
      ship({ destination_hub_id: 'pjk', status: 'confirm_tiba' }),
    ];
    const stock = stockByWarehouse([
      inv('a', 'wm', 150, 150),
      inv('b', 'wm', -20, 0),
      inv('c', 'wj', 500, 500),
      inv('d', 'wb', 0, 0),
      inv('e', 'wx', -3, -3),
    ]);
    expect(podCards(shipments, hubs, warehouses, stock)).toEqual([
      { city: 'Makassar', otw: 2, arrived: 1, unloading: 1, tv: 130, bracket: 150 },
    ]);
  });

  it('a city with stock only still shows; with nothing, no cards', () => {
    const stock = stockByWarehouse([inv('a', 'wb', 4, 0)]);
    expect(podCards([], hubs, warehouses, stock)).toEqual([
      { city: 'Banjarmasin', otw: 0, arrived: 0, unloading: 0, tv: 4, bracket: 0 },
    ]);
    expect(podCards([], hubs, warehouses, new Map())).toEqual([]);
  });
});

describe('dashboardScope (spec 6)', () => {
  it('staff see everything; a hub user its hub; a POD user its city only', () => {
    expect(dashboardScope({ role: 'admin', hubId: null }, hubs)).toEqual({ hubIds: 'all', podCity: 'all' });
    expect(dashboardScope({ role: 'tower_control', hubId: null }, hubs)).toEqual({
      hubIds: 'all',
      podCity: 'all',
    });
    expect(dashboardScope({ role: 'hub_user', hubId: 'ckr' }, hubs)).toEqual({
      hubIds: ['ckr'],
      podCity: null,
    });
    expect(dashboardScope({ role: 'hub_user', hubId: 'mks' }, hubs)).toEqual({
      hubIds: [],
      podCity: 'Makassar',
    });
    expect(dashboardScope({ role: 'hub_user', hubId: null }, hubs)).toEqual({ hubIds: [], podCity: null });
  });
});

describe('StockLedger (the dashboard keeps stock by changed rows)', () => {
  it('applies a new row, an edit that moves a row to another warehouse, a soft delete and a removal', () => {
    const ledger = new StockLedger().reset([inv('i1', 'w1', 10, 4), inv('i2', 'w2', 3, 0)]);
    ledger.applyChange(undefined, inv('i3', 'w1', -4, -4)); // w1: (6, 0)
    ledger.applyChange(inv('i2', 'w2', 3, 0), inv('i2', 'w1', 3, 1)); // w2: (0, 0), w1: (9, 1)
    ledger.applyChange(inv('i1', 'w1', 10, 4), inv('i1', 'w1', 10, 4, true)); // w1: (-1, -3)
    expect(ledger.stock.get('w1')).toEqual({ tv: -1, bracket: -3 });
    expect(ledger.stock.get('w2')).toEqual({ tv: 0, bracket: 0 });
    ledger.applyChange(inv('i3', 'w1', -4, -4), undefined); // w1: (3, 1)
    expect(ledger.stock.get('w1')).toEqual({ tv: 3, bracket: 1 });
  });

  it('equals the sums from scratch after any sequence of writes', () => {
    const row = fc.record({
      id: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
      warehouse: fc.constantFrom('w1', 'w2', 'w3'),
      tv: fc.integer({ min: -50, max: 50 }),
      bracket: fc.integer({ min: -50, max: 50 }),
      deleted: fc.boolean(),
      remove: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 40 }), (writes) => {
        const current = new Map<string, InventoryRow>();
        const ledger = new StockLedger();
        for (const w of writes) {
          const prev = current.get(w.id);
          const next = w.remove ? undefined : inv(w.id, w.warehouse, w.tv, w.bracket, w.deleted);
          if (next) current.set(w.id, next);
          else current.delete(w.id);
          ledger.applyChange(prev, next);
        }
        const scratch = stockByWarehouse([...current.values()]);
        for (const id of ['w1', 'w2', 'w3']) {
          expect(ledger.stock.get(id) ?? { tv: 0, bracket: 0 }).toEqual(
            scratch.get(id) ?? { tv: 0, bracket: 0 },
          );
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('dashboardFigures', () => {
  const warehouses = [wh('w1', 'krw', 'Karawang'), wh('w2', 'krw', null), wh('wm', 'mks', 'Makassar')];
  warehouses[0]!.capacity = 400;
  warehouses[1]!.capacity = 100;
  const shipments = [
    ship({ smartboard_quantity: 12, bracket_quantity: 7 }), // Karawang -> Cikarang, OTW
    ship({
      origin_hub_id: 'pjk',
      destination_hub_id: 'mks',
      status: 'confirm_tiba',
      smartboard_quantity: 5,
      bracket_quantity: 1,
    }),
    ship({ selesai_bongkar: true, status: 'selesai', smartboard_quantity: 99, bracket_quantity: 99 }),
  ];
  const input = {
    shipments,
    warehouses,
    hubs,
    stock: stockByWarehouse([inv('i1', 'w1', 100, 20), inv('i2', 'w2', 25, 0), inv('i3', 'wm', 8, 2)]),
  };

  it('gives admin every fixed hub card and every POD card, with capacities summed', () => {
    const f = dashboardFigures({ role: 'admin', hubId: null }, input);
    // In transit: the first two (12 + 5 TV, 7 + 1 bracket).
    expect(f.inTransit).toEqual({ shipments: 2, tv: 17, bracket: 8 });
    expect(f.hubCards.map((c) => c.kind)).toEqual(['karawang', 'cikarang', 'poljak', 'polsub']);
    const karawang = f.hubCards[0]!;
    expect(karawang.stock).toEqual({ tv: 125, bracket: 20 });
    expect(karawang.capacity).toBe(500);
    expect(karawang.flow).toEqual({ incoming: 0, arrived: 0, unloading: 0, outgoing: 1 });
    expect(f.hubCards[1]!.flow.incoming).toBe(1);
    expect(f.hubCards[1]!.capacity).toBeNull();
    expect(f.podCards).toEqual([{ city: 'Makassar', otw: 0, arrived: 1, unloading: 0, tv: 8, bracket: 2 }]);
  });

  it("gives a hub user its own hub's card only, and a POD user its city's card only", () => {
    const cikarang = dashboardFigures({ role: 'hub_user', hubId: 'ckr' }, input);
    expect(cikarang.hubCards.map((c) => c.kind)).toEqual(['cikarang']);
    expect(cikarang.podCards).toEqual([]);
    const makassar = dashboardFigures({ role: 'hub_user', hubId: 'mks' }, input);
    expect(makassar.hubCards).toEqual([]);
    expect(makassar.podCards.map((c) => c.city)).toEqual(['Makassar']);
  });
});
