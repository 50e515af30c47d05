// Issue 28 on the dashboard: "Selisih terbuka", the open discrepancies of counted receipts
// (count, and the list behind it), which tower control and admins resolve here with a note.
// A hub user sees the discrepancies of their hub's shipments, open and resolved. The link of
// a Perlu perhatian item (?selisih=<id>) opens that one's resolve dialog.
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ClipboardX } from 'lucide-react';
import type { Discrepancy } from '../../../sync/pure';
import { DiscrepancyList } from '../../components/discrepancy-list';
import { HeldHeight } from '../../components/held-height';
import { ResolveDiscrepancyDialog } from '../../components/resolve-discrepancy-dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { discrepanciesOfHub, mayResolve, openDiscrepancies } from '../../lib/handover/discrepancies';
import { useDiscrepancies } from '../../lib/handover/use-discrepancies';
import { useT } from '../../lib/i18n';
import { useSignedIn } from '../../lib/session/session';
import { ALL_ROWS, useRxQuery } from '../../lib/hooks/use-rx-query';

export const SELISIH_PARAM = 'selisih';

export function DiscrepancyBoard() {
  const t = useT();
  const { profile } = useSignedIn();
  const resolver = mayResolve(profile.role);
  const all = useDiscrepancies();
  const hubs = useRxQuery('hubs', ALL_ROWS);
  const hubsById = useMemo(() => new Map(hubs.rows.map((h) => [h.id, h])), [hubs.rows]);
  const open = useMemo(() => openDiscrepancies(all.rows), [all.rows]);
  const shown = useMemo(
    () => (resolver ? open : discrepanciesOfHub(all.rows, profile.hubId)),
    [resolver, open, all.rows, profile.hubId],
  );
  const openHere = resolver ? open.length : shown.filter((d) => d.status === 'open').length;

  const [params, setParams] = useSearchParams();
  const linked = params.get(SELISIH_PARAM);
  // The dialog stays on its discrepancy while it saves (its prediction resolves it at once).
  const [resolvingId, setResolvingId] = useState<string | null>(null);
  // A link opens the dialog of its discrepancy once the device holds it open.
  const linkedOpen = linked && resolver && open.some((d) => d.id === linked) ? linked : null;
  const [seenLink, setSeenLink] = useState<string | null>(null);
  if (linkedOpen !== seenLink) {
    setSeenLink(linkedOpen);
    if (linkedOpen) setResolvingId(linkedOpen);
  }
  const resolving = resolvingId ? all.rows.find((d) => d.id === resolvingId) : undefined;
  const close = () => {
    setResolvingId(null);
    if (linked) {
      const next = new URLSearchParams(params);
      next.delete(SELISIH_PARAM);
      setParams(next, { replace: true });
    }
  };

  const title = resolver ? t('handover.discrepancies.openTitle') : t('common.shipmentDiscrepancies');
  return (
    <Card id="selisih" data-testid="discrepancy-board" data-ready={all.ready} data-open={openHere}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <ClipboardX className="size-4" aria-hidden="true" />
          <h2 id="discrepancy-title">{title}</h2>
          {all.ready && openHere > 0 && (
            <span
              className="rounded-full bg-destructive px-2 text-xs leading-5 font-semibold text-white"
              data-testid="discrepancy-open-count"
              aria-label={t('tower.discrepancyBoard.openCount', { count: openHere })}
            >
              {openHere}
            </span>
          )}
        </CardTitle>
        <CardDescription>
          {resolver
            ? t('tower.discrepancyBoard.resolverDescription')
            : t('tower.discrepancyBoard.hubDescription')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {/* Until they are read: the height the list last had here, or the empty text's (a line
            of text-sm and p-2: h-9), so nothing under it moves when they come (issue 43). */}
        <HeldHeight id="discrepancies" ready={all.ready}>
          {!all.ready ? (
            <Skeleton className="h-9 w-full" />
          ) : shown.length === 0 ? (
            <p className="p-2 text-sm text-muted-foreground" data-testid="discrepancy-empty">
              {resolver ? t('handover.discrepancies.noneOpen') : t('handover.discrepancies.none')}
            </p>
          ) : (
            <DiscrepancyList
              rows={shown}
              context={all}
              hubsById={hubsById}
              onResolve={resolver ? (d: Discrepancy) => setResolvingId(d.id) : undefined}
              highlightId={linked}
              label={title}
            />
          )}
        </HeldHeight>
      </CardContent>
      {resolving && (
        <ResolveDiscrepancyDialog
          key={resolving.id}
          discrepancy={resolving}
          batch={all.batches.get(resolving.shipment_id) ?? '-'}
          onClose={close}
        />
      )}
    </Card>
  );
}
