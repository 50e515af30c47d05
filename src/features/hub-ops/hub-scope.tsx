// What every part of one hub's screen shares: the route config, the resolved
// hub, master data, the pending markers, the clock, the dialogs it opens, and its tabs.
import { createContext, useContext } from 'react';
import type { Hub } from '../../../sync/pure';
import type { HubRouteConfig, TabSlug } from '../../lib/hub-routes';
import type { PendingMarks } from '../../lib/pending-marks';
import type { MasterData } from './use-master-data';

export type HubDialog =
  | { kind: 'queue' }
  | { kind: 'add-vendor' }
  | { kind: 'add-vehicle' }
  | { kind: 'add-sea-fleet' }
  | { kind: 'shipping'; vehicleId: string }
  | { kind: 'complete-unloading'; shipmentId: string };

export interface HubScope {
  config: HubRouteConfig;
  /** The hub's row; undefined while it does not resolve (the Tambah buttons are disabled). */
  hub: Hub | undefined;
  master: MasterData;
  /** The "waiting to sync" markers, read per card (a stable store: the scope does not change with the outbox). */
  pending: PendingMarks;
  now: number;
  open(dialog: HubDialog): void;
  /**
   * Shows another tab at once and moves the URL to it in the next task: Proses Muat opens
   * Sedang Muat within the tap, before the route change (issue 14, P3).
   */
  showTab(tab: TabSlug): void;
}

export const HubScopeContext = createContext<HubScope | null>(null);

export function useHubScope(): HubScope {
  const scope = useContext(HubScopeContext);
  if (!scope) throw new Error('useHubScope outside a hub operations page');
  return scope;
}
