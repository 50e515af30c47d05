import { CircleAlert, RefreshCw } from 'lucide-react';
import { commandLabel } from '../lib/command-labels';
import { formatAge, formatDateTime } from '../lib/format-date';
import { useStorage } from '../lib/hooks/use-storage';
import { useT } from '../lib/i18n';
import { serverMessage } from '../lib/i18n/server-message';
import type { SyncStatus } from '../../sync/pure';
import { FirstSyncProgress } from './first-sync-progress';
import { errorSummaryKey, pendingTotal } from './sync-health';
import { Button } from './ui/button';

export interface SyncPanelProps {
  status: SyncStatus;
  onSyncNow: () => void;
  /** Say when the browser may evict this device's data (Settings says it in its own card). */
  storageNotice?: boolean;
}

/** One label and value of a definition list (the sync panel, Settings). */
export function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Where the browser has not promised to keep this device's data: say so, and offer to ask again. */
function StorageNotice() {
  const t = useT();
  const { state, askPersist } = useStorage();
  if (!state?.supported || state.persisted !== false) return null;
  return (
    <div
      role="status"
      className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900"
      data-testid="storage-not-persisted"
    >
      <p>{t('sync.storageNotPersisted')}</p>
      <Button size="sm" variant="outline" className="justify-self-start" onClick={() => void askPersist()}>
        {t('common.askForPersistentStorage')}
      </Button>
    </div>
  );
}

/**
 * The sync health in full (architecture guarantee 12): connection, what still waits and
 * since when, the last sync, the last error, and every action the server rejected.
 */
export function SyncPanel({ status, onSyncNow, storageNotice = true }: SyncPanelProps) {
  const t = useT();
  const pending = pendingTotal(status);
  const connection = t(!status.online ? 'sync.offline' : status.syncing ? 'sync.syncing' : 'sync.online');
  return (
    <section aria-label={t('sync.statusLabel')} className="grid gap-3 text-sm">
      <header className="flex items-center justify-between gap-2">
        <h2 className="font-semibold">{connection}</h2>
        <Button size="sm" variant="outline" onClick={onSyncNow} disabled={!status.online || status.syncing}>
          <RefreshCw className={status.syncing ? 'animate-spin' : undefined} aria-hidden="true" />
          {t('sync.syncNow')}
        </Button>
      </header>
      {pending === 0 && !status.lastError && (
        <p className="text-muted-foreground">
          {status.online ? t('sync.allSynced') : t('sync.nothingWaiting')}
        </p>
      )}
      {status.firstSync && <FirstSyncProgress tables={status.firstSync} detailed />}
      {storageNotice && <StorageNotice />}
      <dl className="divide-y">
        <Row
          label={t('sync.pendingChanges')}
          value={String(status.pendingCommands)}
          testId="sync-pending-commands"
        />
        <Row
          label={t('sync.pendingUploads')}
          value={String(status.pendingUploads)}
          testId="sync-pending-uploads"
        />
        <Row
          label={t('sync.oldestWaiting')}
          value={status.oldestPendingAt ? formatAge(status.oldestPendingAt) : '-'}
          testId="sync-oldest-pending"
        />
        <Row
          label={t('sync.lastSynced')}
          value={status.lastSyncedAt ? formatDateTime(status.lastSyncedAt) : t('sync.never')}
          testId="sync-last-synced"
        />
      </dl>
      {status.lastError && (
        <div
          role="alert"
          className="flex gap-2 rounded-md bg-destructive/10 p-2 text-destructive"
          data-testid="sync-last-error"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {/* Said in words; what fetch() or the server said stays one tap away (issue 41). */}
          <div className="grid gap-1">
            <p>{t(errorSummaryKey(status))}</p>
            <details className="text-xs">
              <summary className="cursor-pointer">{t('sync.errorDetail')}</summary>
              <code className="break-all" data-testid="sync-error-detail">
                {status.lastError}
              </code>
            </details>
          </div>
        </div>
      )}
      <div className="grid gap-2">
        <h3 className="font-medium">{t('sync.rejectedActions')}</h3>
        {status.rejections.length === 0 ? (
          <p className="text-muted-foreground">{t('sync.noRejections')}</p>
        ) : (
          <ul className="grid max-h-60 gap-2 overflow-y-auto" aria-label={t('sync.rejectedActions')}>
            {status.rejections.map((rejection) => (
              <li key={rejection.commandId} className="rounded-md border p-2">
                <p className="font-medium">{serverMessage(rejection.key, rejection.message)}</p>
                <p className="text-xs text-muted-foreground">
                  {commandLabel(rejection.type)} · {rejection.code} · {formatDateTime(rejection.at)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
