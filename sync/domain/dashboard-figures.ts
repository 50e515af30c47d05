// The dashboard's figures as one computation over the local rows (what
// src/features/dashboard shows and what the bench measures), and the stock
// ledger that keeps per-warehouse sums up to date one changed row at a time,
// so a pulled change costs its own rows, not a pass over every inventory row.
import type { Hub, InventoryRow, Shipment, Warehouse } from '../model/rows';
import {
  dashboardScope,
  fixedHubs,
  hubFlow,
  hubStock,
  inTransitTotals,
  podCards,
  stockContribution,
  type HubFlow,
  type PodCard,
  type Quantities,
  type Viewer,
} from './dashboard';

/**
 * Per-warehouse sums of the inventory rows, kept by applying each row's change
 * (previous version out, new version in). Equal to stockByWarehouse over the
 * rows at every step (tests/unit/domain-dashboard.test.ts checks it).
 */
export class StockLedger {
  private readonly sums = new Map<string, Quantities>();

  get stock(): ReadonlyMap<string, Quantities> {
    return this.sums;
  }

  reset(rows: Iterable<InventoryRow>): this {
    this.sums.clear();
    for (const row of rows) this.add(row, 1);
    return this;
  }

  /** One row changed: `prev` is what it was (undefined when new), `next` what it is (undefined when gone). */
  applyChange(prev: InventoryRow | undefined, next: InventoryRow | undefined): void {
    if (prev) this.add(prev, -1);
    if (next) this.add(next, 1);
  }

  private add(row: InventoryRow, sign: 1 | -1) {
    const c = stockContribution(row);
    if (!c) return;
    const q = this.sums.get(row.warehouse_id) ?? { tv: 0, bracket: 0 };
    q.tv += sign * c.tv;
    q.bracket += sign * c.bracket;
    this.sums.set(row.warehouse_id, q);
  }
}

export interface DashboardInput {
  shipments: readonly Shipment[];
  warehouses: readonly Warehouse[];
  hubs: readonly Hub[];
  /** Per-warehouse sums (a StockLedger's, or stockByWarehouse's). */
  stock: ReadonlyMap<string, Quantities>;
}

export interface HubCardData {
  kind: 'karawang' | 'cikarang' | 'poljak' | 'polsub';
  hub: Hub | undefined;
  stock: Quantities;
  flow: HubFlow;
  /** The sum of its warehouses' capacities, or null when none is set. */
  capacity: number | null;
}

export interface DashboardFigures {
  inTransit: ReturnType<typeof inTransitTotals>;
  hubCards: HubCardData[];
  podCards: PodCard[];
}

/** Spec 2.4, 6, 9: the in-transit card, the fixed hubs' cards and the POD cards this viewer sees. */
export function dashboardFigures(viewer: Viewer, { shipments, warehouses, hubs, stock }: DashboardInput): DashboardFigures {
  const scope = dashboardScope(viewer, hubs);
  const hubCards = fixedHubs(hubs)
    .filter(({ hub }) => scope.hubIds === 'all' || (hub && scope.hubIds.includes(hub.id)))
    .map(({ kind, hub }) => {
      const capacities = hub
        ? warehouses
            .filter((w) => !w.deleted && w.hub_id === hub.id)
            .map((w) => w.capacity ?? null)
            .filter((c): c is number => c !== null)
        : [];
      return {
        kind: kind as HubCardData['kind'],
        hub,
        stock: hub ? hubStock(hub.id, warehouses, stock) : { tv: 0, bracket: 0 },
        flow: hub ? hubFlow(hub.id, shipments) : { incoming: 0, arrived: 0, unloading: 0, outgoing: 0 },
        capacity: capacities.length ? capacities.reduce((a, b) => a + b, 0) : null,
      };
    });
  const pods = podCards(shipments, hubs, warehouses, stock).filter(
    (c) =>
      scope.podCity === 'all' ||
      (scope.podCity !== null && c.city.toLowerCase() === scope.podCity.toLowerCase()),
  );
  return { inTransit: inTransitTotals(shipments), hubCards, podCards: pods };
}
