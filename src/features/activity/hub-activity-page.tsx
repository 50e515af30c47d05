// Hub Activity (/hub-activity/{hubId}, spec 2.13, 9): the hub's stock and its
// movements in and out, filterable (in or out; and by the related shipment's
// status, origin and destination and the movement's date, kept in the address:
// issue 30), each opening Detail Inventory. From the local collections: it
// opens offline. The device holds the movements of its working set; older ones
// are read from the server on demand, online ("Muat riwayat lebih lama", or by
// itself for a date range: issue 26), merged by id into the list and its CSV.
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { isMovement, type InventoryRow, type Movement } from '../../../sync/pure';
import { DataFreshness } from '../../components/data-freshness';
import type { DataColumn } from '../../components/data-table';
import { quantityColumns } from '../../components/quantity-columns';
import { FilteredShipmentTable } from '../../components/shipment-filter-bar';
import { OlderHistoryStep } from '../../components/older-history-step';
import { ShipmentHistory } from '../../components/shipment-history';
import { StatusBadge } from '../../components/status-badge';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { SegmentedControl } from '../../components/ui/segmented-control';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '../../components/ui/sheet';
import { formatDate, formatNumber } from '../../lib/format-date';
import { useT } from '../../lib/i18n';
import { applyFilters } from '../../lib/shipments/shipment-filters';
import { useRxByIds } from '../../lib/hooks/use-rx-query';
import { useStatusLooks } from '../../lib/shipments/use-status-looks';
import { receiptCell } from '../../lib/handover/receipt-marks';
import { useHubActivityData } from './use-hub-activity-data';

type T = ReturnType<typeof useT>;

const filtersOf = (t: T) =>
  [
    { value: 'all', label: t('tower.activity.all') },
    { value: 'in', label: t('tower.activity.in') },
    { value: 'out', label: t('tower.activity.out') },
  ] as const;

const kindOf = (t: T, r: InventoryRow) =>
  r.smartboard_quantity > 0 || r.bracket_quantity > 0
    ? t('tower.activity.in')
    : r.smartboard_quantity < 0 || r.bracket_quantity < 0
      ? t('tower.activity.out')
      : '-';

export function HubActivityPage() {
  const t = useT();
  const { hubId = '' } = useParams();
  const navigate = useNavigate();
  const data = useHubActivityData(hubId);
  const { hubs, hub, hubMissing, own, stock, stockReady, ready, shipments, received } = data;
  const { filters, setFilters, older, olderKey, olderRows, olderRelated, allRows, relatedOf } = data;
  const [filter, setFilter] = useState<Movement>('all');
  const [openId, setOpenId] = useState<string | null>(null);
  const looks = useStatusLooks();
  const hubName = (id: string | null | undefined) => hubs.rows.find((h) => h.id === id)?.name ?? '-';
  const warehouseName = (id: string) => own.find((w) => w.id === id)?.name ?? '-';

  const columns = useMemo<DataColumn<InventoryRow>[]>(
    () => [
      {
        id: 'date',
        header: t('common.date'),
        value: (r) => r.date_recorded,
        cell: (r) => formatDate(r.date_recorded),
        oneLine: true,
      },
      { id: 'batch', header: t('common.batch'), value: (r) => r.batch_number ?? '-', oneLine: true },
      ...quantityColumns<InventoryRow>(t('common.item.smartboard'), t('common.item.bracket')),
      { id: 'type', header: t('common.type'), value: (r) => kindOf(t, r) },
      {
        id: 'destination',
        header: t('common.destination'),
        value: (r) => {
          const s = relatedOf(r);
          return s ? (hubs.rows.find((h) => h.id === s.destination_hub_id)?.name ?? '-') : '-';
        },
      },
      {
        id: 'notes',
        header: t('common.notes'),
        value: (r) => relatedOf(r)?.notes ?? '-',
      },
      {
        id: 'received',
        header: t('handover.discrepancies.received'),
        value: (r) => receiptCell((r.shipment_id && received.get(r.shipment_id)) || null),
      },
    ],
    [relatedOf, hubs.rows, t, received],
  );

  if (hubMissing) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4 p-4 md:p-6" data-testid="hub-activity-error">
        <Alert variant="destructive">
          <AlertTitle>{t('common.errorTitle')}</AlertTitle>
          <AlertDescription>{t('tower.activity.hubNotFound')}</AlertDescription>
        </Alert>
        <Button variant="outline" className="justify-self-start" onClick={() => navigate('/')}>
          <ArrowLeft aria-hidden="true" />
          {t('tower.activity.goBack')}
        </Button>
      </div>
    );
  }

  const shipmentOf = (r: InventoryRow) => (r.shipment_id ? shipments.get(r.shipment_id) : undefined);
  const shown = applyFilters(
    allRows.filter((r) => isMovement(r, filter)),
    (r) => ({ shipment: relatedOf(r) ?? null, date: r.date_recorded }),
    filters,
  );
  const related = [...shipments.values()];
  const open = allRows.find((r) => r.id === openId);
  const openShipment = open ? shipmentOf(open) : undefined;
  const openOlder = open && !openShipment ? olderRelated.get(open.id) : undefined;

  return (
    <div
      className="mx-auto grid w-full max-w-6xl gap-4 p-4 md:p-6"
      data-testid="hub-activity"
      data-hub-id={hubId}
      data-ready={hubs.ready}
    >
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{hub?.name ?? '…'}</h1>
        <p className="text-muted-foreground">{t('screens.hubActivity')}</p>
        <DataFreshness />
      </header>
      <FilteredShipmentTable
        stats={{
          className: 'grid-cols-2',
          ready: stockReady,
          items: [
            { label: t('tower.activity.totalTv'), value: stock.tv, testId: 'stock-tv' },
            { label: t('tower.activity.totalBracket'), value: stock.bracket, testId: 'stock-bracket' },
          ],
        }}
        filterBar={{
          idPrefix: 'activity',
          value: filters,
          onChange: setFilters,
          shipments: related,
          hubName,
          dateLabel: t('common.date'),
        }}
        rows={shown}
        columns={columns}
        rowId={(r) => r.id}
        ready={ready}
        emptyText={t('tower.activity.empty')}
        emptyFilteredText={t('tower.activity.emptyFiltered')}
        filterPlaceholder={t('tower.activity.filterPlaceholder')}
        onRowClick={(r) => setOpenId(r.id)}
        rowLabel={(r) =>
          t('tower.activity.rowLabel', { name: r.batch_number ?? formatDate(r.date_recorded) })
        }
        csvName={t('tower.activity.csvName', { hub: hub?.name ?? hubId })}
        initialSort={[{ id: 'date', desc: true }]}
        testId="activity-table"
        toolbar={
          <SegmentedControl
            label={t('common.filter')}
            value={filter}
            options={filtersOf(t)}
            onChange={(v) => setFilter(v as Movement)}
          />
        }
      />
      {(olderKey !== null || !older.online) && <OlderHistoryStep pages={older} shown={olderRows.length} />}
      {open && (
        <Sheet open onOpenChange={(o) => !o && setOpenId(null)}>
          <SheetContent className="w-full overflow-y-auto p-6 sm:max-w-lg" data-testid="inventory-detail">
            <SheetHeader className="p-0">
              <SheetTitle>{t('tower.activity.detailTitle')}</SheetTitle>
              <SheetDescription>{open.batch_number ?? '-'}</SheetDescription>
            </SheetHeader>
            <dl className="grid gap-2 text-sm">
              {(
                [
                  [t('common.batch'), open.batch_number ?? '-'],
                  [t('common.date'), formatDate(open.date_recorded)],
                  [t('common.warehouse'), warehouseName(open.warehouse_id)],
                  [t('common.item.smartboard'), formatNumber(open.smartboard_quantity)],
                  [t('common.item.bracket'), formatNumber(open.bracket_quantity)],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="grid grid-cols-[9rem_1fr] gap-2">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="font-medium">{value}</dd>
                </div>
              ))}
            </dl>
            {openShipment && (
              <section className="grid gap-2 rounded-md border p-3 text-sm" data-testid="related-shipment">
                <h2 className="font-semibold">
                  {t('tower.activity.shipment', { batch: openShipment.batch_number })}
                </h2>
                <StatusBadge status={openShipment.status} looks={looks} />
                <p>
                  {hubName(openShipment.origin_hub_id)} → {hubName(openShipment.destination_hub_id)}
                </p>
                <RelatedVehicle vehicleId={openShipment.vehicle_id} />
                <p className="text-muted-foreground">
                  {t('common.notesValue', { notes: openShipment.notes ?? '-' })}
                </p>
              </section>
            )}
            {openOlder && (
              <section className="grid gap-2 rounded-md border p-3 text-sm" data-testid="related-shipment">
                <h2 className="font-semibold">
                  {t('tower.activity.shipment', { batch: open.batch_number ?? '-' })}
                </h2>
                <StatusBadge status={openOlder.status} looks={looks} />
                <p>
                  {hubName(openOlder.origin_hub_id)} → {hubName(openOlder.destination_hub_id)}
                </p>
                <p className="text-muted-foreground">
                  {t('common.notesValue', { notes: openOlder.notes ?? '-' })}
                </p>
              </section>
            )}
            {openShipment && <ShipmentHistory shipmentId={openShipment.id} />}
          </SheetContent>
        </Sheet>
      )}
    </div>
  );
}

function RelatedVehicle({ vehicleId }: { vehicleId: string }) {
  const vehicle = useRxByIds('vehicles', [vehicleId]).get(vehicleId);
  if (!vehicle) return null;
  return (
    <p>
      {vehicle.license_plate}
      {vehicle.nama_kapal ? ` · ${vehicle.nama_kapal}` : ''}
    </p>
  );
}
