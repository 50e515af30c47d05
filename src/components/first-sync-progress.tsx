// A new tablet's first sync (issue 14): how many rows have arrived of about how many, per
// table, instead of an empty screen. What has arrived is already on the screens (they read the
// local collections as each batch is written), so the user can start on it.
import type { TableProgress } from '../../sync/pure';
import { formatNumber } from '../lib/format-date';
import { t, useT } from '../lib/i18n';
import { cn } from '../lib/utils';

const TABLE_KEYS = {
  hubs: 'firstSync.tables.hubs',
  warehouses: 'firstSync.tables.warehouses',
  stock_balances: 'firstSync.tables.stock_balances',
  profiles: 'firstSync.tables.profiles',
  shipment_statuses: 'firstSync.tables.shipment_statuses',
  vendors: 'firstSync.tables.vendors',
  vehicle_types: 'firstSync.tables.vehicle_types',
  vehicles: 'firstSync.tables.vehicles',
  shipments: 'firstSync.tables.shipments',
  containers: 'firstSync.tables.containers',
  inventory: 'lib.nav.inventory',
  tv_units: 'firstSync.tables.tv_units',
} as const;

function tableLabel(table: string): string {
  const key = (TABLE_KEYS as Record<string, (typeof TABLE_KEYS)[keyof typeof TABLE_KEYS]>)[table];
  return key ? t(key) : table;
}

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
  return t('firstSync.line', {
    title: t('firstSync.title'),
    done: count(done),
    total: count(total),
    percent: String(percent),
  });
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
  useT(); // renders again when the language changes
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
        aria-label={t('firstSync.title')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      {detailed ? (
        <ul className="grid gap-0.5 text-xs text-muted-foreground" aria-label={t('firstSync.title')}>
          {tables.map((table) => (
            <li
              key={table.table}
              className="flex justify-between gap-4 tabular-nums"
              data-testid="first-sync-table"
            >
              <span>{tableLabel(table.table)}</span>
              <span>
                {count(table.done)} / {count(Math.max(table.total, table.done))}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-muted-foreground">{t('firstSync.hint')}</p>
      )}
    </div>
  );
}
