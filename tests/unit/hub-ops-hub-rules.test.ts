// Issue 6: which hub a page works for, what each hub offers, the queue lists,
// the "waiting to sync" markers, and badge priority (spec 4.1).
import { describe, expect, it } from 'vitest';
import { vehicleBadge, type Hub, type Vehicle } from '../../sync';
import {
  awaitingForm,
  beingUnloaded,
  inboundShipments,
  splitHubVehicles,
  tripAfterLastLoading,
} from '../../src/features/hub-ops/hub-queries';
import {
  floorHubId,
  isSeaHub,
  resolveHub,
  shippingFormOf,
  vehicleModes,
} from '../../src/features/hub-ops/hub-resolution';
import { otwLabelPart } from '../../src/features/hub-ops/otw-label';
import { idsOfPayload, pendingIds } from '../../src/lib/pending-ids';
import { vehicleRow } from '../support/rows';

const hub = (id: string, name: string, type: Hub['type'], extra: Partial<Hub> = {}): Hub => ({
  id,
  name,
  type,
  city: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  deleted: false,
  change_xid: '1',
  ...extra,
});

describe('the hub of a page', () => {
  const hubs = [
    hub('1', 'Hub Karawang', 'karawang'),
    hub('2', 'Hub Cikarang', 'cikarang'),
    hub('3', 'Hub PolJak', 'poljak'),
    hub('4', 'Pelabuhan Surabaya', 'hub'),
    hub('5', 'POD Makassar', 'pod'),
    hub('6', 'Old Cikarang', 'cikarang', { deleted: true, created_at: '2025-01-01T00:00:00Z' }),
  ];

  it('resolves by hub type from the name (then the stored type), live rows only', () => {
    expect(resolveHub(hubs, 'karawang')?.id).toBe('1');
    expect(resolveHub(hubs, 'cikarang')?.id).toBe('2');
    expect(resolveHub(hubs, 'poljak')?.id).toBe('3');
    expect(resolveHub(hubs, 'polsub')?.id).toBe('4');
  });

  it('does not resolve without the hub (the Tambah buttons are then disabled)', () => {
    expect(resolveHub([], 'karawang')).toBeUndefined();
    expect(resolveHub(hubs.slice(0, 2), 'polsub')).toBeUndefined();
  });

  it('takes the oldest of several', () => {
    const two = [
      hub('b', 'Hub Cikarang 2', 'cikarang', { created_at: '2026-02-01T00:00:00Z' }),
      hub('a', 'Hub Cikarang', 'cikarang'),
    ];
    expect(resolveHub(two, 'cikarang')?.id).toBe('a');
  });
});

describe('the hub whose floor a page reads (issue 43)', () => {
  const karawangTablet = { hubId: 'k', hubInfo: { hubType: 'karawang' } };
  const admin = { hubId: null, hubInfo: { hubType: null } };

  it("before the hubs are read: a hub tablet's own hub on its own hub's page, nothing elsewhere", () => {
    expect(floorHubId(false, undefined, karawangTablet, 'karawang')).toBe('k');
    expect(floorHubId(false, undefined, karawangTablet, 'cikarang')).toBeUndefined();
    expect(floorHubId(false, undefined, admin, 'karawang')).toBeUndefined();
  });

  it('once they are read: the resolved hub, whatever the profile names, or none', () => {
    expect(floorHubId(true, { id: '1' }, karawangTablet, 'karawang')).toBe('1');
    expect(floorHubId(true, undefined, karawangTablet, 'karawang')).toBeUndefined();
    expect(floorHubId(true, { id: '2' }, admin, 'cikarang')).toBe('2');
  });
});

describe('what each hub offers', () => {
  it('the Darat/Laut toggle only on Cikarang and PolSub; PolJak always sea; Karawang land', () => {
    expect(vehicleModes('karawang')).toEqual(['darat']);
    expect(vehicleModes('cikarang')).toEqual(['darat', 'laut']);
    expect(vehicleModes('poljak')).toEqual(['laut']);
    expect(vehicleModes('polsub')).toEqual(['darat', 'laut']);
  });

  it('the shipping form and the sea-only queue', () => {
    expect(shippingFormOf('karawang')).toBe('darat');
    expect(shippingFormOf('cikarang')).toBe('darat');
    expect(shippingFormOf('poljak')).toBe('poljak');
    expect(shippingFormOf('polsub')).toBe('polsub');
    expect([isSeaHub('karawang'), isSeaHub('cikarang'), isSeaHub('poljak'), isSeaHub('polsub')]).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it("the PolJak toast names the destination's status", () => {
    expect(otwLabelPart({ name: 'POD Makassar', city: 'Makassar' })).toBe('POD Makassar');
    expect(otwLabelPart({ name: 'Hub PolSub', city: 'Surabaya' })).toBe('Pol Surabaya');
    expect(otwLabelPart({ name: 'POD Ambon', city: 'Ambon' })).toBe('Ambon');
  });
});

const vehicle = (id: string, flags: Partial<Vehicle>): Vehicle =>
  vehicleRow({ id, license_plate: `P ${id}`, vendor_id: 'v', current_hub_id: 'h', ready: false, ...flags });

describe('the vehicle lists', () => {
  it('ready lists siap_muat in queue order, loading sedang_muat, finished the loaded-and-free', () => {
    const list = splitHubVehicles([
      vehicle('b', { siap_muat: true, queued_at: '2026-11-21T02:00:00Z' }),
      vehicle('a', { siap_muat: true, queued_at: '2026-11-21T01:00:00Z' }),
      vehicle('c', { sedang_muat: true }),
      vehicle('d', { ready: true, loading_finished_at: '2026-11-21T03:00:00Z' }),
      vehicle('e', { ready: true }),
      vehicle('f', {}),
    ]);
    expect(list.queued.map((v) => v.id)).toEqual(['a', 'b']);
    expect(list.loading.map((v) => v.id)).toEqual(['c']);
    expect(list.finished.map((v) => v.id)).toEqual(['d']);
  });

  it('a vehicle that arrived after loading elsewhere is not waiting for a shipping form', () => {
    const loadedHere = vehicle('x', { ready: true, loading_finished_at: '2026-11-21T03:00:00Z' });
    const arrived = vehicle('y', { ready: true, loading_finished_at: '2026-11-20T03:00:00Z' });
    const arrivals = [
      { vehicle_id: 'y', loading_date: '2026-11-20T03:10:00Z', deleted: false },
      // An older trip of x that brought it here before it loaded again.
      { vehicle_id: 'x', loading_date: '2026-11-19T03:10:00Z', deleted: false },
    ];
    expect(awaitingForm([loadedHere, arrived], arrivals).map((v) => v.id)).toEqual(['x']);
  });

  it("a vehicle's latest trip left at or after its last loading and is not deleted", () => {
    const v = { id: 'v', loading_finished_at: '2026-11-20T03:00:00Z' };
    const older = { id: 'o', vehicle_id: 'v', loading_date: '2026-11-19T23:59:59Z', deleted: false };
    const other = { id: 'w', vehicle_id: 'w', loading_date: '2026-11-20T05:00:00Z', deleted: false };
    const gone = { id: 'g', vehicle_id: 'v', loading_date: '2026-11-20T04:00:00Z', deleted: true };
    const atOnce = { id: 'a', vehicle_id: 'v', loading_date: '2026-11-20T03:00:00Z', deleted: false };
    const noDate = { id: 'n', vehicle_id: 'v', loading_date: null, deleted: false };
    expect(tripAfterLastLoading(v, [older, other, gone, noDate])).toBeNull();
    expect(tripAfterLastLoading(v, [older, gone, atOnce])?.id).toBe('a');
    // A vehicle never loaded has no loading time: no shipment is its trip.
    expect(tripAfterLastLoading({ id: 'v', loading_finished_at: null }, [atOnce])).toBeNull();
  });

  it('a vehicle that arrived is being unloaded until the shipment that brought it is unloaded', () => {
    const finished = { ready: true, loading_finished_at: '2026-11-20T03:00:00Z' };
    const trip = (vehicle_id: string, selesai_bongkar: boolean, loading_date = '2026-11-20T03:10:00Z') => ({
      vehicle_id,
      loading_date,
      selesai_bongkar,
      deleted: false,
    });
    const unloading = vehicle('u', finished);
    const unloaded = vehicle('d', finished);
    const loadedAgain = vehicle('l', { ready: true, loading_finished_at: '2026-11-22T03:00:00Z' });
    const arrivals = [
      trip('u', false),
      trip('d', true),
      // An older trip of l, still open on the device: l loaded again since, so it is not that trip's.
      trip('l', false),
      { ...trip('d', false), deleted: true },
    ];
    expect(beingUnloaded([unloading, unloaded, loadedAgain], arrivals).map((v) => v.id)).toEqual(['u']);
  });

  it('OTW is every otw_ status bound for the hub', () => {
    expect(inboundShipments('h', 'otw').selector).toEqual({
      destination_hub_id: 'h',
      status: { $gt: 'otw_', $lt: 'otw_\uffff' },
    });
    expect(inboundShipments('h', 'arrival').selector).toEqual({
      destination_hub_id: 'h',
      status: 'confirm_tiba',
    });
    expect(inboundShipments('h', 'unloading').selector).toEqual({
      destination_hub_id: 'h',
      status: 'sedang_bongkar',
    });
  });
});

describe('waiting-to-sync markers', () => {
  it('collect every id a pending command names', () => {
    expect(
      idsOfPayload({ hub_id: 'h', vehicle_ids: ['a', 'b'], notes: 'x', shipment_id: 's', n: 1 }),
    ).toEqual(['h', 'a', 'b', 's']);
    expect(idsOfPayload(null)).toEqual([]);
    const ids = pendingIds([
      { state: 'pending', payload: { vehicle_id: 'v1' } },
      { state: 'applied', payload: { vehicle_id: 'v2' } },
    ]);
    expect([...ids]).toEqual(['v1']);
  });
});

describe('badge priority (spec 4.1)', () => {
  it.each([
    [{ sedang_muat: true, siap_muat: true, ready: true }, 'Sedang Muat'],
    [{ sedang_muat: false, siap_muat: true, ready: true }, 'Siap Muat'],
    [{ sedang_muat: false, siap_muat: false, ready: true }, 'Ready'],
    [{ sedang_muat: false, siap_muat: false, ready: false }, 'Tidak Aktif'],
  ] as const)('%o shows %s', (flags, badge) => {
    expect(vehicleBadge(flags)).toBe(badge);
  });
});
