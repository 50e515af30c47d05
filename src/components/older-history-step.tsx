// The "Muat riwayat lebih lama" step under a list that holds only the device's
// working set (issue 26): online a button that reads the next page from the
// server (src/lib/use-older-history.ts), how many older records are shown and
// when there are no more; offline a plain line that older records need a
// connection.
import { History, Loader2, WifiOff } from 'lucide-react';
import { useT } from '../lib/i18n';
import type { OlderPages } from '../lib/use-older-history';
import { Button } from './ui/button';

export function OlderHistoryStep<T>({
  pages,
  shown,
  testId = 'older-history',
}: {
  pages: OlderPages<T>;
  /** How many of the read rows the list shows (those the device did not hold already). */
  shown: number;
  testId?: string;
}) {
  const t = useT();
  const { online, loading, error, done, started, loadMore } = pages;
  return (
    <section
      className="flex flex-wrap items-center gap-3 rounded-md border border-dashed p-3 text-sm"
      aria-label={t('tower.older.section')}
      data-testid={testId}
      data-state={!online ? 'offline' : loading ? 'loading' : done ? 'done' : started ? 'more' : 'idle'}
    >
      {!online ? (
        <p className="flex items-center gap-2 text-muted-foreground" data-testid={`${testId}-offline`}>
          <WifiOff className="size-4 shrink-0" aria-hidden="true" />
          {t('tower.older.needsConnection')}
        </p>
      ) : (
        <>
          {started && (
            <p className="text-muted-foreground" role="status" data-testid={`${testId}-count`}>
              {done ? t('tower.older.allLoaded', { count: shown }) : t('tower.older.count', { count: shown })}
            </p>
          )}
          {error && (
            <p className="text-destructive" role="alert">
              {t('common.historyFailed', { error: error })}
            </p>
          )}
          {!done && (
            <Button
              type="button"
              variant="outline"
              className="min-h-11"
              onClick={loadMore}
              disabled={loading}
              data-testid={`${testId}-load`}
            >
              {loading ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <History aria-hidden="true" />
              )}
              {started ? t('common.loadMore') : t('tower.older.load')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
