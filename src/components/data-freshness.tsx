// Says where the figures on a screen come from: offline, the data of the last
// sync and when that was; online, when it was last synced. Screens read the
// local collections, so they open and work offline (issue 10).
import { CloudOff } from 'lucide-react';
import { formatDateTime } from '../lib/format-date';
import { SYNC_NEVER } from '../lib/messages';
import { useSyncStatus } from '../lib/sync-engine';

export const OFFLINE_DATA_NOTE = 'Offline: menampilkan data sinkronisasi terakhir';
export const LAST_SYNCED = 'Terakhir disinkronkan';

export function DataFreshness() {
  const { online, lastSyncedAt } = useSyncStatus();
  const when = lastSyncedAt ? formatDateTime(lastSyncedAt) : SYNC_NEVER;
  if (!online) {
    return (
      <p
        className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        role="status"
        data-testid="data-freshness"
        data-online="false"
      >
        <CloudOff className="size-4" aria-hidden="true" />
        {OFFLINE_DATA_NOTE} ({when}).
      </p>
    );
  }
  return (
    <p className="text-xs text-muted-foreground" data-testid="data-freshness" data-online="true">
      {LAST_SYNCED}: {when}
    </p>
  );
}
