// Today's dock times at the hub (beyond the spec): average queue wait,
// loading and unloading of the spans that finished today (Jakarta day).
import { memo } from 'react';
import { Timer } from 'lucide-react';
import { Skeleton } from '../../components/ui/skeleton';
import { useT } from '../../lib/i18n';
import { formatDuration, type Average, type TodayAverages } from './dock-times';

/** `value` undefined: the floor is not read yet; a placeholder of the figures' height stands. */
function Stat({ label, value, testId }: { label: string; value: Average | undefined; testId: string }) {
  const t = useT();
  return (
    <div className="grid min-w-0 gap-0.5 sm:min-w-28" data-testid={testId}>
      <span className="text-xs text-muted-foreground">{label}</span>
      {value ? (
        <>
          <span className="font-semibold tabular-nums" data-testid={`${testId}-value`}>
            {value.ms === null ? '-' : formatDuration(value.ms)}
          </span>
          <span className="text-xs text-muted-foreground">
            {t('hubOps.dock.finished', { n: value.count })}
          </span>
        </>
      ) : (
        <>
          <Skeleton className="h-6 w-16" />
          <Skeleton className="h-4 w-20" />
        </>
      )}
    </div>
  );
}

/**
 * Memoized: during a tap its averages are the deferred ones, unchanged (issue 14, P3).
 * `averages` undefined: the floor is not read yet; the summary stands in its place all the same,
 * so the tabs under it do not move when the figures come (issue 43).
 */
export const DockTimeSummary = memo(function DockTimeSummary({
  averages,
  inbound,
}: {
  averages: TodayAverages | undefined;
  inbound: boolean;
}) {
  const t = useT();
  return (
    <section
      aria-label={t('hubOps.dock.summaryLabel')}
      className="grid gap-3 rounded-lg border bg-card px-4 py-3 sm:flex sm:flex-wrap sm:items-center sm:gap-x-8"
      data-testid="dock-time-summary"
      data-ready={averages !== undefined}
    >
      <div className="flex items-center gap-2 text-sm font-medium">
        <Timer className="size-4 text-muted-foreground" aria-hidden="true" />
        {t('hubOps.dock.today')}
      </div>
      {/* On a phone the title has its line and the figures share the next, side by side. */}
      <div className="grid grid-cols-3 gap-3 sm:flex sm:gap-x-8">
        <Stat label={t('hubOps.dock.queue')} value={averages?.queueWait} testId="avg-queue" />
        <Stat label={t('hubOps.dock.loading')} value={averages?.loading} testId="avg-loading" />
        {inbound && <Stat label={t('common.unloading')} value={averages?.unloading} testId="avg-unloading" />}
      </div>
    </section>
  );
});
