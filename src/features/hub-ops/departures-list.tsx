// What left this hub and has not been unloaded yet: the shipments the hub's
// shipping forms made, with their photos and whether each is uploaded yet.
import { memo } from 'react';
import type { Shipment } from '../../../sync/pure';
import { useT } from '../../lib/i18n';
import { useRxQuery } from '../../lib/hooks/use-rx-query';
import { departedShipments } from './hub-queries';
import { useHubScope } from './hub-scope';
import { TitledSection } from '../../components/titled-section';
import { HubShipmentList } from './hub-shipment-card';
import { useUploads } from './use-engine-store';

/** The latest ones; older ones are on the dashboard's in-transit list. */
const SHOWN = 20;

/** Memoized (it has no props): a change of the queue above it does not render it again. */
export const DeparturesList = memo(function DeparturesList() {
  const t = useT();
  const { hub } = useHubScope();
  const { rows } = useRxQuery('shipments', hub ? departedShipments(hub.id) : null);
  const shipments: Shipment[] = rows;
  const shown = shipments.slice(0, SHOWN);
  const uploads = useUploads(shown.map((s) => s.id));
  if (shipments.length === 0) return null;
  return (
    <TitledSection id="departures-title" title={t('hubShipping.departures.title')}>
      <HubShipmentList
        shipments={shown}
        testId="departures-list"
        card={(s) => ({ route: 'to', dates: 'departed', uploads: uploads.get(s.id) ?? [] })}
      />
      {shipments.length > SHOWN && (
        <p className="text-sm text-muted-foreground">
          {t('hubShipping.departures.more', { n: shipments.length - SHOWN })}
        </p>
      )}
    </TitledSection>
  );
});
