// Mirrors `SyncStatus` exported by sync/index.ts (the sync engine's health, architecture
// guarantee 12). Kept here until the engine lands; then import it from sync/ and delete this.

export interface SyncRejection {
  commandId: string;
  type: string;
  code: string;
  message: string;
  /** ISO time the server decided. */
  at: string;
}

export interface SyncStatus {
  online: boolean;
  syncing: boolean;
  pendingCommands: number;
  pendingUploads: number;
  /** ISO time of the oldest command or upload still waiting. */
  oldestPendingAt: string | null;
  lastSyncedAt: string | null;
  lastError: string | null;
  rejections: SyncRejection[];
}

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
