// Inventory Master's forms and cards (src/features/inventory/inventory-forms.ts).
import { describe, expect, it } from 'vitest';
import type { Actor, Hub, Warehouse } from '../../sync/pure';
import {
  bookableWarehouses,
  inventoryDefaults,
  inventoryFormSchema,
  inventoryPayload,
  warehouseFormSchema,
  warehousePayload,
} from '../../src/features/inventory/inventory-forms';
import { formatStorageDate } from '../../src/lib/format-date';

const messages = (
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  v: unknown,
) => schema.safeParse(v).error?.issues.map((i) => i.message) ?? [];

describe('Tambah Data Inventory', () => {
  const valid = { ...inventoryDefaults(), warehouse_id: 'w1', date: '2026-11-20' };
  it('accepts a complete form and sends yyyy-MM-dd, integers and a null batch when empty', () => {
    expect(messages(inventoryFormSchema, valid)).toEqual([]);
    expect(inventoryPayload({ ...valid, batch_number: '  ' })).toMatchObject({
      warehouse_id: 'w1',
      date_recorded: '2026-11-20',
      smartboard_quantity: 0,
      bracket_quantity: 0,
      batch_number: null,
    });
    expect(inventoryPayload({ ...valid, batch_number: ' B-7 ' }).batch_number).toBe('B-7');
  });
  it.each([
    [{ warehouse_id: '' }, 'Pilih gudang'],
    [{ date: '' }, 'Tanggal harus dipilih'],
    [{ smartboard_quantity: -1 }, 'Jumlah smartboard tidak boleh negatif'],
    [{ bracket_quantity: -3 }, 'Jumlah bracket tidak boleh negatif'],
    [{ smartboard_quantity: 1.5 }, 'Jumlah smartboard tidak boleh negatif'],
  ])('%j -> %s', (change, message) => {
    expect(messages(inventoryFormSchema, { ...valid, ...change })).toEqual([message]);
  });
  it('defaults to today and zero quantities', () => {
    const d = inventoryDefaults();
    expect(d.date).toBe(formatStorageDate(new Date()));
    expect([d.smartboard_quantity, d.bracket_quantity]).toEqual([0, 0]);
  });
});

describe('Tambah Gudang Baru', () => {
  it.each([
    [{ name: '', location: '' }, ['Nama gudang harus diisi']],
    [{ name: '   ', location: '' }, ['Nama gudang harus diisi']],
    [{ name: 'x'.repeat(101), location: '' }, ['Nama terlalu panjang']],
    [{ name: ` ${'x'.repeat(100)} `, location: '' }, []],
  ])('%j', (values, expected) => {
    expect(messages(warehouseFormSchema, values)).toEqual(expected);
  });
  it('trims, and an empty location is null', () => {
    expect(warehousePayload({ name: ' Gudang Bekasi ', location: ' ' })).toMatchObject({
      name: 'Gudang Bekasi',
      location: null,
    });
    expect(warehousePayload({ name: 'G', location: ' Bekasi ' }).location).toBe('Bekasi');
  });
});

describe('the warehouses Tambah Data Inventory offers', () => {
  const hub = (id: string, name: string, type: string, city: string | null = null) =>
    ({ id, name, type, city, deleted: false }) as unknown as Hub;
  const warehouse = (
    id: string,
    name: string,
    hubId: string | null,
    location: string | null = null,
    deleted = false,
  ) => ({ id, name, hub_id: hubId, location, deleted }) as unknown as Warehouse;
  const hubs = [
    hub('krw', 'Hub Karawang', 'karawang', 'Karawang'),
    hub('ckr', 'Hub Cikarang', 'cikarang', 'Cikarang'),
    hub('mks', 'POD Makassar', 'pod', 'Makassar'),
  ];
  const warehouses = [
    warehouse('w-krw', 'Gudang Karawang', 'krw'),
    warehouse('w-ckr', 'Gudang Cikarang', 'ckr'),
    warehouse('w-ckr-old', 'Gudang Cikarang Lama', 'ckr', null, true),
    warehouse('w-mks', 'Gudang Makassar', null, 'Makassar'),
    warehouse('w-new', 'Gudang Baru', 'ckr'),
  ];
  const as = (role: Actor['role'], hubId: string | null = null): Actor => ({ userId: 'u', role, hubId });
  const ids = (actor: Actor, added: string[] = []) =>
    bookableWarehouses(warehouses, actor, hubs, added).map((w) => w.id);

  it('is Gudang Karawang (and those added here) for staff and for Karawang, as spec 5 says', () => {
    expect(ids(as('admin'))).toEqual(['w-krw']);
    expect(ids(as('tower_control'), ['w-new'])).toEqual(['w-krw', 'w-new']);
    expect(ids(as('hub_user', 'krw'))).toEqual(['w-krw']);
  });

  it("is a hub user's own hub's warehouses where it may not book at Gudang Karawang (never one the server refuses)", () => {
    expect(ids(as('hub_user', 'ckr'))).toEqual(['w-ckr', 'w-new']);
    expect(ids(as('hub_user', 'ckr'), ['w-new'])).toEqual(['w-new']);
    // At a POD: the warehouses of its city.
    expect(ids(as('hub_user', 'mks'))).toEqual(['w-mks']);
    // No hub: nothing to book at.
    expect(ids(as('hub_user'))).toEqual([]);
  });
});
