import { Cloud, CloudAlert, CloudCheck, CloudOff, RefreshCw, type LucideIcon } from 'lucide-react';
import { SYNC_OFFLINE, SYNC_ONLINE, SYNC_SYNCING } from '../lib/messages';
import { cn } from '../lib/utils';
import { SyncPanel } from './sync-panel';
import type { SyncStatus } from '../../sync/pure';
import { pendingTotal, syncHealth, type SyncHealth } from './sync-health';
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

function describe(status: SyncStatus, health: SyncHealth): string {
  const pending = pendingTotal(status);
  const waiting = pending === 1 ? '1 change waiting' : `${pending} changes waiting`;
  switch (health) {
    case 'offline':
      return `${SYNC_OFFLINE}, ${pending > 0 ? waiting : 'nothing waiting'}`;
    case 'syncing':
      return `${SYNC_ONLINE}, syncing${pending > 0 ? `, ${waiting}` : ''}`;
    case 'error':
      return `${SYNC_ONLINE}, sync error: ${status.lastError}`;
    case 'pending':
      return `${SYNC_ONLINE}, ${waiting}`;
    case 'synced':
      return `${SYNC_ONLINE}, all changes synced`;
  }
}

/** The header's sync status: online or offline, what waits, and a panel with the details. */
export function SyncIndicator({ status, onSyncNow }: SyncIndicatorProps) {
  const health = syncHealth(status);
  const Icon = ICONS[health];
  const pending = pendingTotal(status);
  const label = !status.online ? SYNC_OFFLINE : status.syncing ? SYNC_SYNCING : SYNC_ONLINE;
  // The name starts with what the button shows, its count included (WCAG 2.5.3, axe's
  // label-content-name-mismatch while work waits), then says the rest.
  const name = `${label}${pending > 0 ? ` ${pending}` : ''}: ${describe(status, health)}`;
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          className={cn('gap-2 px-3', TONES[health])}
          data-testid="sync-indicator"
          data-online={status.online}
          data-health={health}
          aria-label={name}
          title={describe(status, health)}
        >
          <Icon className={cn('size-5', health === 'syncing' && 'animate-spin')} aria-hidden="true" />
          <span className="text-sm font-medium" data-testid="sync-indicator-label">
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
      <PopoverContent align="end" className="w-96">
        <SyncPanel status={status} onSyncNow={onSyncNow} />
      </PopoverContent>
    </Popover>
  );
}
