// Inventory Master (/inventory; the menus' Inventory Gudang and My Inventory,
// spec 2.5, 9): the warehouses this user may read with their stock, the
// totals and what is on the way; Tambah Inventory. From the local
// collections: it opens and saves offline. The stock is each warehouse's
// balance (issue 26), never a sum over every stored ledger row.
import { useMemo, useState } from 'react';
import { Boxes, Plus, Truck, Warehouse as WarehouseIcon } from 'lucide-react';
import { RejectionsAlert } from '../../components/rejections-alert';
import { DataFreshness } from '../../components/data-freshness';
import { StatCards } from '../../components/stat-cards';
import { EmptyState } from '../../components/empty-state';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { formatNumber } from '../../lib/format-date';
import { useT } from '../../lib/i18n';
import { useTablesArrived } from '../../lib/sync-engine';
import { ALL_ROWS, useRxQuery } from '../../lib/hooks/use-rx-query';
import { stockOfBalances } from '../../../sync/pure';
import { AddInventoryDialog } from './add-inventory-dialog';
import { SerialStockSection } from './serial-stock-section';
import { inventorySummary, warehouseCards } from './inventory-totals';

const IN_TRANSIT = { selector: { selesai_bongkar: false } };
const STOCK_TABLES = ['warehouses', 'stock_balances'] as const;
const TRANSIT_TABLES = ['shipments'] as const;

export function InventoryPage() {
  const t = useT();
  const warehouses = useRxQuery('warehouses', ALL_ROWS);
  const balances = useRxQuery('stock_balances', ALL_ROWS);
  const transit = useRxQuery('shipments', IN_TRANSIT);
  const [adding, setAdding] = useState(false);
  // Until their tables have arrived (a first sync), 0 stock or "no warehouses" would be false facts.
  const ready = useTablesArrived(STOCK_TABLES) && warehouses.ready && balances.ready;
  const transitReady = useTablesArrived(TRANSIT_TABLES) && transit.ready;
  const cards = useMemo(
    () => warehouseCards(warehouses.rows, stockOfBalances(balances.rows)),
    [warehouses.rows, balances.rows],
  );
  const figures = useMemo(() => inventorySummary(cards, transit.rows), [cards, transit.rows]);
  const summary = [
    {
      label: t('inventory.summary.warehouses'),
      value: figures.warehouses,
      icon: WarehouseIcon,
      testId: 'summary-warehouses',
    },
    { label: t('inventory.summary.tv'), value: figures.tv, icon: Boxes, testId: 'summary-tv' },
    { label: t('inventory.summary.bracket'), value: figures.bracket, icon: Boxes, testId: 'summary-bracket' },
  ];

  return (
    <div
      className="mx-auto grid w-full max-w-6xl gap-4 p-4 md:p-6"
      data-testid="inventory-page"
      data-ready={ready}
    >
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{t('inventory.title')}</h1>
          <p className="text-muted-foreground">{t('inventory.subtitle')}</p>
          <DataFreshness />
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          {t('inventory.add')}
        </Button>
      </header>
      <RejectionsAlert />
      <StatCards items={summary} ready={ready} className="grid-cols-2 lg:grid-cols-4">
        <Card>
          <CardHeader className="flex flex-row items-center justify-between pb-0">
            <CardTitle className="text-sm font-medium text-muted-foreground">
              {t('inventory.summary.inTransit')}
            </CardTitle>
            <Truck className="size-4 text-muted-foreground" aria-hidden="true" />
          </CardHeader>
          <CardContent className="flex gap-4 text-sm" data-testid="summary-in-transit">
            {!transitReady ? (
              <Skeleton className="h-8 w-32" />
            ) : (
              (
                [
                  [figures.inTransit.tv, t('common.item.smartboard')],
                  [figures.inTransit.bracket, t('common.item.bracket')],
                ] as const
              ).map(([count, unit]) => (
                <span key={unit}>
                  <span className="text-2xl font-semibold tabular-nums">{formatNumber(count)}</span> {unit}
                </span>
              ))
            )}
          </CardContent>
        </Card>
      </StatCards>
      {!ready ? (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : cards.length === 0 ? (
        <EmptyState>{t('inventory.noWarehouses')}</EmptyState>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {cards.map(({ warehouse, tv, bracket }) => (
            <Card key={warehouse.id} data-testid="warehouse-card" data-name={warehouse.name}>
              <CardHeader>
                <CardTitle className="text-base">{warehouse.name}</CardTitle>
                <p className="text-sm text-muted-foreground">{warehouse.location ?? '-'}</p>
              </CardHeader>
              <CardContent className="flex flex-wrap gap-2">
                <Badge variant="info" data-testid="warehouse-tv">
                  {t('inventory.tvStock', { value: formatNumber(tv) })}
                </Badge>
                <Badge variant="success" data-testid="warehouse-bracket">
                  {t('inventory.bracketStock', { value: formatNumber(bracket) })}
                </Badge>
              </CardContent>
            </Card>
          ))}
        </div>
      )}
      <SerialStockSection />
      {adding && <AddInventoryDialog warehouses={warehouses.rows} onClose={() => setAdding(false)} />}
    </div>
  );
}
