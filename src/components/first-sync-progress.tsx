// A new tablet's first sync (issue 14): how many rows have arrived of about how many, per
// table, instead of an empty screen. What has arrived is already on the screens (they read the
// local collections as each batch is written), so the user can start on it.
import type { TableProgress } from '../../sync/pure';
import { formatNumber } from '../lib/format-date';
import { cn } from '../lib/utils';

export const FIRST_SYNC_TITLE = 'First sync on this device';
export const FIRST_SYNC_HINT = 'What has arrived can be used already.';

const TABLE_LABELS: Record<TableProgress['table'], string> = {
  hubs: 'Hubs',
  warehouses: 'Warehouses',
  stock_balances: 'Stock balances',
  profiles: 'Users',
  shipment_statuses: 'Statuses',
  vendors: 'Vendors',
  vehicle_types: 'Vehicle types',
  vehicles: 'Vehicles',
  shipments: 'Shipments',
  containers: 'Containers',
  inventory: 'Inventory',
  shipment_documents: 'Documents',
  discrepancies: 'Discrepancies',
};

const count = formatNumber;

/** All tables together: rows so far, about how many, and the whole percent. */
export function firstSyncTotals(tables: readonly TableProgress[]): {
  done: number;
  total: number;
  percent: number;
} {
  const done = tables.reduce((sum, t) => sum + t.done, 0);
  const total = tables.reduce((sum, t) => sum + Math.max(t.total, t.done), 0);
  return { done, total, percent: total === 0 ? 100 : Math.floor((done / total) * 100) };
}

export function firstSyncLine(tables: readonly TableProgress[]): string {
  const { done, total, percent } = firstSyncTotals(tables);
  return `${FIRST_SYNC_TITLE}: ${count(done)} of ${count(total)} rows (${percent}%)`;
}

/** The bar and line under the header while the first sync runs; `detailed` lists every table. */
export function FirstSyncProgress({
  tables,
  detailed = false,
  className,
}: {
  tables: readonly TableProgress[];
  detailed?: boolean;
  className?: string;
}) {
  const { done, total, percent } = firstSyncTotals(tables);
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('grid gap-1.5 text-sm', className)}
      data-testid="first-sync"
      data-done={done}
      data-total={total}
    >
      <p className="font-medium">{firstSyncLine(tables)}</p>
      <div
        role="progressbar"
        aria-label={FIRST_SYNC_TITLE}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      {detailed ? (
        <ul className="grid gap-0.5 text-xs text-muted-foreground" aria-label={FIRST_SYNC_TITLE}>
          {tables.map((t) => (
            <li
              key={t.table}
              className="flex justify-between gap-4 tabular-nums"
              data-testid="first-sync-table"
            >
              <span>{TABLE_LABELS[t.table]}</span>
              <span>
                {count(t.done)} / {count(Math.max(t.total, t.done))}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-muted-foreground">{FIRST_SYNC_HINT}</p>
      )}
    </div>
  );
}
