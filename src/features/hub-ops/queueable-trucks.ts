// Which trucks Tambah ke Antrian offers at a hub (issue 29, truck-first): the
// active, ready vehicles not at another hub and not waiting for their shipping
// form here; at a sea hub (PolJak, PolSub) only sea fleet with a ship name, at a
// land-only hub (Karawang) no sea fleet. Those at this hub first, then by plate.
// The search narrows by plate, driver, vendor or ship, ignoring case and spaces.
import type { Vehicle } from '../../../sync/pure';
import type { HubRouteConfig } from '../../lib/hub-routes';
import { isSeaHub, vehicleModes } from './hub-resolution';

export interface QueueableTruck {
  vehicle: Vehicle;
  vendorName: string;
  /** The truck stands at this hub already. */
  here: boolean;
}

const isSeaFleet = (v: Pick<Vehicle, 'nama_kapal'>) => !!v.nama_kapal?.trim();

export function queueableTrucks(
  vehicles: readonly Vehicle[],
  context: {
    hubId: string;
    hubType: HubRouteConfig['hubType'];
    /** Vehicles at this hub waiting for their shipping form (hub-queries awaitingForm). */
    awaitingIds: ReadonlySet<string>;
    vendorName: (vendorId: string) => string | undefined;
  },
): QueueableTruck[] {
  const sea = isSeaHub(context.hubType);
  const landOnly = !vehicleModes(context.hubType).includes('laut');
  return vehicles
    .filter(
      (v) =>
        v.is_active &&
        v.ready &&
        !v.siap_muat &&
        !v.sedang_muat &&
        (!v.current_hub_id || v.current_hub_id === context.hubId) &&
        !context.awaitingIds.has(v.id) &&
        (!sea || isSeaFleet(v)) &&
        (!landOnly || !isSeaFleet(v)),
    )
    .map((vehicle) => ({
      vehicle,
      vendorName: context.vendorName(vehicle.vendor_id) ?? '',
      here: vehicle.current_hub_id === context.hubId,
    }))
    .sort(
      (a, b) =>
        Number(b.here) - Number(a.here) ||
        a.vehicle.license_plate.localeCompare(b.vehicle.license_plate, 'id', { numeric: true }) ||
        a.vehicle.id.localeCompare(b.vehicle.id),
    );
}

const fold = (text: string | null | undefined) => (text ?? '').toLowerCase().replace(/\s+/g, '');

/** The search of the list: every word must be found in the plate, driver, vendor or ship (spaces ignored). */
export function matchesTruck(truck: QueueableTruck, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const { vehicle: v } = truck;
  const haystack = [v.license_plate, v.driver_name, truck.vendorName, v.nama_kapal, v.nama_pelayaran]
    .map(fold)
    .join('\u0000');
  const whole = fold(search);
  // "B 9012 XY" finds "B9012XY" and the other way round; several words may match different fields.
  return haystack.includes(whole) || words.every((w) => haystack.includes(w));
}

/** The trucks the list shows: the optional vendor filter, then the search. */
export function filterTrucks(
  trucks: readonly QueueableTruck[],
  filter: { vendorId: string; search: string },
): QueueableTruck[] {
  return trucks.filter(
    (t) => (!filter.vendorId || t.vehicle.vendor_id === filter.vendorId) && matchesTruck(t, filter.search),
  );
}
