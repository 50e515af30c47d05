// Issue 29, truck first: which trucks Tambah ke Antrian offers at a hub, in
// which order, and how the search and the optional vendor filter narrow them.
import { describe, expect, it } from 'vitest';
import type { Vehicle } from '../../sync';
import {
  filterTrucks,
  matchesTruck,
  queueableTrucks,
  type QueueableTruck,
} from '../../src/features/hub-ops/queueable-trucks';
import { vehicleRow } from '../support/rows';

const HERE = 'hub-here';
const OTHER = 'hub-other';

const vehicle = (id: string, flags: Partial<Vehicle>): Vehicle => vehicleRow({ id, ...flags });

const VENDORS: Record<string, string> = { v1: 'PT Sinar Jaya', v2: 'PT Laut Biru' };
const context = (hubType: 'karawang' | 'cikarang' | 'poljak' | 'polsub', awaiting: string[] = []) => ({
  hubId: HERE,
  hubType,
  awaitingIds: new Set(awaiting),
  vendorName: (id: string) => VENDORS[id],
});
const plates = (trucks: readonly QueueableTruck[]) => trucks.map((t) => t.vehicle.license_plate);

describe('the trucks a hub may queue', () => {
  const fleet = [
    vehicle('30', { current_hub_id: null }),
    vehicle('20', { current_hub_id: HERE }),
    vehicle('10', { current_hub_id: null }),
    vehicle('40', { current_hub_id: OTHER }),
    vehicle('50', { current_hub_id: HERE, loading_finished_at: '2026-01-02T00:00:00Z' }),
    vehicle('60', { ready: false, siap_muat: true, current_hub_id: HERE }),
    vehicle('70', { is_active: false }),
    vehicle('80', { nama_kapal: 'KM Nusantara', vendor_id: 'v2' }),
    vehicle('9', { current_hub_id: HERE }),
  ];

  it('lists those at this hub first, then the rest, each by plate; none at another hub, waiting for a form, queued or inactive', () => {
    const trucks = queueableTrucks(fleet, context('cikarang', ['50']));
    expect(plates(trucks)).toEqual(['B 9', 'B 20', 'B 10', 'B 30', 'B 80']);
    expect(trucks.map((t) => t.here)).toEqual([true, true, false, false, false]);
    expect(trucks[0]!.vendorName).toBe('PT Sinar Jaya');
  });

  it('offers only sea fleet at PolJak and PolSub, and no sea fleet at Karawang', () => {
    expect(plates(queueableTrucks(fleet, context('poljak')))).toEqual(['B 80']);
    expect(plates(queueableTrucks(fleet, context('polsub')))).toEqual(['B 80']);
    expect(plates(queueableTrucks(fleet, context('karawang', ['50'])))).toEqual([
      'B 9',
      'B 20',
      'B 10',
      'B 30',
    ]);
  });

  it('a truck waiting for its form is offered once it is no longer waiting', () => {
    expect(plates(queueableTrucks(fleet, context('cikarang', [])))).toContain('B 50');
  });
});

describe('the search and the vendor filter', () => {
  const trucks = queueableTrucks(
    [
      vehicle('1', { license_plate: 'B 9012 XY', driver_name: 'Budi Santoso' }),
      vehicle('2', { license_plate: 'D 77 AB', driver_name: 'Agus', vendor_id: 'v2' }),
    ],
    context('cikarang'),
  );

  it('finds by plate with or without spaces, any case', () => {
    expect(plates(filterTrucks(trucks, { vendorId: '', search: 'b9012' }))).toEqual(['B 9012 XY']);
    expect(plates(filterTrucks(trucks, { vendorId: '', search: '9012 xy' }))).toEqual(['B 9012 XY']);
    expect(plates(filterTrucks(trucks, { vendorId: '', search: '  ' }))).toEqual(['B 9012 XY', 'D 77 AB']);
  });

  it('finds by driver and by vendor, each word anywhere', () => {
    expect(plates(filterTrucks(trucks, { vendorId: '', search: 'santoso' }))).toEqual(['B 9012 XY']);
    expect(plates(filterTrucks(trucks, { vendorId: '', search: 'laut biru' }))).toEqual(['D 77 AB']);
    expect(plates(filterTrucks(trucks, { vendorId: '', search: 'agus d77' }))).toEqual(['D 77 AB']);
    expect(matchesTruck(trucks[0]!, 'zzz')).toBe(false);
  });

  it('the vendor filter is optional and narrows with the search', () => {
    expect(plates(filterTrucks(trucks, { vendorId: 'v2', search: '' }))).toEqual(['D 77 AB']);
    expect(plates(filterTrucks(trucks, { vendorId: 'v2', search: 'budi' }))).toEqual([]);
  });
});
