// Issue 26: the device's stock balances move with its own pending work. The server keeps
// each warehouse's balance from the ledger rows a command writes (triggers on
// public.inventory, supabase/schemas/functions/stock_balances.sql); here, the same
// rule over the ledger rows a prediction writes: each changed row's stock out (as the view
// held it before) and its new stock in, per warehouse, onto that warehouse's balance as
// the view holds it. One place for every command that moves stock (add_inventory, the
// shipping forms, the unloadings, a correction, a void, an undo): a command's predict
// names ledger rows only, and every prediction passes through here (dispatch.ts, the
// rebase in view.ts), so the balance a screen shows offline is the server's plus the
// device's pending work.
import type { Change, StateReader } from '../commands/types';
import type { InventoryRow, StockBalance } from '../model/rows';

interface Delta {
  tv: number;
  bracket: number;
}

const contribution = (row: InventoryRow | undefined): Delta =>
  !row || row.deleted
    ? { tv: 0, bracket: 0 }
    : { tv: row.smartboard_quantity, bracket: row.bracket_quantity };

/** Per warehouse, what the ledger rows of `changes` move (rows read as `read` holds them before). */
export async function ledgerDeltas(
  changes: readonly Change[],
  read: StateReader,
): Promise<Map<string, Delta>> {
  // The last change of each ledger row is what the prediction leaves.
  const rows = new Map<string, InventoryRow>();
  for (const change of changes)
    if (change.table === 'inventory') rows.set(change.row.id, change.row as InventoryRow);
  const deltas = new Map<string, Delta>();
  const add = (warehouseId: string, d: Delta, sign: 1 | -1) => {
    if (d.tv === 0 && d.bracket === 0) return;
    const q = deltas.get(warehouseId) ?? { tv: 0, bracket: 0 };
    q.tv += sign * d.tv;
    q.bracket += sign * d.bracket;
    deltas.set(warehouseId, q);
  };
  for (const next of rows.values()) {
    const prev = await read.get('inventory', next.id);
    if (prev) add(prev.warehouse_id, contribution(prev), -1);
    add(next.warehouse_id, contribution(next), 1);
  }
  for (const [id, d] of deltas) if (d.tv === 0 && d.bracket === 0) deltas.delete(id);
  return deltas;
}

/**
 * A prediction with the balance changes its ledger rows make: the changes as they are,
 * followed by the new balance of each warehouse they move. A prediction that names
 * balances itself is left as it is.
 */
export async function withBalances(
  changes: Change[],
  read: StateReader,
  issuedAt: string,
): Promise<Change[]> {
  if (!changes.some((c) => c.table === 'inventory') || changes.some((c) => c.table === 'stock_balances'))
    return changes;
  const deltas = await ledgerDeltas(changes, read);
  if (deltas.size === 0) return changes;
  const balances: Change[] = [];
  for (const [warehouseId, d] of deltas) {
    // A warehouse whose balance the device does not hold yet (a first sync not done) starts at
    // 0 here; the pulled balance replaces it once the command is settled (the rebase).
    const current: StockBalance = (await read.get('stock_balances', warehouseId)) ?? {
      id: warehouseId,
      warehouse_id: warehouseId,
      smartboard_quantity: 0,
      bracket_quantity: 0,
      created_at: issuedAt,
      updated_at: issuedAt,
      deleted: false,
      change_xid: '0',
    };
    balances.push({
      table: 'stock_balances',
      row: {
        ...current,
        smartboard_quantity: current.smartboard_quantity + d.tv,
        bracket_quantity: current.bracket_quantity + d.bracket,
      },
    });
  }
  return [...changes, ...balances];
}
