// The header's notification badge (spec 2.9's fixed "3", made real, issue 10):
// how many of this user's actions the server refused and are not dismissed
// yet; it opens them, each with its message and a dismiss button.
import { Bell } from 'lucide-react';
import { useSyncStatus } from '../lib/sync-engine';
import { RejectionsAlert } from './rejections-alert';
import { Button } from './ui/button';
import { Popover, PopoverContent, PopoverTrigger } from './ui/popover';

export function NotificationBadge() {
  const { rejections } = useSyncStatus();
  const count = rejections.length;
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={count ? `Notifikasi: ${count} ditolak server` : 'Notifikasi'}
          data-testid="notification-badge"
          data-count={count}
        >
          <Bell aria-hidden="true" />
          {count > 0 && (
            <span className="absolute top-1 right-1 min-w-4 rounded-full bg-destructive px-1 text-[10px] leading-4 font-semibold text-white">
              {count}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-96 p-2" data-testid="notifications">
        {count === 0 ? <p className="p-2 text-sm text-muted-foreground">Tidak ada notifikasi.</p> : <RejectionsAlert />}
      </PopoverContent>
    </Popover>
  );
}
