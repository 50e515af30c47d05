// Perlu perhatian on the dashboard (issue 30): what needs a person now, live from the
// device's rows, the server's device reports and the thresholds an admin set in Settings.
import { AlertTriangle } from 'lucide-react';
import { AttentionList } from '../../components/attention-list';
import { HeldHeight } from '../../components/held-height';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useAttention } from '../../lib/attention/attention-live';
import { formatSince, type AttentionThresholds } from '../../lib/attention/attention';
import { useT } from '../../lib/i18n';

const MINUTE = 60_000;

function thresholdsNote(t: ReturnType<typeof useT>, limits: AttentionThresholds): string {
  const eta =
    limits.etaGraceMinutes > 0
      ? t('tower.attention.noteEtaGrace', { since: formatSince(limits.etaGraceMinutes * MINUTE) })
      : t('tower.attention.noteEta');
  return t('tower.attention.note', {
    eta,
    waiting: formatSince(limits.waitingMinutes * MINUTE),
    device: formatSince(limits.deviceSilentMinutes * MINUTE),
  });
}

export function AttentionBoard() {
  const t = useT();
  const { items, ready, thresholds, hubNames } = useAttention();
  return (
    <Card data-testid="attention-board" data-ready={ready} data-count={items.length}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base" id="attention-title">
          <AlertTriangle className="size-4" aria-hidden="true" />
          {t('tower.attention.title')}
          {ready && items.length > 0 && (
            <span className="rounded-full bg-destructive px-2 text-xs leading-5 font-semibold text-white">
              {items.length}
            </span>
          )}
        </CardTitle>
        <CardDescription>{thresholdsNote(t, thresholds)}</CardDescription>
      </CardHeader>
      <CardContent>
        {/* Until the items are read: the height the list last had here, or the empty list's (a
            line of text-sm and p-2: h-9), so nothing under it moves when they come (issue 43). */}
        <HeldHeight id="attention" ready={ready}>
          {ready ? <AttentionList items={items} hubNames={hubNames} /> : <Skeleton className="h-9 w-full" />}
        </HeldHeight>
      </CardContent>
    </Card>
  );
}
