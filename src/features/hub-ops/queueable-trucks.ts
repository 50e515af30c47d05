// Which trucks Tambah ke Antrian offers at a hub (issue 29, truck-first): the
// active, ready vehicles at this hub or at none and not waiting for their shipping
// form here, and those back from delivering this hub's shipment elsewhere (returnedTrucks);
// at a sea hub (PolJak, PolSub) only sea fleet with a ship name, at a land-only hub
// (Karawang) no sea fleet. Those at this hub first, then those at none, then those
// back from elsewhere, each by plate.
// The search narrows by plate, driver, vendor or ship, ignoring case and spaces.
import { UNLOADED_STATUSES, type Shipment, type Vehicle } from '../../../sync/pure';
import type { HubRouteConfig } from '../../lib/hub-routes';
import { isSeaHub, vehicleModes } from './hub-resolution';
import { tripAfterLastLoading } from './hub-queries';

export interface QueueableTruck {
  vehicle: Vehicle;
  vendorName: string;
  /** The truck stands at this hub already. */
  here: boolean;
  /** Where it stands when that is another hub (it is back from delivering this hub's shipment there). */
  elsewhere: string | null;
}

/**
 * Trucks at another hub that this hub may have back: each one's latest trip
 * (tripAfterLastLoading) was a shipment from this hub to the hub where it stands, and its
 * unloading is done. A truck still on its way, still being unloaded, loaded there for a trip
 * of its own, or just standing at another hub is not one. `shipments`: this hub's shipments
 * of those trucks as the device holds them (its working set keeps a closed one for the
 * retention window; a truck whose trip left it is no longer offered here, nothing else).
 */
export function returnedTrucks(
  vehicles: readonly Vehicle[],
  hubId: string,
  shipments: readonly Pick<
    Shipment,
    | 'vehicle_id'
    | 'origin_hub_id'
    | 'destination_hub_id'
    | 'status'
    | 'selesai_bongkar'
    | 'loading_date'
    | 'deleted'
  >[],
): Set<string> {
  const fromHere = shipments.filter((s) => s.origin_hub_id === hubId);
  const back = new Set<string>();
  for (const v of vehicles) {
    if (!v.current_hub_id || v.current_hub_id === hubId || !v.loading_finished_at) continue;
    const trip = tripAfterLastLoading(v, fromHere);
    if (
      trip?.destination_hub_id === v.current_hub_id &&
      trip.selesai_bongkar &&
      UNLOADED_STATUSES.includes(trip.status)
    )
      back.add(v.id);
  }
  return back;
}

const isSeaFleet = (v: Pick<Vehicle, 'nama_kapal'>) => !!v.nama_kapal?.trim();

export function queueableTrucks(
  vehicles: readonly Vehicle[],
  context: {
    hubId: string;
    hubType: HubRouteConfig['hubType'];
    /** Vehicles at this hub waiting for their shipping form (hub-queries awaitingForm). */
    awaitingIds: ReadonlySet<string>;
    /** Trucks at another hub back from this hub's shipment (returnedTrucks). */
    returnedIds?: ReadonlySet<string>;
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
        (!v.current_hub_id || v.current_hub_id === context.hubId || !!context.returnedIds?.has(v.id)) &&
        !context.awaitingIds.has(v.id) &&
        (!sea || isSeaFleet(v)) &&
        (!landOnly || !isSeaFleet(v)),
    )
    .map((vehicle) => ({
      vehicle,
      vendorName: context.vendorName(vehicle.vendor_id) ?? '',
      here: vehicle.current_hub_id === context.hubId,
      elsewhere:
        vehicle.current_hub_id && vehicle.current_hub_id !== context.hubId ? vehicle.current_hub_id : null,
    }))
    .sort(
      (a, b) =>
        Number(b.here) - Number(a.here) ||
        Number(!!a.elsewhere) - Number(!!b.elsewhere) ||
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
