// In-Transit Shipments (/in-transit-detail, spec 2.14): every shipment not yet
// unloaded, with the totals; a row opens Detail Shipment; filters by status,
// origin, destination and loading date kept in the address (issue 30). From
// the local collections, so it opens offline.
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { inTransitTotals, isInTransit, type Shipment } from '../../../sync/pure';
import { DataFreshness } from '../../components/data-freshness';
import { ScreenHeader } from '../../components/screen-header';
import type { DataColumn } from '../../components/data-table';
import { quantityColumns } from '../../components/quantity-columns';
import { ShipmentDetailSheet } from '../../components/shipment-detail-sheet';
import { FilteredShipmentTable } from '../../components/shipment-filter-bar';
import { StatusBadge } from '../../components/status-badge';
import { Button } from '../../components/ui/button';
import { formatDate, formatDateTime, formatStorageDate } from '../../lib/format-date';
import { useT } from '../../lib/i18n';
import { applyFilters } from '../../lib/shipments/shipment-filters';
import { statusLook } from '../../lib/shipments/shipment-status';
import { zoneOfHub } from '../../lib/time-zone';
import { useTablesArrived } from '../../lib/sync-engine';
import { ALL_ROWS, useRxByIds, useRxQuery } from '../../lib/hooks/use-rx-query';
import { useShipmentDetails } from '../../lib/shipments/use-shipment-details';
import { useShipmentFilters } from '../../lib/shipments/use-shipment-filters';
import { useStatusLooks } from '../../lib/shipments/use-status-looks';

const IN_TRANSIT = { selector: { selesai_bongkar: false } };

const TABLES = ['shipments'] as const;

export function InTransitPage() {
  const t = useT();
  const { rows, ready: read } = useRxQuery('shipments', IN_TRANSIT);
  // Until the shipments have arrived (a first sync), the totals and "none" would be false facts.
  const ready = useTablesArrived(TABLES) && read;
  const { rows: hubs } = useRxQuery('hubs', ALL_ROWS);
  const looks = useStatusLooks();
  const shipments = useMemo(() => rows.filter(isInTransit), [rows]);
  const totals = inTransitTotals(shipments);
  const hubsById = useMemo(() => new Map(hubs.map((h) => [h.id, h])), [hubs]);
  const [filters, setFilters] = useShipmentFilters();
  const filtered = useMemo(
    // The loading day as the origin hub's clock shows it (the column below).
    () =>
      applyFilters(
        shipments,
        (s) => ({
          shipment: s,
          date: formatStorageDate(s.loading_date, zoneOfHub(hubsById.get(s.origin_hub_id))),
        }),
        filters,
      ),
    [shipments, filters, hubsById],
  );
  const hubName = (id: string) => hubsById.get(id)?.name ?? id;
  // The header's search opens a shipment (?open=) or filters by a plate (?q=).
  const [params] = useSearchParams();
  const paramOpen = params.get('open');
  const [openId, setOpenId] = useState<string | null>(paramOpen);
  const [seenParam, setSeenParam] = useState(paramOpen);
  if (paramOpen !== seenParam) {
    setSeenParam(paramOpen);
    setOpenId(paramOpen);
  }
  const opened = useRxByIds('shipments', openId ? [openId] : []);
  const open = openId ? opened.get(openId) : undefined;
  const { vehicles, containers } = useShipmentDetails(open ? [open] : []);

  const columns = useMemo<DataColumn<Shipment>[]>(
    () => [
      { id: 'batch', header: t('common.batch'), value: (s) => s.batch_number, oneLine: true },
      ...quantityColumns<Shipment>(t('common.item.smartboard'), t('common.item.bracket')),
      {
        id: 'status',
        header: t('common.status'),
        value: (s) => statusLook(looks, s.status).label,
        cell: (s) => <StatusBadge status={s.status} looks={looks} />,
      },
      {
        id: 'route',
        header: t('common.route'),
        // Wraps, but in two lines at most: squeezed beside the columns kept on one line, it took four.
        className: 'sm:min-w-44',
        value: (s) =>
          `${hubsById.get(s.origin_hub_id)?.name ?? '-'} → ${hubsById.get(s.destination_hub_id)?.name ?? '-'}`,
      },
      {
        id: 'eta',
        header: t('common.eta'),
        value: (s) => s.eta,
        cell: (s) => formatDate(s.eta),
        oneLine: true,
      },
      {
        id: 'loading',
        header: t('common.loadingDate'),
        value: (s) => s.loading_date,
        cell: (s) => formatDateTime(s.loading_date, zoneOfHub(hubsById.get(s.origin_hub_id))),
        oneLine: true,
      },
    ],
    [looks, hubsById, t],
  );

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-4 p-4 md:p-6" data-testid="in-transit-page">
      <ScreenHeader
        title={t('tower.inTransit.title')}
        alignEnd
        actions={
          <Button variant="outline" asChild>
            <Link to="/">
              <ArrowLeft aria-hidden="true" />
              {t('lib.nav.dashboard')}
            </Link>
          </Button>
        }
      >
        <DataFreshness />
      </ScreenHeader>
      <FilteredShipmentTable
        stats={{
          className: 'grid-cols-3',
          ready: ready,
          items: [
            {
              label: t('tower.inTransit.totalShipments'),
              value: totals.shipments,
              testId: 'total-shipments',
            },
            { label: t('tower.inTransit.totalTv'), value: totals.tv, testId: 'total-tv' },
            { label: t('tower.inTransit.totalBracket'), value: totals.bracket, testId: 'total-bracket' },
          ],
        }}
        filterBar={{
          idPrefix: 'in-transit',
          value: filters,
          onChange: setFilters,
          shipments,
          hubName,
          dateLabel: t('common.loadingDate'),
        }}
        tableKey={params.get('q') ?? ''}
        rows={filtered}
        columns={columns}
        rowId={(s) => s.id}
        ready={ready}
        emptyText={t('tower.inTransit.empty')}
        emptyFilteredText={t('tower.inTransit.emptyFiltered')}
        filterPlaceholder={t('tower.inTransit.filterPlaceholder')}
        onRowClick={(s) => setOpenId(s.id)}
        rowLabel={(s) => t('tower.inTransit.rowLabel', { batch: s.batch_number })}
        csvName="in-transit"
        initialFilter={params.get('q') ?? ''}
        initialSort={[{ id: 'loading', desc: true }]}
        testId="in-transit-table"
        caption={t('tower.inTransit.title')}
      />
      {open && (
        <ShipmentDetailSheet
          shipment={open}
          vehicle={vehicles.get(open.vehicle_id)}
          container={containers.get(open.id)}
          hubsById={hubsById}
          looks={looks}
          onClose={() => setOpenId(null)}
        />
      )}
    </div>
  );
}
