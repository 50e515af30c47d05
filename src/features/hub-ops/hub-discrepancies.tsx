// Issue 28 on a hub's screen: the discrepancies (selisih) of the shipments from and to this
// hub, open and resolved, so the origin hub sees what the receiver counted short, damaged or
// over, and what tower control decided. Folded under one line; nothing shows while the hub
// has none.
import { ClipboardX } from 'lucide-react';
import type { Discrepancy, Hub } from '../../../sync/pure';
import { DiscrepancyList } from '../../components/discrepancy-list';
import type { DiscrepancyContext } from '../../lib/handover/use-discrepancies';
import { useT } from '../../lib/i18n';

export function HubDiscrepancies({
  rows,
  context,
  hubsById,
}: {
  /** The hub's discrepancies, open first (discrepanciesOfHub). */
  rows: readonly Discrepancy[];
  context: DiscrepancyContext;
  hubsById: ReadonlyMap<string, Hub>;
}) {
  const t = useT();
  if (rows.length === 0) return null;
  const open = rows.filter((d) => d.status === 'open').length;
  const title = t('common.shipmentDiscrepancies');
  return (
    <details className="rounded-xl border p-3" data-testid="hub-discrepancies" data-open={open}>
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold">
        <ClipboardX className="size-4" aria-hidden="true" />
        {t('hubShipping.discrepancies.summary', { title, open, closed: rows.length - open })}
      </summary>
      <div className="pt-3">
        <DiscrepancyList rows={rows} context={context} hubsById={hubsById} label={title} />
      </div>
    </details>
  );
}
