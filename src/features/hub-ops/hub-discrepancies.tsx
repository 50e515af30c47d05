// Issue 28 on a hub's screen: the discrepancies (selisih) of the shipments from and to this
// hub, open and resolved, so the origin hub sees what the receiver counted short, damaged or
// over, and what tower control decided. Folded under one line; nothing shows while the hub
// has none.
import { useMemo } from 'react';
import { ClipboardX } from 'lucide-react';
import type { Hub } from '../../../sync/pure';
import { DiscrepancyList } from '../../components/discrepancy-list';
import { discrepanciesOfHub } from '../../lib/handover/discrepancies';
import { useDiscrepancies } from '../../lib/handover/use-discrepancies';
import { useT } from '../../lib/i18n';

export function HubDiscrepancies({ hub, hubsById }: { hub: Hub; hubsById: ReadonlyMap<string, Hub> }) {
  const t = useT();
  const all = useDiscrepancies();
  const rows = useMemo(() => discrepanciesOfHub(all.rows, hub.id), [all.rows, hub.id]);
  if (!all.ready || rows.length === 0) return null;
  const open = rows.filter((d) => d.status === 'open').length;
  const title = t('common.shipmentDiscrepancies');
  return (
    <details className="rounded-xl border p-3" data-testid="hub-discrepancies" data-open={open}>
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold">
        <ClipboardX className="size-4" aria-hidden="true" />
        {t('hubShipping.discrepancies.summary', { title, open, closed: rows.length - open })}
      </summary>
      <div className="pt-3">
        <DiscrepancyList rows={rows} context={all} hubsById={hubsById} label={title} />
      </div>
    </details>
  );
}
