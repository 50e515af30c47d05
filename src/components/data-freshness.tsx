// Says where the figures on a screen come from: offline, the data of the last
// sync and when that was; online, when it was last synced. Screens read the
// local collections, so they open and work offline (issue 10).
import { CloudOff } from 'lucide-react';
import { formatDateTime } from '../lib/format-date';
import { id } from '../lib/i18n/id';
import { useT } from '../lib/i18n';
import { useOnline } from '../lib/hooks/use-online';
import { useFreshness } from '../lib/sync-engine';

/** In the default language, for tests that quote it. */
export const OFFLINE_DATA_NOTE = id.connection.offlineData;
export const LAST_SYNCED = id.connection.lastSynced;

export function DataFreshness() {
  const t = useT();
  const status = useFreshness();
  // The engine's view of the connection, the browser's alone while it opens.
  const browserOnline = useOnline();
  const online = status ? status.online : browserOnline;
  // While the engine opens its last sync is not known yet: a time's place, kept blank (the
  // width of the time that follows, so a header laid out around it does not move when it comes;
  // "never" was wrong on a synced device and longer, issue 43).
  const when = status?.lastSyncedAt ? (
    formatDateTime(status.lastSyncedAt)
  ) : status ? (
    t('sync.never')
  ) : (
    <span className="invisible">{formatDateTime(new Date())}</span>
  );
  if (!online) {
    return (
      <p
        className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        role="status"
        data-testid="data-freshness"
        data-online="false"
      >
        <CloudOff className="size-4" aria-hidden="true" />
        {t('connection.offlineData')} ({when}).
      </p>
    );
  }
  return (
    <p className="text-xs text-muted-foreground" data-testid="data-freshness" data-online="true">
      {t('connection.lastSynced')}: {when}
    </p>
  );
}
