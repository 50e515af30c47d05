// The OTW, Confirm Tiba and Sedang Bongkar tabs (spec 2.9, 4.2, 4.3): the
// shipments bound for this hub, and the step each tab takes them through, each
// offering Urungkan for ten seconds (issue 29).
import { useSearchParams } from 'react-router-dom';
import { ShipmentViewLink } from '../../components/shipment-page';
import { useRxQuery } from '../../lib/hooks/use-rx-query';
import { useT } from '../../lib/i18n';
import { shipmentViewPath } from '../../lib/hub-routes';
import { DoneList } from './done-list';
import { EmptyState } from '../../components/empty-state';
import { inboundShipments, type ShipmentTab as Tab } from './hub-queries';
import { useHubScope } from './hub-scope';
import { HubShipmentList } from './hub-shipment-card';
import { ShipmentStepButton } from './shipment-step-button';
import { SCANNED_PARAM } from '../../lib/handover/scan-target';

const EMPTY = {
  otw: 'hubShipping.tab.emptyOtw',
  arrival: 'hubShipping.tab.emptyArrival',
  unloading: 'hubShipping.tab.emptyUnloading',
} as const satisfies Record<Tab, string>;

const NAME = {
  otw: 'hubOps.page.tabs.otw',
  arrival: 'hubOps.page.tabs.arrival',
  unloading: 'hubOps.page.tabs.unloading',
} as const satisfies Record<Tab, string>;

export function ShipmentTab({ tab }: { tab: Tab }) {
  const t = useT();
  const { config, hub } = useHubScope();
  const { rows: shipments, ready } = useRxQuery('shipments', hub ? inboundShipments(hub.id, tab) : null);
  // The shipment a scanned surat jalan opened (issue 28): marked, and scrolled to.
  const scanned = useSearchParams()[0].get(SCANNED_PARAM);
  if (!hub) return null;
  return (
    <div className="grid gap-6">
      <section aria-label={t(NAME[tab])} className="grid gap-3" aria-busy={!ready}>
        {/* Not read yet: nothing, not a "none" that is not a fact. */}
        {shipments.length === 0 && !ready ? null : shipments.length === 0 ? (
          <EmptyState>{t(EMPTY[tab])}</EmptyState>
        ) : (
          <HubShipmentList
            shipments={shipments}
            testId={`${tab}-list`}
            card={(s) => ({
              route: 'from',
              dates: tab === 'otw' ? 'etd-eta' : tab,
              scanned: s.id === scanned,
              actions: (
                <>
                  <ShipmentViewLink to={shipmentViewPath(config.slug, s.id)} batch={s.batch_number} />
                  <ShipmentStepButton shipment={s} step={tab} />
                </>
              ),
            })}
          />
        )}
      </section>
      {tab === 'unloading' && <DoneList />}
    </div>
  );
}
