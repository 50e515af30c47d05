// The vehicles of one hub's floor: queued, loading, and loaded but waiting for
// their shipping form, plus those that left it (for today's averages).
import { useMemo } from 'react';
import type { Shipment, Vehicle } from '../../../sync/pure';
import { useRxByIds, useRxQuery } from '../../lib/hooks/use-rx-query';
import { dayOf, type Departure } from './dock-times';
import {
  arrivalsOfVehicles,
  awaitingForm,
  departedShipments,
  departedSince,
  splitHubVehicles,
  vehiclesAtHub,
} from './hub-queries';

export interface HubFloor {
  queued: Vehicle[];
  loading: Vehicle[];
  awaiting: Vehicle[];
  /** Every vehicle whose last queue and loading were at this hub. */
  cycledHere: Vehicle[];
  departed: Shipment[];
  /** The queues above are read from the local data (not still loading): they may be counted. */
  ready: boolean;
}

/** `hubId`: the hub whose floor it is; none while the page's hub is not known. */
export function useHubFloor(hubId: string | undefined): HubFloor {
  const atHub = useRxQuery('vehicles', hubId ? vehiclesAtHub(hubId) : null);
  const split = useMemo(() => splitHubVehicles(atHub.rows), [atHub.rows]);
  const finishedIds = split.finished.map((v) => v.id);
  const arrivals = useRxQuery(
    'shipments',
    hubId && finishedIds.length ? arrivalsOfVehicles(hubId, finishedIds) : null,
  );
  const departed = useRxQuery('shipments', hubId ? departedShipments(hubId) : null);
  const departedVehicles = useRxByIds(
    'vehicles',
    departed.rows.map((s) => s.vehicle_id),
  );
  return useMemo(() => {
    const awaiting = awaitingForm(split.finished, arrivals.rows);
    const cycled = new Map<string, Vehicle>();
    for (const v of [...split.queued, ...split.loading, ...awaiting, ...departedVehicles.values()])
      cycled.set(v.id, v);
    return {
      queued: split.queued,
      loading: split.loading,
      awaiting,
      cycledHere: [...cycled.values()],
      departed: departed.rows,
      ready: atHub.ready && (finishedIds.length === 0 || arrivals.ready),
    };
  }, [
    split,
    arrivals.rows,
    departed.rows,
    departedVehicles,
    atHub.ready,
    finishedIds.length,
    arrivals.ready,
  ]);
}

/**
 * Issue 41: the shipments that left this hub today, whatever their status now, with their
 * vehicles (for today's averages: dock-times.ts cyclesOfToday). Read from 12 hours before the
 * Jakarta day starts, a margin for however the stored times are written; the day is checked
 * exactly there.
 */
export function useDeparturesToday(hubId: string | undefined, now: number): Departure[] {
  const day = dayOf(now);
  const since = useMemo(
    () => new Date(Date.parse(`${day}T00:00:00+07:00`) - 12 * 3_600_000).toISOString(),
    [day],
  );
  const { rows } = useRxQuery('shipments', hubId ? departedSince(hubId, since) : null);
  const vehicles = useRxByIds(
    'vehicles',
    rows.map((s) => s.vehicle_id),
  );
  return useMemo(
    () => rows.map((shipment) => ({ shipment, vehicle: vehicles.get(shipment.vehicle_id) })),
    [rows, vehicles],
  );
}
