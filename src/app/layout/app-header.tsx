import { memo } from 'react';
import { GlobalSearch } from '../../components/global-search';
import { NotificationBadge } from '../../components/notification-badge';
import { SyncIndicator } from '../../components/sync-indicator';
import { useSyncStatus } from '../../lib/sync-engine';
import { Separator } from '../../components/ui/separator';
import { SidebarTrigger } from '../../components/ui/sidebar';
import { PRODUCT_NAME } from '../../lib/i18n/default-strings';

/** The sync indicator with the engine's whole status: the one part of the header that shows it. */
function HeaderSyncIndicator({ onSyncNow }: { onSyncNow: () => void }) {
  return <SyncIndicator status={useSyncStatus()} onSyncNow={onSyncNow} />;
}

/**
 * The header: sidebar toggle, the product title with the role or hub name, search, notifications
 * and the sync status. Memoized: the status's changes render only its indicator and badge.
 */
export const AppHeader = memo(function AppHeader({
  roleOrHub,
  onSyncNow,
}: {
  roleOrHub: string;
  onSyncNow: () => void;
}) {
  return (
    <header
      className="sticky top-0 z-20 flex h-16 shrink-0 items-center gap-2 border-b bg-background/95 px-2 backdrop-blur md:px-4"
      data-testid="app-header"
    >
      <SidebarTrigger />
      <Separator orientation="vertical" className="mx-1 h-6!" />
      <div className="grid min-w-0 flex-1 leading-tight">
        <span className="truncate text-base font-semibold" data-testid="app-header-title">
          {PRODUCT_NAME}
        </span>
        <span className="truncate text-sm text-muted-foreground capitalize" data-testid="app-header-role">
          {roleOrHub}
        </span>
      </div>
      <GlobalSearch />
      <NotificationBadge />
      <HeaderSyncIndicator onSyncNow={onSyncNow} />
    </header>
  );
});
