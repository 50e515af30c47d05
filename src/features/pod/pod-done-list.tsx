// Issue 41 at the POD: the city's latest completed containers (selesai_pod) below Sedang Bongkar,
// where they end, each with what arrived ("11/12 TV · 7 Bracket") and a mark per shortage or
// damage ("Kurang 1 TV"), as a hub's Selesai list does. From the local rows: offline.
import { useMemo } from 'react';
import { podCityOfShipment, type Hub } from '../../../sync/pure';
import { ReceivedQuantities } from '../../components/receipt-marks';
import { StatusBadge } from '../../components/status-badge';
import { useReceivedCounts } from '../../lib/handover/use-received-counts';
import { useT } from '../../lib/i18n';
import type { StatusLooks } from '../../lib/shipments/shipment-status';
import { useRxQuery } from '../../lib/hooks/use-rx-query';
import { TitledSection } from '../../components/titled-section';

const SHOWN = 20;
const DONE = {
  selector: { status: 'selesai_pod' },
  sort: [{ updated_at: 'desc' as const }],
  limit: 100,
};

/** `city` null: every city (staff's Semua Kota). */
export function PodDoneList({
  hubs,
  city,
  looks,
}: {
  hubs: readonly Hub[];
  city: string | null;
  looks: StatusLooks;
}) {
  const t = useT();
  const { rows } = useRxQuery('shipments', DONE);
  const shown = useMemo(() => {
    const byId = new Map(hubs.map((h) => [h.id, h]));
    return rows
      .filter((s) => {
        if (s.deleted || city === null) return !s.deleted;
        const c = podCityOfShipment(s, byId.get(s.destination_hub_id));
        return !!c && c.toLowerCase() === city.toLowerCase();
      })
      .slice(0, SHOWN);
  }, [rows, hubs, city]);
  const received = useReceivedCounts(shown);
  if (shown.length === 0) return null;
  return (
    <TitledSection
      id="pod-done-title"
      title={t('hubOps.page.tabs.done')}
      className="grid gap-2"
      testId="pod-done"
    >
      <ul className="grid gap-2" data-testid="pod-done-list">
        {shown.map((s) => (
          <li
            key={s.id}
            className="grid gap-1 rounded-lg border bg-card p-3 text-sm shadow-xs"
            data-testid="pod-done-shipment"
            data-batch={s.batch_number}
            data-status={s.status}
          >
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{s.batch_number}</span>
              <StatusBadge status={s.status} looks={looks} />
            </div>
            <ReceivedQuantities shipment={s} received={received.get(s.id)} testId="pod-done-quantities" />
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
