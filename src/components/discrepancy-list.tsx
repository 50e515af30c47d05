// Issue 28: a list of discrepancies (selisih) of counted receipts: the batch, what and how
// many, why, the receiver's note, the evidence photos, who reported it and when, and its
// state: open (with Selesaikan for tower control and admins) or resolved (by whom, when and
// the resolution note). Shared by the dashboard, the hub page and the shipment detail.
import { CheckCircle2, CircleAlert } from 'lucide-react';
import type { Discrepancy, Hub } from '../../sync/pure';
import { formatDateTime } from '../lib/format-date';
import { useT } from '../lib/i18n';
import { describeDiscrepancy, nameOf, reportedAt, resolverName } from '../lib/handover/discrepancies';
import type { DiscrepancyContext } from '../lib/handover/use-discrepancies';
import { zoneOfHub } from '../lib/time-zone';
import { useRxByIds } from '../lib/hooks/use-rx-query';
import { StoredImage } from './stored-image';
import { Badge } from './ui/badge';
import { Button } from './ui/button';

/** The evidence photos the device holds rows for; the rest are counted as still on their way. */
function Photos({ ids }: { ids: readonly string[] }) {
  const t = useT();
  const docs = useRxByIds('shipment_documents', ids);
  const shown = ids.map((id) => docs.get(id)).filter((d) => !!d && !d.deleted);
  return (
    <div className="grid gap-1" data-testid="discrepancy-photos" data-count={ids.length}>
      <span className="text-xs text-muted-foreground">
        {t('handover.discrepancies.photosCount', { count: ids.length })}
        {shown.length < ids.length
          ? ` ${t('handover.discrepancies.photosWaiting', { count: ids.length - shown.length })}`
          : ''}
      </span>
      {shown.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {shown.map((d, i) => (
            <StoredImage
              key={d!.id}
              value={d!.path}
              alt={t('handover.discrepancies.photoAlt', { n: i + 1 })}
              className="size-16 rounded-md border object-cover"
            />
          ))}
        </div>
      )}
    </div>
  );
}

function Item({
  d,
  context,
  hubsById,
  showBatch,
  onResolve,
  highlighted,
}: {
  d: Discrepancy;
  context: DiscrepancyContext;
  hubsById: ReadonlyMap<string, Hub>;
  showBatch: boolean;
  onResolve?: (d: Discrepancy) => void;
  highlighted: boolean;
}) {
  const t = useT();
  const open = d.status === 'open';
  const origin = hubsById.get(d.origin_hub_id);
  const destination = hubsById.get(d.destination_hub_id);
  const zone = zoneOfHub(destination);
  const reporter = nameOf(
    d.reported_by,
    context.names,
    t('handover.discrepancies.reporterFallback', { hub: destination?.name ?? '-' }),
  );
  const waiting = t('handover.discrepancies.waitingSync');
  const batch = context.batches.get(d.shipment_id) ?? '-';
  const when = reportedAt(d);
  return (
    <li
      className={`grid gap-2 rounded-md border p-3 text-sm ${highlighted ? 'ring-2 ring-primary' : ''}`}
      data-testid="discrepancy"
      data-id={d.id}
      data-status={d.status}
      data-batch={batch}
      data-shipment-id={d.shipment_id}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <span className="font-semibold" data-testid="discrepancy-what">
            {showBatch && <>{batch} · </>}
            {describeDiscrepancy(d)}
          </span>
          <span className="text-muted-foreground">
            {origin?.name ?? '-'} → {destination?.name ?? '-'}
          </span>
        </div>
        <Badge variant={open ? 'destructive' : 'secondary'} data-testid="discrepancy-status">
          {open ? <CircleAlert aria-hidden="true" /> : <CheckCircle2 aria-hidden="true" />}
          {open ? t('handover.discrepancies.open') : t('handover.discrepancies.resolved')}
        </Badge>
      </div>
      {d.note && <p data-testid="discrepancy-note">{t('handover.discrepancies.note', { note: d.note })}</p>}
      <p className="text-muted-foreground" data-testid="discrepancy-reported">
        {t('handover.discrepancies.reported', {
          who: reporter,
          when: when ? formatDateTime(when, zone) : waiting,
        })}
      </p>
      <Photos ids={d.photo_ids ?? []} />
      {!open && (
        <p className="rounded-md bg-muted p-2" data-testid="discrepancy-resolution">
          {t(
            d.resolution_note
              ? 'handover.discrepancies.resolutionWithNote'
              : 'handover.discrepancies.resolution',
            {
              who: resolverName(d, context.names),
              when: d.resolved_at ? formatDateTime(d.resolved_at) : waiting,
              note: d.resolution_note ?? '',
            },
          )}
        </p>
      )}
      {open && onResolve && (
        <div>
          <Button
            size="lg"
            onClick={() => onResolve(d)}
            aria-label={t('handover.discrepancies.resolveAria', { batch, what: describeDiscrepancy(d) })}
          >
            {t('handover.discrepancies.resolve')}
          </Button>
        </div>
      )}
    </li>
  );
}

export function DiscrepancyList({
  rows,
  context,
  hubsById,
  onResolve,
  showBatch = true,
  highlightId,
  label,
  testId = 'discrepancy-list',
}: {
  rows: readonly Discrepancy[];
  context: DiscrepancyContext;
  hubsById: ReadonlyMap<string, Hub>;
  /** Given for viewers who may resolve. */
  onResolve?: (d: Discrepancy) => void;
  showBatch?: boolean;
  highlightId?: string | null;
  /** The list's accessible name. */
  label: string;
  testId?: string;
}) {
  return (
    <ul className="grid gap-2" data-testid={testId} aria-label={label}>
      {rows.map((d) => (
        <Item
          key={d.id}
          d={d}
          context={context}
          hubsById={hubsById}
          showBatch={showBatch}
          onResolve={onResolve}
          highlighted={highlightId === d.id}
        />
      ))}
    </ul>
  );
}
