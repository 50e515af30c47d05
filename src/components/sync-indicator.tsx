import { Cloud, CloudAlert, CloudCheck, CloudOff, RefreshCw, type LucideIcon } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useT } from '../lib/i18n';
import { cn } from '../lib/utils';
import { SyncPanel } from './sync-panel';
import type { SyncStatus } from '../../sync/pure';
import { errorSummaryKey, pendingTotal, syncHealth, type SyncHealth } from './sync-health';
import { Button } from './ui/button';
import { Popover, PopoverContent, PopoverTrigger } from './ui/popover';

export interface SyncIndicatorProps {
  status: SyncStatus;
  onSyncNow: () => void;
}

const ICONS: Record<SyncHealth, LucideIcon> = {
  offline: CloudOff,
  syncing: RefreshCw,
  error: CloudAlert,
  pending: Cloud,
  synced: CloudCheck,
};

const TONES: Record<SyncHealth, string> = {
  offline: 'text-amber-700',
  syncing: 'text-sky-700',
  error: 'text-destructive',
  pending: 'text-sky-700',
  synced: 'text-emerald-700',
};

function describe(status: SyncStatus, health: SyncHealth, t: TFunction): string {
  const pending = pendingTotal(status);
  const waiting = t('sync.changesWaiting', { count: pending });
  switch (health) {
    case 'offline':
      return t('sync.describeOffline', { waiting: pending > 0 ? waiting : t('sync.nothingWaitingShort') });
    case 'syncing':
      return `${t('sync.describeSyncing')}${pending > 0 ? `, ${waiting}` : ''}`;
    case 'error':
      return t('sync.describeError', {
        error: t(errorSummaryKey(status)),
      });
    case 'pending':
      return t('sync.describePending', { waiting });
    case 'synced':
      return t('sync.describeSynced');
  }
}

/** The header's sync status: online or offline, what waits, and a panel with the details. */
export function SyncIndicator({ status, onSyncNow }: SyncIndicatorProps) {
  const t = useT();
  const health = syncHealth(status);
  const Icon = ICONS[health];
  const pending = pendingTotal(status);
  const label = t(!status.online ? 'sync.offline' : status.syncing ? 'sync.syncing' : 'sync.online');
  // The name starts with what the button shows, its count included (WCAG 2.5.3, axe's
  // label-content-name-mismatch while work waits), then says the rest.
  const name = `${label}${pending > 0 ? ` ${pending}` : ''}: ${describe(status, health, t)}`;
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          className={cn('gap-2 px-3 max-sm:px-2', TONES[health])}
          data-testid="sync-indicator"
          data-online={status.online}
          data-health={health}
          aria-label={name}
          title={describe(status, health, t)}
        >
          <Icon className={cn('size-5', health === 'syncing' && 'animate-spin')} aria-hidden="true" />
          {/* On a phone the word stays only for Offline, the state to act on; online, the icon
              (spinning while it syncs) and the count say it, and the header's title and hub
              keep the room to show whole. The button's name says it all in every case. */}
          <span
            className={cn('text-sm font-medium', status.online && 'max-sm:sr-only')}
            data-testid="sync-indicator-label"
          >
            {label}
          </span>
          {/* A space between the label and the count for whoever reads the text ("Syncing 2"). */}
          {pending > 0 && ' '}
          {pending > 0 && (
            <span
              className="min-w-6 rounded-full bg-primary px-1.5 text-center text-xs leading-6 font-semibold text-primary-foreground"
              data-testid="sync-indicator-pending"
            >
              {pending}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      {/* A named dialog (axe: aria-dialog-name): Radix gives the popover role=dialog. */}
      <PopoverContent align="end" className="w-96" aria-label={t('sync.statusLabel')}>
        <SyncPanel status={status} onSyncNow={onSyncNow} />
      </PopoverContent>
    </Popover>
  );
}
