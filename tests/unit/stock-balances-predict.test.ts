// Issue 26: the balance changes a prediction makes are derived from the ledger rows it
// writes (sync/replication/balances.ts), for any command: a new row, a corrected one, a
// voided one, one moved to another warehouse, several at once.
import { describe, expect, it } from 'vitest';
import type { Change } from '../../sync/commands/types';
import type { InventoryRow, StockBalance } from '../../sync/model/rows';
import { withBalances } from '../../sync/replication/balances';
import { MemoryState } from '../support/memory-state';
import { balanceRow, ledgerRowsOf, stamped } from '../support/rows';

const stamp = stamped('2026-11-01T00:00:00Z', '7');
const AT = '2026-11-26T01:00:00.000Z';

const row = ledgerRowsOf(stamp);
const balance = (warehouse: string, tv: number, bracket: number): StockBalance =>
  balanceRow(stamp, warehouse, tv, bracket);
const ledger = (r: InventoryRow): Change => ({ table: 'inventory', row: r });

/** The balances a prediction ends with, by warehouse. */
async function balancesAfter(state: MemoryState, changes: Change[]) {
  const out = await withBalances(changes, state, AT);
  expect(out.slice(0, changes.length)).toEqual(changes);
  return Object.fromEntries(
    out
      .slice(changes.length)
      .map((c) => c.row as StockBalance)
      .map((b) => [b.warehouse_id, [b.smartboard_quantity, b.bracket_quantity]]),
  );
}

describe('the balance changes of a prediction', () => {
  const state = () =>
    new MemoryState({
      inventory: [row('r1', 'wa', 10, 4), row('r2', 'wa', -3, -1)],
      stock_balances: [balance('wa', 7, 3), balance('wb', 100, 50)],
    });

  it('a new row moves its warehouse by its quantities; rows of one warehouse add up', async () => {
    expect(
      await balancesAfter(state(), [ledger(row('n1', 'wa', 5, 0)), ledger(row('n2', 'wa', 0, 2))]),
    ).toEqual({
      wa: [12, 5],
    });
    // An outgoing row (a shipment) takes stock out.
    expect(await balancesAfter(state(), [ledger(row('n3', 'wb', -12, -7))])).toEqual({ wb: [88, 43] });
  });

  it('a corrected row moves by the difference; a voided (soft-deleted) row takes its stock back', async () => {
    expect(await balancesAfter(state(), [ledger(row('r2', 'wa', -5, -1))])).toEqual({ wa: [5, 3] });
    expect(await balancesAfter(state(), [ledger(row('r2', 'wa', -3, -1, true))])).toEqual({ wa: [10, 4] });
  });

  it('a row moved to another warehouse leaves one and enters the other; the last change of a row counts', async () => {
    expect(await balancesAfter(state(), [ledger(row('r1', 'wb', 10, 4))])).toEqual({
      wa: [-3, -1],
      wb: [110, 54],
    });
    expect(
      await balancesAfter(state(), [ledger(row('n4', 'wa', 1, 1)), ledger(row('n4', 'wa', 2, 0))]),
    ).toEqual({ wa: [9, 3] });
  });

  it('moves nothing when nothing moves, and leaves a prediction without ledger rows or with balances alone', async () => {
    const vehicle = { table: 'vehicles', row: { ...stamp, id: 'v1' } } as unknown as Change;
    expect(await withBalances([vehicle], state(), AT)).toEqual([vehicle]);
    expect(await balancesAfter(state(), [ledger(row('n5', 'wa', 0, 0))])).toEqual({});
    expect(await balancesAfter(state(), [ledger(row('r1', 'wa', 10, 4))])).toEqual({});
    const own: Change[] = [
      ledger(row('n6', 'wa', 1, 0)),
      { table: 'stock_balances', row: balance('wa', 1, 1) },
    ];
    expect(await withBalances(own, state(), AT)).toEqual(own);
  });

  it('a warehouse whose balance the device does not hold yet starts from 0, stamped like a new row', async () => {
    const [, made] = await withBalances([ledger(row('n7', 'wc', 4, 2))], state(), AT);
    expect(made).toEqual({
      table: 'stock_balances',
      row: {
        id: 'wc',
        warehouse_id: 'wc',
        smartboard_quantity: 4,
        bracket_quantity: 2,
        created_at: AT,
        updated_at: AT,
        deleted: false,
        change_xid: '0',
      },
    });
  });

  it('keeps the balance row as held, server stamps included, with the new quantities', async () => {
    const [, moved] = await withBalances([ledger(row('n8', 'wb', 1, 0))], state(), AT);
    expect(moved).toEqual({ table: 'stock_balances', row: { ...balance('wb', 101, 50) } });
  });
});
