// Issue 29: what a shipment may take out of its origin warehouse. The stock is
// the warehouse's balance (the sum of its live ledger rows; outgoing ones are
// negative); below zero counts as none (spec 9). On the device the balance is
// the view's, so the device's own pending work (its queued shipments' negative
// rows) is already in it (sync/replication/balances.ts). The server makes the same check under the warehouse row's lock
// (public.cmd_require_stock, supabase/schemas/functions/cmd_shipping.sql).
import { keyed, type KeyedMessage } from '../message';
import type { StockBalance, Warehouse } from '../model/rows';

export interface Stock {
  smartboards: number;
  brackets: number;
}

/**
 * The warehouse's stock from its balance (issue 26: the server's sum of its live
 * ledger rows, moved on the device by its own pending work), floored at zero;
 * undefined while the device has no balance for it (not pulled yet): then only
 * the server can tell.
 */
export function availableStock(
  balance: Pick<StockBalance, 'smartboard_quantity' | 'bracket_quantity' | 'deleted'> | undefined,
): Stock | undefined {
  if (!balance || balance.deleted) return undefined;
  return { smartboards: Math.max(0, balance.smartboard_quantity), brackets: Math.max(0, balance.bracket_quantity) };
}

export interface StockShortfall {
  field: 'smartboard_quantity' | 'bracket_quantity';
  message: KeyedMessage;
}

/**
 * What taking `asked` out of `stock` lacks, item by item, in the server's words
 * (the smartboards first: the server names the first item short).
 */
export function stockShortfalls(warehouse: Pick<Warehouse, 'name'>, stock: Stock, asked: Stock): StockShortfall[] {
  const out: StockShortfall[] = [];
  if (asked.smartboards > stock.smartboards)
    out.push({
      field: 'smartboard_quantity',
      message: keyed('stockShort', {
        item: 'Smartboard',
        warehouse: warehouse.name,
        available: stock.smartboards,
        asked: asked.smartboards,
      }),
    });
  if (asked.brackets > stock.brackets)
    out.push({
      field: 'bracket_quantity',
      message: keyed('stockShort', { item: 'Bracket', warehouse: warehouse.name, available: stock.brackets, asked: asked.brackets }),
    });
  return out;
}

/** A batch number is taken by a live shipment other than `except` that is not voided. */
export const VOIDED_STATUS = 'dibatalkan';

export function batchTaken(
  shipments: readonly { id: string; batch_number: string; status: string; deleted: boolean }[],
  batchNumber: string,
  except?: string,
): boolean {
  return shipments.some(
    (s) => !s.deleted && s.id !== except && s.batch_number === batchNumber && s.status !== VOIDED_STATUS,
  );
}
