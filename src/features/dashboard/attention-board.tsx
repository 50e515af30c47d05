// Perlu perhatian on the dashboard (issue 30): what needs a person now, live from the
// device's rows, the server's device reports and the thresholds an admin set in Settings.
import { AlertTriangle } from 'lucide-react';
import { ATTENTION_TITLE, AttentionList } from '../../components/attention-list';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useAttention } from '../../lib/attention-live';
import { formatSince, type AttentionThresholds } from '../../lib/attention';

const MINUTE = 60_000;

function thresholdsNote(t: AttentionThresholds): string {
  const eta = t.etaGraceMinutes > 0 ? `lewat ETA lebih dari ${formatSince(t.etaGraceMinutes * MINUTE)}` : 'lewat ETA';
  return (
    `Pengiriman ${eta}, truk menunggu muat atau bongkar lebih dari ${formatSince(t.waitingMinutes * MINUTE)} ` +
    `(kecuali batas hubnya sendiri), perangkat hub tanpa sinkron lebih dari ${formatSince(t.deviceSilentMinutes * MINUTE)}.`
  );
}

export function AttentionBoard() {
  const { items, ready, thresholds, hubNames } = useAttention();
  return (
    <Card data-testid="attention-board" data-ready={ready} data-count={items.length}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base" id="attention-title">
          <AlertTriangle className="size-4" aria-hidden="true" />
          {ATTENTION_TITLE}
          {ready && items.length > 0 && (
            <span className="rounded-full bg-destructive px-2 text-xs leading-5 font-semibold text-white">
              {items.length}
            </span>
          )}
        </CardTitle>
        <CardDescription>{thresholdsNote(thresholds)}</CardDescription>
      </CardHeader>
      <CardContent>
        {ready ? <AttentionList items={items} hubNames={hubNames} /> : <Skeleton className="h-16 w-full" />}
      </CardContent>
    </Card>
  );
}
