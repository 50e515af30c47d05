import { describe, expect, it } from 'vitest';
import { issueText } from '../../sync/message';
import type { InventoryRow, Shipment, Warehouse } from '../../sync';
import {
  inventorySummary,
  isEmptyStock,
  warehouseCards,
} from '../../src/features/inventory/inventory-totals';
import { CATALOGUE, stockByWarehouse } from '../../sync';
import { ledgerRow, stamped } from '../support/rows';

const stamp = stamped('2026-11-01T00:00:00Z', '1');
const wh = (id: string, name: string, deleted = false): Warehouse => ({
  ...stamp,
  id,
  name,
  location: 'Karawang',
  hub_id: null,
  capacity: null,
  deleted,
});
const row = (warehouse_id: string, tv: number, bracket: number, deleted = false): InventoryRow =>
  ledgerRow({
    ...stamp,
    id: `${warehouse_id}-${tv}-${bracket}`,
    warehouse_id,
    date_recorded: '2026-11-01',
    smartboard_quantity: tv,
    bracket_quantity: bracket,
    deleted,
  });
const ship = (tv: number, bracket: number, selesai_bongkar: boolean): Shipment =>
  ({
    ...stamp,
    id: `s${tv}${bracket}`,
    smartboard_quantity: tv,
    bracket_quantity: bracket,
    selesai_bongkar,
  }) as Shipment;

describe('Inventory Master totals (spec 2.5, 9)', () => {
  const warehouses = [
    wh('a', 'Gudang Karawang'),
    wh('b', 'Gudang Cikarang'),
    wh('c', 'Gudang Kosong'),
    wh('d', 'Gudang Lama', true),
  ];
  const rows = [
    row('a', 10, 4),
    row('a', -3, -1), // outgoing
    row('b', 5, 0),
    row('b', 1, 1, true), // deleted rows count for nothing
    row('c', 2, 2),
    row('c', -2, -2), // both totals 0: hidden
    row('d', 7, 7), // deleted warehouse: hidden
  ];

  it('sums the rows per warehouse and hides warehouses whose two totals are both 0', () => {
    const cards = warehouseCards(warehouses, stockByWarehouse(rows));
    expect(cards.map((c) => [c.warehouse.id, c.tv, c.bracket])).toEqual([
      ['b', 5, 0],
      ['a', 7, 3],
    ]);
  });

  it('keeps a warehouse with only one total above 0 and hides one with no rows', () => {
    expect(isEmptyStock({ tv: 0, bracket: 0 })).toBe(true);
    expect(isEmptyStock({ tv: 0, bracket: 1 })).toBe(false);
    expect(warehouseCards([wh('x', 'X')], new Map())).toEqual([]);
  });

  it('summarises the shown warehouses and the shipments still in transit', () => {
    const cards = warehouseCards(warehouses, stockByWarehouse(rows));
    const shipments = [ship(3, 2, false), ship(4, 1, false), ship(100, 100, true)];
    expect(inventorySummary(cards, shipments)).toEqual({
      warehouses: 2,
      tv: 12,
      bracket: 3,
      inTransit: { tv: 7, bracket: 3 },
    });
  });
});

describe('set_warehouse_capacity schema', () => {
  const schema = CATALOGUE.get('set_warehouse_capacity')!.schema;
  const id = '00000000-0000-4000-8000-000000000001';
  it('accepts a whole number >= 0 or null', () => {
    expect(schema.safeParse({ warehouse_id: id, capacity: 500 }).success).toBe(true);
    expect(schema.safeParse({ warehouse_id: id, capacity: null }).success).toBe(true);
  });
  it.each([-1, 1.5, '5'])('refuses %p with its message', (capacity) => {
    const r = schema.safeParse({ warehouse_id: id, capacity });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0] && issueText(r.error.issues[0])).toBe('Kapasitas harus berupa bilangan bulat 0 atau lebih');
  });
});
