// Issue 28 in Detail Shipment: the discrepancies (selisih) its counted receipt recorded, open
// or resolved (who, when, the note); tower control and admins resolve an open one here too.
// Nothing shows for a shipment without any.
import { useMemo, useState } from 'react';
import type { Discrepancy, Hub } from '../../sync/pure';
import { discrepanciesOfShipment, mayResolve } from '../lib/handover/discrepancies';
import { useDiscrepancyContext } from '../lib/handover/use-discrepancies';
import { useT } from '../lib/i18n';
import { useSignedIn } from '../lib/session/session';
import { useRxQuery } from '../lib/hooks/use-rx-query';
import { DiscrepancyList } from './discrepancy-list';
import { ResolveDiscrepancyDialog } from './resolve-discrepancy-dialog';
import { TitledSection } from './titled-section';

export function ShipmentDiscrepancies({
  shipmentId,
  batch,
  hubsById,
}: {
  shipmentId: string;
  batch: string;
  hubsById: ReadonlyMap<string, Hub>;
}) {
  const t = useT();
  const { profile } = useSignedIn();
  const query = useMemo(() => ({ selector: { shipment_id: shipmentId } }), [shipmentId]);
  const { rows: found } = useRxQuery('discrepancies', query);
  const rows = useMemo(() => discrepanciesOfShipment(found, shipmentId), [found, shipmentId]);
  const context = useDiscrepancyContext(rows);
  const [resolving, setResolving] = useState<Discrepancy | null>(null);
  if (rows.length === 0) return null;
  return (
    <TitledSection
      id="shipment-discrepancies"
      title={t('common.discrepancies')}
      level={3}
      testId="shipment-discrepancies"
    >
      <DiscrepancyList
        rows={rows}
        context={context}
        hubsById={hubsById}
        showBatch={false}
        onResolve={mayResolve(profile.role) ? setResolving : undefined}
        label={t('handover.discrepancies.sectionLabel', { batch })}
        testId="shipment-discrepancy-list"
      />
      {resolving && (
        <ResolveDiscrepancyDialog discrepancy={resolving} batch={batch} onClose={() => setResolving(null)} />
      )}
    </TitledSection>
  );
}
