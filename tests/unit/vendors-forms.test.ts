// Vendor Detail's Save All Vehicles (spec 5) and Hub management's forms (spec
// 2.8, 5): every message, and what is sent.
import { describe, expect, it } from 'vitest';
import type { Vehicle } from '../../sync';
import { checkAddHub, checkCapacity, checkEditHub, hubTypeLabel } from '../../src/features/hubs/hub-forms';
import { changesOf, newRow, planSave, rowOf } from '../../src/features/vendors/vehicle-rows';
import { HUB, seedId, TRUCK_TYPE, TRUCK_VENDOR, WAREHOUSE } from '../support/demo';

const VENDOR = TRUCK_VENDOR.id;
const TYPE = TRUCK_TYPE;
const truck = {
  id: seedId.vehicle(1),
  vendor_id: VENDOR,
  license_plate: 'B 1234 CD',
  vehicle_type_id: TYPE,
  driver_name: 'Budi',
  driver_phone: '0811',
  nama_kapal: null,
  nama_pelayaran: null,
  deleted: false,
} as unknown as Vehicle;
const ctx = { vendorId: VENDOR, hubId: null };

describe('Save All Vehicles', () => {
  it("says 'No vehicles to save' without rows and 'All vehicles are already saved' when nothing changed", () => {
    expect(planSave([], ctx)).toEqual({ ok: false, message: 'No vehicles to save' });
    expect(planSave([rowOf(truck)], ctx)).toEqual({ ok: false, message: 'All vehicles are already saved' });
  });

  it('names the first incomplete row by its plate, or says without plate', () => {
    const noDriver = { ...newRow('darat'), license_plate: 'B 9 XY', vehicle_type_id: TYPE };
    expect(planSave([noDriver], ctx)).toEqual({
      ok: false,
      message: 'Please fill in all required fields for vehicle B 9 XY',
    });
    const noPlate = { ...newRow('darat'), driver_name: 'Andi' };
    expect(planSave([noPlate], ctx)).toEqual({
      ok: false,
      message: 'Please fill in all required fields for vehicle without plate',
    });
    const noShip = { ...newRow('laut'), license_plate: 'MSKU 1', nama_pelayaran: 'Meratus' };
    expect(planSave([noShip], ctx)).toEqual({
      ok: false,
      message: 'Please fill in all required fields for vehicle MSKU 1',
    });
  });

  it("adds new land and sea rows and edits a changed one, only the fields that changed", () => {
    const land = { ...newRow('darat'), license_plate: 'B 1 AA', vehicle_type_id: TYPE, driver_name: 'Andi' };
    const sea = { ...newRow('laut'), license_plate: 'MSKU 2', nama_kapal: 'KM Bahari', nama_pelayaran: 'Meratus' };
    const edited = { ...rowOf(truck), driver_phone: '0822' };
    expect(changesOf(edited)).toEqual({ driver_phone: '0822' });
    const plan = planSave([edited, land, sea], { vendorId: VENDOR, hubId: HUB.karawang });
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.commands.map((c) => c.type)).toEqual(['edit_vehicle', 'add_vehicle', 'add_vehicle']);
    expect(plan.commands[0]!.payload).toEqual({ vehicle_id: truck.id, changes: { driver_phone: '0822' } });
    expect(plan.commands[1]!.payload).toMatchObject({
      vendor_id: VENDOR,
      mode: 'darat',
      license_plate: 'B 1 AA',
      vehicle_type_id: TYPE,
      current_hub_id: HUB.karawang,
    });
    expect(plan.commands[2]!.payload).toMatchObject({ mode: 'laut', nama_kapal: 'KM Bahari', vehicle_type_id: null });
  });

  it("a land row without its type is stopped by the command's own rule, naming the row", () => {
    const untyped = { ...newRow('darat'), license_plate: 'B 2 BB', driver_name: 'Andi' };
    expect(planSave([untyped], ctx)).toEqual({
      ok: false,
      message: 'Silakan lengkapi minimal Nomor Polisi dan Jenis Kendaraan (B 2 BB)',
    });
  });
});

describe('hub forms', () => {
  it("'Hub name is required' after trimming; an empty city is sent as null", () => {
    const blank = checkAddHub({ name: '   ', city: '' });
    expect(blank.ok).toBe(false);
    if (!blank.ok) expect(blank.first).toBe('Hub name is required');
    const ok = checkAddHub({ name: 'Hub Bogor', city: '  ' });
    expect(ok).toMatchObject({ ok: true, payload: { name: 'Hub Bogor', city: null } });
  });

  it('an edit sends only what changed, and nothing when nothing did', () => {
    const hub = { id: '11111111-0000-4000-8000-000000000009', name: 'Hub Bogor', city: null };
    expect(checkEditHub(hub, { name: 'Hub Bogor', city: '' })).toEqual({ ok: true, payload: null });
    expect(checkEditHub(hub, { name: 'Hub Bogor', city: 'Bogor' })).toMatchObject({
      ok: true,
      payload: { hub_id: hub.id, changes: { city: 'Bogor' } },
    });
    const blank = checkEditHub(hub, { name: ' ', city: '' });
    expect(blank.ok).toBe(false);
    if (!blank.ok) expect(blank.errors.name).toBe('Hub name is required');
  });

  it('serial tracking (issue 42) travels only when switched', () => {
    const hub = { id: '11111111-0000-4000-8000-000000000009', name: 'Hub Bogor', city: null };
    const same = { name: 'Hub Bogor', city: '' };
    expect(checkEditHub(hub, { ...same, serial_tracking: false })).toEqual({ ok: true, payload: null });
    expect(checkEditHub(hub, { ...same, serial_tracking: true })).toEqual({
      ok: true,
      payload: { hub_id: hub.id, changes: { serial_tracking: true } },
    });
    expect(checkEditHub({ ...hub, serial_tracking: true }, { ...same, serial_tracking: false })).toEqual({
      ok: true,
      payload: { hub_id: hub.id, changes: { serial_tracking: false } },
    });
  });

  it("shows the type 'Hub' by default", () => {
    expect(hubTypeLabel('hub')).toBe('Hub');
    expect(hubTypeLabel(null)).toBe('Hub');
    expect(hubTypeLabel('pod')).toBe('POD');
  });

  it('a capacity is a whole number 0 or more, or empty for none', () => {
    const w = WAREHOUSE.karawang;
    expect(checkCapacity(w, '')).toMatchObject({ ok: true, payload: { capacity: null } });
    expect(checkCapacity(w, '500')).toMatchObject({ ok: true, payload: { capacity: 500 } });
    for (const bad of ['-1', '1.5', 'banyak']) {
      const r = checkCapacity(w, bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.first).toBe('Kapasitas harus berupa bilangan bulat 0 atau lebih');
    }
  });
});
