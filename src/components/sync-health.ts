// How the shell sums up the sync engine's status (architecture guarantee 12).
import type { SyncStatus } from '../../sync/pure';

export type SyncHealth = 'offline' | 'syncing' | 'pending' | 'error' | 'synced';

/** The one word the indicator shows, in order of what matters most to the user. */
export function syncHealth(status: SyncStatus): SyncHealth {
  if (!status.online) return 'offline';
  if (status.syncing) return 'syncing';
  if (status.lastError) return 'error';
  if (status.pendingCommands + status.pendingUploads > 0) return 'pending';
  return 'synced';
}

export function pendingTotal(status: Pick<SyncStatus, 'pendingCommands' | 'pendingUploads'>): number {
  return status.pendingCommands + status.pendingUploads;
}

/**
 * The last error is the network's, not the server's (issue 41): the device is offline, or the
 * message is what fetch() says when no connection could be made ("probe: TypeError: Failed to
 * fetch" in Chromium, "NetworkError" in Firefox, "Load failed" in Safari). Said in words then.
 */
export function isNetworkError(status: Pick<SyncStatus, 'online' | 'lastError'>): boolean {
  if (!status.lastError) return false;
  if (!status.online) return true;
  return /failed to fetch|networkerror|network request failed|load failed|fetch failed/i.test(
    status.lastError,
  );
}

/** The last error in the user's words: no connection, or the server failing the round. */
export function errorSummaryKey(
  status: Pick<SyncStatus, 'online' | 'lastError'>,
): 'sync.unreachable' | 'sync.serverFailed' {
  return isNetworkError(status) ? 'sync.unreachable' : 'sync.serverFailed';
}
