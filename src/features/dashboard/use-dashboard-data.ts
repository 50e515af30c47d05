// The dashboard's figures, computed on the device from the local collections
// (sync/domain/dashboard-figures.ts): they open offline and follow every pull.
// The collections are held in memory and kept by their change events, and the
// stock by a ledger of changed rows, so a pulled change costs its own rows.
import { useMemo } from 'react';
import {
  dashboardFigures,
  liveDashboardInput,
  type DashboardFigures,
  type DashboardInput,
  type LocalDatabase,
  type Viewer,
} from '../../../sync';
import { useObservable } from '../../lib/use-observable';
import { useSyncEngine } from '../../lib/sync-engine';

export type { HubCardData } from '../../../sync';

export interface DashboardData extends DashboardFigures {
  ready: boolean;
}

const EMPTY: DashboardInput = { shipments: [], warehouses: [], hubs: [], stock: new Map() };

export function useDashboardData({ role, hubId }: Viewer): DashboardData {
  const engine = useSyncEngine();
  const { value: input, ready } = useObservable<DashboardInput>(
    () => (engine ? liveDashboardInput(engine.db as LocalDatabase) : null),
    engine ? 'dashboard:engine' : 'dashboard:none',
    EMPTY,
  );
  return useMemo(() => ({ ready, ...dashboardFigures({ role, hubId }, input) }), [ready, role, hubId, input]);
}
