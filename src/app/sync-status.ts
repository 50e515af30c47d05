import { useCallback } from 'react';
import type { SyncStatus } from '../../sync/pure';
import { pendingTotal } from '../components/sync-health';
import { useSyncEngine, useSyncStatusOf } from '../lib/sync-engine';

/** The shell's "Sync now", and the engine's stop before a sign-out wipes the device. */
export function useSyncActions(): { syncNow: () => void; stopEngine: () => Promise<void> } {
  const engine = useSyncEngine();
  const syncNow = useCallback(() => void engine?.syncNow(), [engine]);
  const stopEngine = useCallback(async () => {
    await engine?.stop();
  }, [engine]);
  return { syncNow, stopEngine };
}

const firstSyncOf = (status: SyncStatus) => status.firstSync;
const pendingOf = (status: SyncStatus) => pendingTotal(status);

/** A new device's first-sync progress, or null: the shell renders again only when it moves. */
export const useFirstSync = () => useSyncStatusOf(firstSyncOf, null);

/** What waits to go up (commands and photos); renders again only when the count changes. */
export const usePendingCount = () => useSyncStatusOf(pendingOf, 0);
