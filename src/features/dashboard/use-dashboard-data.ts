// The dashboard's figures, computed on the device from the local collections
// (sync/domain/dashboard-figures.ts): they open offline and follow every pull.
// The collections are held in memory and kept by their change events; the stock is
// each warehouse's balance (issue 26), never a sum over every stored ledger row.
// Until the local database first answers, the figures this viewer last saw
// (stored-figures.ts) stand in, with the time they were computed. On a first sync the
// local figures count only once their tables have arrived (issue 29): half-pulled
// balances would read as 0 stock.
import { useEffect, useMemo } from 'react';
import {
  dashboardFigures,
  type DashboardFigures,
  type DashboardInput,
  type Viewer,
} from '../../../sync/pure';
import { useObservable } from '../../lib/hooks/use-observable';
import { useSyncEngine, useTablesArrived } from '../../lib/sync-engine';
import { readStoredFigures, writeStoredFigures } from './stored-figures';

export type { HubCardData } from '../../../sync/pure';

export interface DashboardData extends DashboardFigures {
  /**
   * The figures are the local database's, its tables arrived (false while the stored ones or
   * none stand in).
   */
  ready: boolean;
  /** When the stored figures shown until then were computed (ISO), or null. */
  storedAt: string | null;
}

const TABLES = ['hubs', 'warehouses', 'shipments', 'stock_balances'] as const;
const EMPTY: DashboardInput = { shipments: [], warehouses: [], hubs: [], stock: new Map() };

/** How long the figures stay unchanged before they are kept (a first sync changes them often). */
const KEEP_AFTER_MS = 1_000;

export function useDashboardData(userId: string, { role, hubId }: Viewer): DashboardData {
  const engine = useSyncEngine();
  const arrived = useTablesArrived(TABLES);
  const { value: input, ready: read } = useObservable<DashboardInput>(
    () => (engine ? engine.dashboardInput() : null),
    engine ? 'dashboard:engine' : 'dashboard:none',
    EMPTY,
  );
  const ready = read && arrived;
  // Read once per viewer: what this device showed them last.
  const stored = useMemo(
    () => readStoredFigures(localStorage, userId, { role, hubId }),
    [userId, role, hubId],
  );
  const live = useMemo(() => dashboardFigures({ role, hubId }, input), [role, hubId, input]);

  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(
      () => writeStoredFigures(localStorage, userId, { role, hubId }, live, new Date()),
      KEEP_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [ready, live, userId, role, hubId]);

  return useMemo(
    () =>
      ready || !stored
        ? { ready, storedAt: null, ...live }
        : { ready: false, storedAt: stored.at, ...stored.figures },
    [ready, live, stored],
  );
}
