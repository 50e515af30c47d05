// The Mango queries of the hub screens (spec 4.3), each served by an index
// where the list can grow: shipments by [destination_hub_id, status] or
// origin_hub_id, vehicles by vendor_id. Vehicles at a hub are read in one
// query (a few dozen rows) and split in memory.
import type { MangoQuery } from 'rxdb';
import type { Shipment, Vehicle } from '../../../sync/pure';
import type { TabSlug } from '../../lib/hub-routes';

/** Every active vehicle at the hub: the queue, loading, and those waiting for their shipping form. */
export const vehiclesAtHub = (hubId: string): MangoQuery<Vehicle> => ({
  selector: { current_hub_id: hubId, is_active: true },
});

/** Every active vehicle that is ready (the add-to-queue dialog, truck first: queueable-trucks.ts). */
export const readyVehicles = (): MangoQuery<Vehicle> => ({
  selector: { is_active: true, ready: true },
});

export type ShipmentTab = Extract<TabSlug, 'otw' | 'arrival' | 'unloading'>;

/** Spec 4.3: shipments bound for the hub, by tab. OTW is every otw_* status (a range of the index). */
export function inboundShipments(hubId: string, tab: ShipmentTab): MangoQuery<Shipment> {
  const status =
    tab === 'otw'
      ? { $gt: 'otw_', $lt: 'otw_\uffff' }
      : tab === 'arrival'
        ? 'confirm_tiba'
        : 'sedang_bongkar';
  return { selector: { destination_hub_id: hubId, status } as never, sort: [{ created_at: 'desc' }] };
}

/** The hub's completed shipments, the latest first (bounded). */
export const doneShipments = (hubId: string, limit = 100): MangoQuery<Shipment> => ({
  selector: { destination_hub_id: hubId, status: 'selesai' },
  sort: [{ updated_at: 'desc' }],
  limit,
});

/** Shipments that left the hub and are not unloaded yet. */
export const departedShipments = (hubId: string): MangoQuery<Shipment> => ({
  selector: { origin_hub_id: hubId, selesai_bongkar: false },
  sort: [{ created_at: 'desc' }],
});

/**
 * Issue 41: shipments that left the hub since `since` (an ISO instant, a margin before the
 * day's start: the exact day is checked in dock-times.ts), whatever their status now.
 */
export const departedSince = (hubId: string, since: string): MangoQuery<Shipment> => ({
  selector: { origin_hub_id: hubId, loading_date: { $gte: since } } as never,
});

/** Shipments that brought these vehicles to the hub (to tell an arrived vehicle from a loaded one). */
export const arrivalsOfVehicles = (hubId: string, vehicleIds: readonly string[]): MangoQuery<Shipment> => ({
  selector: { destination_hub_id: hubId, vehicle_id: { $in: [...vehicleIds].sort() } } as never,
});

type TripFields = Pick<Shipment, 'vehicle_id' | 'loading_date' | 'deleted'>;

/**
 * The vehicle's latest trip among these shipments: one made with it that left at or after its
 * last loading finished (a shipment's loading_date is when its form was sent). A deleted
 * shipment is no trip. Null when none of them is.
 */
export function tripAfterLastLoading<S extends TripFields>(
  vehicle: Pick<Vehicle, 'id' | 'loading_finished_at'>,
  shipments: readonly S[],
): S | null {
  const loaded = Date.parse(vehicle.loading_finished_at ?? '');
  return (
    shipments.find(
      (s) =>
        s.vehicle_id === vehicle.id &&
        !s.deleted &&
        s.loading_date !== null &&
        Date.parse(s.loading_date) >= loaded,
    ) ?? null
  );
}

/**
 * Vehicles whose loading finished elsewhere and whose shipment that brought them here is not
 * unloaded yet: not free to be queued (Selesai Bongkar would take them off the queue again).
 */
export function beingUnloaded(
  finished: readonly Vehicle[],
  arrivals: readonly (TripFields & Pick<Shipment, 'selesai_bongkar'>)[],
): Vehicle[] {
  const open = arrivals.filter((s) => !s.selesai_bongkar);
  return finished.filter((v) => tripAfterLastLoading(v, open) !== null);
}

/** This hub's shipments made with these vehicles (to tell a truck back from this hub's trip: returnedTrucks). */
export const tripsOfVehicles = (hubId: string, vehicleIds: readonly string[]): MangoQuery<Shipment> => ({
  selector: { origin_hub_id: hubId, vehicle_id: { $in: [...vehicleIds].sort() } } as never,
});

export interface HubVehicles {
  queued: Vehicle[];
  loading: Vehicle[];
  /** Loading finished, shipping form not yet sent (may still be a vehicle that arrived: see awaitingForm). */
  finished: Vehicle[];
}

const byTime =
  (field: 'queued_at' | 'loading_started_at' | 'loading_finished_at') => (a: Vehicle, b: Vehicle) =>
    (a[field] ?? '').localeCompare(b[field] ?? '') || a.license_plate.localeCompare(b.license_plate);

/** Spec 4.3 with the hub filter on every hub: ready = siap_muat, loading = sedang_muat (queue order). */
export function splitHubVehicles(vehicles: readonly Vehicle[]): HubVehicles {
  return {
    queued: vehicles.filter((v) => v.siap_muat && !v.sedang_muat).sort(byTime('queued_at')),
    loading: vehicles.filter((v) => v.sedang_muat).sort(byTime('loading_started_at')),
    finished: vehicles
      .filter((v) => v.ready && !v.siap_muat && !v.sedang_muat && v.loading_finished_at)
      .sort(byTime('loading_finished_at')),
  };
}

/**
 * Vehicles whose loading here finished and whose shipping form was not sent:
 * a vehicle that finished loading elsewhere and then arrived here is not one
 * (a shipment brought it after its loading finished).
 */
export function awaitingForm(finished: readonly Vehicle[], arrivals: readonly TripFields[]): Vehicle[] {
  return finished.filter((v) => tripAfterLastLoading(v, arrivals) === null);
}
