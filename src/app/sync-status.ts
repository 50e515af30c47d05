import { useCallback } from 'react';
import type { SyncStatus } from '../../sync/pure';
import { useSyncEngine, useSyncStatus } from '../lib/sync-engine';

/** The sync health the shell shows, and its "Sync now". */
export function useAppSyncStatus(): { status: SyncStatus; syncNow: () => void; stopEngine: () => Promise<void> } {
  const engine = useSyncEngine();
  const status = useSyncStatus();
  const syncNow = useCallback(() => void engine?.syncNow(), [engine]);
  const stopEngine = useCallback(async () => {
    await engine?.stop();
  }, [engine]);
  return { status, syncNow, stopEngine };
}
