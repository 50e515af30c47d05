import { useCallback, useMemo } from 'react';
import type { SyncStatus } from '../components/sync-status-types';
import { useOnline } from '../lib/use-online';

const IDLE: Omit<SyncStatus, 'online'> = {
  syncing: false,
  pendingCommands: 0,
  pendingUploads: 0,
  oldestPendingAt: null,
  lastSyncedAt: null,
  lastError: null,
  rejections: [],
};

/**
 * The sync health the shell shows. Until sync/index.ts exports the engine's status, only
 * the connection is real (navigator.onLine) and nothing is ever pending; this is the
 * one place to wire the engine's status and its "sync now".
 */
export function useAppSyncStatus(): { status: SyncStatus; syncNow: () => void } {
  const online = useOnline();
  const status = useMemo<SyncStatus>(() => ({ ...IDLE, online }), [online]);
  const syncNow = useCallback(() => {
    console.info('sync: nothing to sync yet (the sync engine is not wired in)');
  }, []);
  return { status, syncNow };
}
