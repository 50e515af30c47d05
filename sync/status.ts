// What the UI shows of the engine: online, syncing, what waits to go up, the last
// sync, rejections, and a new device's first-sync progress.
import type { ConflictEntry, UploadEntry } from './db/engine-store';
import type { RejectionCode } from './errors';
import type { KeyedMessage } from './message';
import type { TableProgress } from './replication/pull';

export interface SyncStatus {
  online: boolean;
  syncing: boolean;
  pendingCommands: number;
  pendingUploads: number;
  /** When the oldest still-unsent command or upload was made (ISO), or null. */
  oldestPendingAt: string | null;
  lastSyncedAt: string | null;
  lastError: string | null;
  rejections: Array<{
    commandId: string;
    type: string;
    code: RejectionCode;
    message: string;
    key: KeyedMessage | null;
    at: string;
  }>;
  /**
   * While tables are pulled for the first time on this device (a new tablet's first sync):
   * rows written so far of about how many, per table; null otherwise (issue 14).
   */
  firstSync: TableProgress[] | null;
}

/** The engine's runtime state with the outbox, uploads and conflicts the UI shows. */
export function status(
  rt: {
    online: boolean;
    syncing: boolean;
    lastError: string | null;
    lastSyncedAt: string | null;
    firstSync: TableProgress[] | null;
  },
  outbox: Array<{ issued_at: string }>,
  uploads: UploadEntry[],
  conflicts: ConflictEntry[],
): SyncStatus {
  const times = [...outbox.map((o) => o.issued_at), ...uploads.map((u) => u.created_at)].sort();
  const browserOnline = (globalThis.navigator as Navigator | undefined)?.onLine ?? true;
  return {
    online: rt.online && browserOnline,
    syncing: rt.syncing,
    pendingCommands: outbox.length,
    pendingUploads: uploads.length,
    oldestPendingAt: times[0] ?? null,
    lastSyncedAt: rt.lastSyncedAt,
    lastError: rt.lastError,
    firstSync: rt.firstSync,
    rejections: conflicts.map((c) => ({
      commandId: c.command_id,
      type: c.type,
      code: c.code,
      message: c.message,
      key: c.key ?? null,
      at: c.at,
    })),
  };
}
