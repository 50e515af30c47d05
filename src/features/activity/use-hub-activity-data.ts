// Hub Activity's data (spec 2.13, 9; beside HubActivityPage, which renders it): the hub, its
// warehouses' stock (from the balances: issue 26) and ledger rows held here, their shipments and
// what arrived of each (issue 41), the filters kept in the address (issue 30), and the older
// movements read from the server on demand (issue 26), merged by id.
import { useCallback, useMemo } from 'react';
import { hubStock, stockOfBalances, type InventoryRow } from '../../../sync/pure';
import { useReceivedCounts } from '../../lib/handover/use-received-counts';
import {
  asInventoryRow,
  readOlderLedger,
  type OlderLedgerRow,
  type RelatedShipment,
} from '../../lib/older-history';
import { useTablesArrived } from '../../lib/sync-engine';
import { useConfirmedMissing } from '../../lib/hooks/use-confirmed-missing';
import { useOlderPages } from '../../lib/use-older-history';
import { ALL_ROWS, useRxByIds, useRxQuery } from '../../lib/hooks/use-rx-query';
import { useShipmentFilters } from '../../lib/shipments/use-shipment-filters';

const HUB_TABLES = ['hubs'] as const;
// The figures come from the warehouses' balances (issue 26), the list from the ledger rows held here.
const STOCK_TABLES = ['hubs', 'warehouses', 'stock_balances'] as const;
const LEDGER_TABLES = ['hubs', 'warehouses', 'inventory'] as const;

export function useHubActivityData(hubId: string) {
  const hubs = useRxQuery('hubs', ALL_ROWS);
  const warehouses = useRxQuery('warehouses', ALL_ROWS);
  const hub = hubs.rows.find((h) => h.id === hubId && !h.deleted);
  // A hub or its stock missing from a device mid-first-sync may still be on its way (issue 29).
  const hubArrived = useTablesArrived(HUB_TABLES);
  const hubMissing = useConfirmedMissing('hubs', hubId, hubs.ready && !hub && hubArrived);
  const stockArrived = useTablesArrived(STOCK_TABLES);
  const ledgerArrived = useTablesArrived(LEDGER_TABLES);
  const own = useMemo(
    () => warehouses.rows.filter((w) => !w.deleted && w.hub_id === hubId),
    [warehouses.rows, hubId],
  );
  const ownIds = useMemo(() => own.map((w) => w.id).sort(), [own]);
  const inventory = useRxQuery(
    'inventory',
    ownIds.length ? { selector: { warehouse_id: { $in: ownIds } } } : null,
  );
  const balances = useRxQuery('stock_balances', ownIds.length ? { selector: { id: { $in: ownIds } } } : null);
  const rows = useMemo(() => inventory.rows.filter((r) => !r.deleted), [inventory.rows]);
  const stock = hubStock(hubId, own, stockOfBalances(balances.rows));
  const stockReady =
    stockArrived && hubs.ready && warehouses.ready && (ownIds.length === 0 || balances.ready);
  const ready = ledgerArrived && hubs.ready && warehouses.ready && (ownIds.length === 0 || inventory.ready);
  const shipments = useRxByIds(
    'shipments',
    rows.map((r) => r.shipment_id).filter((id): id is string => !!id),
  );
  // Issue 41: what arrived of each related shipment, in the list and its CSV.
  const shipmentList = useMemo(() => [...shipments.values()], [shipments]);
  const received = useReceivedCounts(shipmentList);
  const [filters, setFilters] = useShipmentFilters();
  // Older movements, from the server (issue 26): those dated before the working set's window
  // (the server knows its cutoff), in the range and filters shown.
  const olderKey =
    ready && hub
      ? JSON.stringify([hubId, filters.from, filters.to, filters.status, filters.origin, filters.destination])
      : null;
  const older = useOlderPages<OlderLedgerRow>(
    olderKey,
    (after, limit) =>
      readOlderLedger(
        {
          hubId,
          from: filters.from || undefined,
          to: filters.to || undefined,
          status: filters.status || undefined,
          originHubId: filters.origin || undefined,
          destinationHubId: filters.destination || undefined,
          beforeWindow: true,
        },
        after,
        limit,
      ),
    // A date range reads its older rows by itself (none when it lies within the window).
    { auto: !!(filters.from || filters.to) },
  );
  const { olderRows, olderRelated } = useMemo(() => {
    const held = new Set(inventory.rows.map((r) => r.id));
    const fromServer = older.rows.filter((r) => !held.has(r.id)).map(asInventoryRow);
    return {
      olderRows: fromServer.map((o) => o.row),
      olderRelated: new Map(fromServer.flatMap((o) => (o.shipment ? [[o.row.id, o.shipment] as const] : []))),
    };
  }, [older.rows, inventory.rows]);
  const allRows = useMemo(() => (olderRows.length ? [...rows, ...olderRows] : rows), [rows, olderRows]);
  // A movement's shipment: the one held here, else the fields the server sent with an older row.
  const relatedOf = useCallback(
    (r: InventoryRow): RelatedShipment | undefined =>
      (r.shipment_id ? shipments.get(r.shipment_id) : undefined) ?? olderRelated.get(r.id),
    [shipments, olderRelated],
  );
  return {
    hubs,
    hub,
    hubMissing,
    own,
    stock,
    stockReady,
    ready,
    shipments,
    received,
    filters,
    setFilters,
    older,
    olderKey,
    olderRows,
    olderRelated,
    allRows,
    relatedOf,
  };
}
