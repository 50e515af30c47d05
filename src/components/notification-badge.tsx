// The header's notification badge (spec 2.9's fixed "3", made real, issue 10):
// this user's actions the server refused and not dismissed yet, each with its
// message and a dismiss button; and what needs a person (Perlu perhatian, issue
// 30: the dashboard's board, src/lib/attention/attention.ts), each linking to where it is
// handled. data-count stays the refused actions; data-attention the others.
import { useState } from 'react';
import { Bell } from 'lucide-react';
import { useAttention } from '../lib/attention/attention-live';
import { useRejections } from '../lib/sync-engine';
import { useT } from '../lib/i18n';
import { AttentionList } from './attention-list';
import { RejectionsAlert } from './rejections-alert';
import { Button } from './ui/button';
import { Popover, PopoverContent, PopoverTrigger } from './ui/popover';

function label(t: ReturnType<typeof useT>, rejected: number, attention: number): string {
  const parts = [
    rejected ? t('tower.notifications.rejected', { count: rejected }) : null,
    attention ? t('tower.notifications.attention', { count: attention }) : null,
  ].filter(Boolean);
  return parts.length
    ? t('tower.notifications.withCounts', { counts: parts.join(', ') })
    : t('common.notifications');
}

export function NotificationBadge() {
  const t = useT();
  const rejections = useRejections();
  const attention = useAttention();
  const count = rejections.length;
  const attentionCount = attention.ready ? attention.items.length : 0;
  const total = count + attentionCount;
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={label(t, count, attentionCount)}
          data-testid="notification-badge"
          data-count={count}
          data-attention={attentionCount}
        >
          <Bell aria-hidden="true" />
          {total > 0 && (
            <span className="absolute top-0 right-0 min-w-5 rounded-full bg-destructive px-1 text-xs leading-5 font-semibold text-white">
              {total}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        className="grid max-h-[70vh] w-96 gap-2 overflow-y-auto p-2"
        data-testid="notifications"
        aria-label={t('common.notifications')}
      >
        {total === 0 ? (
          <p className="p-2 text-sm text-muted-foreground">{t('tower.notifications.none')}</p>
        ) : (
          <>
            {count > 0 && <RejectionsAlert />}
            {attentionCount > 0 && (
              <section
                aria-labelledby="bell-attention-title"
                data-testid="notifications-attention"
                // A link followed closes the list (the header stays on the next screen).
                onClick={(event) => (event.target as HTMLElement).closest('a') && setOpen(false)}
              >
                <h2 id="bell-attention-title" className="px-2 pt-1 text-sm font-semibold">
                  {t('tower.attention.title')}
                </h2>
                <AttentionList
                  items={attention.items}
                  hubNames={attention.hubNames}
                  testId="bell-attention-list"
                />
              </section>
            )}
          </>
        )}
      </PopoverContent>
    </Popover>
  );
}
