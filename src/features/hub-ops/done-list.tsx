// Selesai (spec 2.9): the hub's completed shipments, or 'Riwayat kosong'. The
// route table has no tab for it (a /done link goes to the hub's default tab),
// so it closes the Sedang Bongkar tab, where shipments end.
import { useT } from '../../lib/i18n';
import { useRxQuery } from '../../lib/hooks/use-rx-query';
import { EmptyState } from '../../components/empty-state';
import { doneShipments } from './hub-queries';
import { useHubScope } from './hub-scope';
import { ListSection } from './list-section';
import { historyEmpty } from './messages';
import { HubShipmentCard } from './hub-shipment-card';
import { useShipmentDetails } from '../../lib/shipments/use-shipment-details';
import { useReceivedCounts } from '../../lib/handover/use-received-counts';

const SHOWN = 20;

export function DoneList() {
  const t = useT();
  const { hub } = useHubScope();
  const { rows } = useRxQuery('shipments', hub ? doneShipments(hub.id, SHOWN) : null);
  const details = useShipmentDetails(rows);
  // Issue 41: what arrived, with a mark per shortage or damage.
  const received = useReceivedCounts(rows);
  return (
    <ListSection id="done" title={t('hubShipping.done.title')} testId="done-section">
      {rows.length === 0 ? (
        <EmptyState testId="done-empty">{historyEmpty()}</EmptyState>
      ) : (
        <ul className="grid gap-2" data-testid="done-list">
          {rows.map((s) => (
            <HubShipmentCard
              key={s.id}
              shipment={s}
              details={details}
              route="from"
              dates="done"
              received={received.get(s.id)}
            />
          ))}
        </ul>
      )}
    </ListSection>
  );
}
