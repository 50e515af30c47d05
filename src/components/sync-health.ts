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
