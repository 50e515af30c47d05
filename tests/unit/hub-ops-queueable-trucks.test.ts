// Issue 29, truck first: which trucks Tambah ke Antrian offers at a hub, in
// which order, and how the search and the optional vendor filter narrow them.
import { describe, expect, it } from 'vitest';
import type { Vehicle } from '../../sync';
import {
  filterTrucks,
  matchesTruck,
  queueableTrucks,
  returnedTrucks,
  type QueueableTruck,
} from '../../src/features/hub-ops/queueable-trucks';
import { shipmentRow, vehicleRow } from '../support/rows';

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

describe("trucks back from this hub's shipment at another hub", () => {
  const LOADED = '2026-11-10T08:00:00Z';
  const trip = (id: string, vehicle: string, flags: Partial<Parameters<typeof shipmentRow>[0]> = {}) =>
    shipmentRow({
      id,
      batch_number: `B-${id}`,
      vehicle_id: vehicle,
      origin_hub_id: HERE,
      destination_hub_id: OTHER,
      status: 'selesai',
      selesai_bongkar: true,
      loading_date: '2026-11-10T09:00:00Z',
      ...flags,
    });
  const at = (id: string, flags: Partial<Vehicle> = {}) =>
    vehicle(id, { current_hub_id: OTHER, loading_finished_at: LOADED, ...flags });
  const fleet = [
    at('11'), // delivered this hub's shipment there, unloaded: back
    at('12'), // its trip is still being unloaded there
    at('13'), // its trip is on its way
    at('14'), // loaded there for a trip of its own (this hub's trip was before that loading)
    at('15', { loading_finished_at: null }), // just standing at another hub
    at('16'), // delivered another hub's shipment there
    at('17'), // this hub's trip went to a third hub; it stands at another
    at('18'), // its trip was voided
    at('19'), // its trip reached a POD and was unloaded there
  ];
  const trips = [
    trip('s11', '11'),
    trip('s12', '12', { status: 'sedang_bongkar', selesai_bongkar: false }),
    trip('s13', '13', { status: 'otw_cikarang', selesai_bongkar: false }),
    trip('s14', '14', { loading_date: '2026-11-09T09:00:00Z' }),
    trip('s16', '16', { origin_hub_id: 'hub-third' }),
    trip('s17', '17', { destination_hub_id: 'hub-third' }),
    trip('s18', '18', { status: 'dibatalkan' }),
    trip('s19', '19', { status: 'selesai_pod' }),
  ];

  it("are those whose latest trip was this hub's shipment to where they stand, unloaded there", () => {
    expect([...returnedTrucks(fleet, HERE, trips)].sort()).toEqual(['11', '19']);
  });

  it('are none while their trips are not read, and none at this hub or at no hub', () => {
    expect(returnedTrucks(fleet, HERE, []).size).toBe(0);
    expect(
      returnedTrucks([vehicle('1', { current_hub_id: HERE, loading_finished_at: LOADED })], HERE, [
        trip('s1', '1'),
      ]).size,
    ).toBe(0);
  });

  it('are offered after those here and those at no hub, each named with where they stand', () => {
    const trucks = queueableTrucks(
      [...fleet, vehicle('20', { current_hub_id: HERE }), vehicle('10', { current_hub_id: null })],
      { ...context('cikarang'), returnedIds: returnedTrucks(fleet, HERE, trips) },
    );
    expect(plates(trucks)).toEqual(['B 20', 'B 10', 'B 11', 'B 19']);
    expect(trucks.map((t) => t.elsewhere)).toEqual([null, null, OTHER, OTHER]);
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
