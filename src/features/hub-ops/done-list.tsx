// Selesai (spec 2.9): the hub's completed shipments, or 'Riwayat kosong'. The
// route table has no tab for it (a /done link goes to the hub's default tab),
// so it closes the Sedang Bongkar tab, where shipments end.
import { useT } from '../../lib/i18n';
import { useRxQuery } from '../../lib/hooks/use-rx-query';
import { EmptyState } from '../../components/empty-state';
import { doneShipments } from './hub-queries';
import { useHubScope } from './hub-scope';
import { TitledSection } from '../../components/titled-section';
import { historyEmpty } from './messages';
import { HubShipmentList } from './hub-shipment-card';
import { useReceivedCounts } from '../../lib/handover/use-received-counts';

const SHOWN = 20;

export function DoneList() {
  const t = useT();
  const { hub } = useHubScope();
  const { rows } = useRxQuery('shipments', hub ? doneShipments(hub.id, SHOWN) : null);
  // Issue 41: what arrived, with a mark per shortage or damage.
  const received = useReceivedCounts(rows);
  return (
    <TitledSection id="done-title" title={t('hubOps.page.tabs.done')} testId="done-section">
      {rows.length === 0 ? (
        <EmptyState testId="done-empty">{historyEmpty()}</EmptyState>
      ) : (
        <HubShipmentList
          shipments={rows}
          testId="done-list"
          card={(s) => ({ route: 'from', dates: 'done', received: received.get(s.id) })}
        />
      )}
    </TitledSection>
  );
}
