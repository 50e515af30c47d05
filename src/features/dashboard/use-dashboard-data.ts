// The dashboard's figures, computed on the device from the local collections
// (sync/domain/dashboard.ts): they open offline and follow every pull.
import { useMemo } from 'react';
import {
  dashboardScope,
  fixedHubs,
  hubFlow,
  hubStock,
  inTransitTotals,
  podCards,
  stockByWarehouse,
  type Hub,
  type Warehouse,
  type HubFlow,
  type PodCard,
  type Quantities,
  type Viewer,
} from '../../../sync';
import { useRxQuery } from '../../lib/use-rx-query';

const ALL = { selector: {} };

/** The warehouse's capacity, where an admin has set one (the hub card's maximum). */
const capacityOf = (w: Warehouse): number | null => w.capacity ?? null;

export interface HubCardData {
  kind: 'karawang' | 'cikarang' | 'poljak' | 'polsub';
  hub: Hub | undefined;
  stock: Quantities;
  flow: HubFlow;
  /** The sum of its warehouses' capacities, or null when none is set. */
  capacity: number | null;
}

export interface DashboardData {
  ready: boolean;
  inTransit: ReturnType<typeof inTransitTotals>;
  hubCards: HubCardData[];
  podCards: PodCard[];
}

export function useDashboardData({ role, hubId }: Viewer): DashboardData {
  const shipments = useRxQuery('shipments', ALL);
  const inventory = useRxQuery('inventory', ALL);
  const warehouses = useRxQuery('warehouses', ALL);
  const hubs = useRxQuery('hubs', ALL);
  const stock = useMemo(() => stockByWarehouse(inventory.rows), [inventory.rows]);
  return useMemo(() => {
    const scope = dashboardScope({ role, hubId }, hubs.rows);
    const hubCards = fixedHubs(hubs.rows)
      .filter(({ hub }) => scope.hubIds === 'all' || (hub && scope.hubIds.includes(hub.id)))
      .map(({ kind, hub }) => {
        const own = hub ? warehouses.rows.filter((w) => !w.deleted && w.hub_id === hub.id) : [];
        const capacities = own.map(capacityOf).filter((c): c is number => c !== null);
        return {
          kind: kind as HubCardData['kind'],
          hub,
          stock: hub ? hubStock(hub.id, warehouses.rows, stock) : { tv: 0, bracket: 0 },
          flow: hub ? hubFlow(hub.id, shipments.rows) : { incoming: 0, arrived: 0, unloading: 0, outgoing: 0 },
          capacity: capacities.length ? capacities.reduce((a, b) => a + b, 0) : null,
        };
      });
    const pods = podCards(shipments.rows, hubs.rows, warehouses.rows, stock).filter(
      (c) => scope.podCity === 'all' || (scope.podCity !== null && c.city.toLowerCase() === scope.podCity.toLowerCase()),
    );
    return {
      ready: shipments.ready && inventory.ready && warehouses.ready && hubs.ready,
      inTransit: inTransitTotals(shipments.rows),
      hubCards,
      podCards: pods,
    };
  }, [role, hubId, shipments.rows, shipments.ready, inventory.ready, warehouses.rows, warehouses.ready, hubs.rows, hubs.ready, stock]);
}
