// The small master-data tables every hub screen needs, read reactively from the
// sync engine's view (each is a few dozen rows; reading them whole is fine).
import { useMemo } from 'react';
import type { Hub, Vehicle, VehicleType, Vendor, Warehouse } from '../../../sync/pure';
import { statusLooks, type StatusLooks } from '../../lib/shipments/shipment-status';
import { ALL_ROWS, useRxQuery } from '../../lib/hooks/use-rx-query';
import type { HubRouteConfig } from '../../lib/hub-routes';
import { resolveHub } from './hub-resolution';

export interface MasterData {
  hubs: Hub[];
  hubsById: Map<string, Hub>;
  warehouses: Warehouse[];
  vendors: Vendor[];
  vendorsById: Map<string, Vendor>;
  vehicleTypes: VehicleType[];
  vehicleTypesById: Map<string, VehicleType>;
  /** Label and badge colour by status key (Status Shipment's choices). */
  statuses: StatusLooks;
  ready: boolean;
}

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'id');

export function useMasterData(): MasterData {
  const hubs = useRxQuery('hubs', ALL_ROWS);
  const warehouses = useRxQuery('warehouses', ALL_ROWS);
  const vendors = useRxQuery('vendors', ALL_ROWS);
  const vehicleTypes = useRxQuery('vehicle_types', ALL_ROWS);
  const statuses = useRxQuery('shipment_statuses', ALL_ROWS);
  return useMemo(() => {
    const sortedVendors = [...vendors.rows].sort(byName);
    const sortedTypes = [...vehicleTypes.rows].sort(byName);
    return {
      hubs: [...hubs.rows].sort(byName),
      hubsById: new Map(hubs.rows.map((h) => [h.id, h])),
      warehouses: [...warehouses.rows].sort(byName),
      vendors: sortedVendors,
      vendorsById: new Map(sortedVendors.map((v) => [v.id, v])),
      vehicleTypes: sortedTypes,
      vehicleTypesById: new Map(sortedTypes.map((t) => [t.id, t])),
      statuses: statusLooks(statuses.rows),
      ready: hubs.ready,
    };
  }, [hubs.rows, hubs.ready, warehouses.rows, vendors.rows, vehicleTypes.rows, statuses.rows]);
}

/** The hub the page works for, or undefined while it does not resolve (spec 2.9). */
export function useResolvedHub(master: MasterData, hubType: HubRouteConfig['hubType']): Hub | undefined {
  return useMemo(() => resolveHub(master.hubs, hubType), [master.hubs, hubType]);
}

/** What a vehicle is called on a card: the plate, or for a sea fleet unit its container and ship. */
export function vehicleLabel(v: Pick<Vehicle, 'license_plate' | 'nama_kapal'> | undefined): string {
  if (!v) return '-';
  return v.nama_kapal ? `${v.license_plate} · ${v.nama_kapal}` : v.license_plate;
}
