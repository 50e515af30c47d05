// The figures of Inventory Master (spec 2.5, 9): per-warehouse totals are the
// warehouses' stock balances (issue 26: the server's sums of their ledger rows,
// outgoing rows negative, with this device's pending work on top; never a sum over
// every stored ledger row); a warehouse whose two totals are both 0 is hidden; the
// summary adds the shown warehouses and the in-transit shipments. Pure, over the
// local rows, so the screen works offline.
import { inTransitTotals, type Quantities, type Shipment, type Warehouse } from '../../../sync/pure';

export interface WarehouseCard extends Quantities {
  warehouse: Warehouse;
}

export interface InventorySummary {
  warehouses: number;
  tv: number;
  bracket: number;
  inTransit: Quantities;
}

/** Spec 9: hidden when the smartboard and bracket totals are both 0. */
export const isEmptyStock = (q: Quantities): boolean => q.tv === 0 && q.bracket === 0;

/** The live warehouses with their totals (`stock`: by warehouse id), by name, without the empty ones. */
export function warehouseCards(
  warehouses: readonly Warehouse[],
  stock: ReadonlyMap<string, Quantities>,
): WarehouseCard[] {
  return warehouses
    .filter((w) => !w.deleted)
    .map((w) => ({ warehouse: w, ...(stock.get(w.id) ?? { tv: 0, bracket: 0 }) }))
    .filter((card) => !isEmptyStock(card))
    .sort((a, b) => a.warehouse.name.localeCompare(b.warehouse.name, 'id'));
}

/** The four summary cards: the shown warehouses, their TV and bracket sums, and what is on the way. */
export function inventorySummary(
  cards: readonly WarehouseCard[],
  shipments: readonly Shipment[],
): InventorySummary {
  const { tv, bracket } = inTransitTotals(shipments);
  return {
    warehouses: cards.length,
    tv: cards.reduce((sum, c) => sum + c.tv, 0),
    bracket: cards.reduce((sum, c) => sum + c.bracket, 0),
    inTransit: { tv, bracket },
  };
}
