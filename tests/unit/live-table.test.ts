// The dashboard's live tables (sync/db/live-table.ts) on a real RxDB over
// fake-indexeddb: after every kind of write the in-memory rows equal what a
// query returns, and the dashboard's stock is the stored balances'.
import { describe, expect, it } from 'vitest';
import { liveDashboardInput, liveTable, type LiveTable } from '../../sync/db/live-table';
import { useFakeLocal } from '../support/fake-local';
import { stockOfBalances } from '../../sync/domain/dashboard';
import type { InventoryRow, Shipment, StockBalance } from '../../sync/model/rows';
import { balanceRow, ledgerRowsOf, stamped } from '../support/rows';

const base = stamped('2026-11-01T00:00:00Z', '1');
const inv = ledgerRowsOf(base);

const local = useFakeLocal('00000000-0000-4000-8000-00000000live');

const queried = async () =>
  new Map(
    (await local().db.inventory.find().exec()).map((d) => [d.id, d.toJSON() as unknown as InventoryRow]),
  );

describe('liveTable', () => {
  it('starts from the stored rows, then follows inserts, updates, soft deletes and removals', async () => {
    await local().db.inventory.bulkUpsert([
      inv('a', 'w1', 10, 2),
      inv('b', 'w2', 5, 5),
      inv('gone', 'w1', 1, 1),
    ] as never);
    await local().db.inventory.bulkRemove(['gone']);
    const states: Array<LiveTable<InventoryRow>> = [];
    const sub = liveTable<InventoryRow>(local().db.inventory as never).subscribe((s) =>
      states.push({ rows: new Map(s.rows), changes: s.changes }),
    );
    await expect.poll(() => states.length).toBe(1);
    expect(states[0]!.changes).toBeNull();
    expect(states[0]!.rows).toEqual(await queried());
    expect([...states[0]!.rows.keys()].sort()).toEqual(['a', 'b']);

    // A write may arrive as more than one event bulk: look at the changes in order.
    const changes = () => states.slice(1).flatMap((s) => s.changes ?? []);
    await local().db.inventory.bulkUpsert([inv('c', 'w1', -3, 0), inv('a', 'w2', 10, 2)] as never);
    await expect.poll(() => changes().length).toBe(2);
    expect(changes()).toEqual(
      expect.arrayContaining([
        { prev: undefined, next: inv('c', 'w1', -3, 0) },
        { prev: inv('a', 'w1', 10, 2), next: inv('a', 'w2', 10, 2) },
      ]),
    );
    await local().db.inventory.bulkUpsert([inv('b', 'w2', 5, 5, true)] as never);
    await local().db.inventory.bulkRemove(['c']);
    await expect.poll(() => changes().length).toBe(4);
    expect(changes().slice(2)).toEqual([
      { prev: inv('b', 'w2', 5, 5), next: inv('b', 'w2', 5, 5, true) },
      { prev: inv('c', 'w1', -3, 0), next: undefined },
    ]);
    expect(states.at(-1)!.rows).toEqual(await queried());
    sub.unsubscribe();
  });
});

describe('liveDashboardInput', () => {
  const balance = (warehouse: string, tv: number, bracket: number): StockBalance =>
    balanceRow(base, warehouse, tv, bracket);

  it('takes the stock from the stored balances (issue 26), not from the ledger rows, after writes', async () => {
    const inputs: Array<{ stock: Map<string, unknown>; shipments: readonly Shipment[] }> = [];
    await local().db.stock_balances.bulkUpsert([balance('w1', 40, 4)] as never);
    const sub = liveDashboardInput(local().db).subscribe((i) =>
      inputs.push({ stock: new Map(i.stock), shipments: i.shipments }),
    );
    await expect.poll(() => inputs.length).toBeGreaterThan(0);
    const stored = async () =>
      stockOfBalances(
        (await local().db.stock_balances.find().exec()).map((d) => d.toJSON() as unknown as StockBalance),
      );
    expect(inputs.at(-1)!.stock).toEqual(await stored());
    expect(inputs.at(-1)!.stock.get('w1')).toEqual({ tv: 40, bracket: 4 });
    // A ledger row alone moves nothing: the server's balance (or a prediction's) does.
    await local().db.inventory.bulkUpsert([inv('e', 'w1', 1000, 0)] as never);
    await local().db.stock_balances.bulkUpsert([balance('w3', 7, 7), balance('w1', 41, 5)] as never);
    await expect.poll(() => inputs.at(-1)!.stock.get('w3')).toEqual({ tv: 7, bracket: 7 });
    await expect.poll(() => inputs.at(-1)!.stock.get('w1')).toEqual({ tv: 41, bracket: 5 });
    expect(inputs.at(-1)!.stock).toEqual(await stored());
    await local().db.stock_balances.bulkRemove(['w3']);
    await expect.poll(() => inputs.at(-1)!.stock.has('w3')).toBe(false);
    sub.unsubscribe();
  });
});
