// The OTW, Confirm Tiba and Sedang Bongkar tabs (spec 2.9, 4.2, 4.3): the
// shipments bound for this hub, and the step each tab takes them through, each
// offering Urungkan for ten seconds (issue 29).
import { CheckCheck, PackageOpen, PlayCircle } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { useRxQuery } from '../../lib/use-rx-query';
import { useT } from '../../lib/i18n';
import { useSyncEngine } from '../../lib/sync-engine';
import { ActionButton } from '../../components/action-button';
import { DoneList } from './done-list';
import { EmptyState } from '../../components/empty-state';
import { inboundShipments, type ShipmentTab as Tab } from './hub-queries';
import { useHubScope } from './hub-scope';
import { FAILURE, TOAST } from './messages';
import { runWithUndo } from '../../lib/undo-offer';
import { ShipmentCard } from './shipment-card';
import { useShipmentDetails } from '../../lib/use-shipment-details';
import { SCANNED_PARAM } from '../../lib/handover/scan-target';

const EMPTY = {
  otw: 'hubShipping.tab.emptyOtw',
  arrival: 'hubShipping.tab.emptyArrival',
  unloading: 'hubShipping.tab.emptyUnloading',
} as const satisfies Record<Tab, string>;

const NAME = {
  otw: 'hubShipping.tab.otw',
  arrival: 'hubShipping.tab.arrival',
  unloading: 'hubShipping.tab.unloading',
} as const satisfies Record<Tab, string>;

export function ShipmentTab({ tab }: { tab: Tab }) {
  const t = useT();
  const engine = useSyncEngine();
  const { hub, master, pending, now, open } = useHubScope();
  const { rows: shipments } = useRxQuery('shipments', hub ? inboundShipments(hub.id, tab) : null);
  const { vehicles, containers } = useShipmentDetails(shipments);
  // The shipment a scanned surat jalan opened (issue 28): marked, and scrolled to.
  const scanned = useSearchParams()[0].get(SCANNED_PARAM);
  if (!hub) return null;
  const payload = (id: string) => ({ hub_id: hub.id, shipment_id: id });
  return (
    <div className="grid gap-6">
      <section aria-label={t(NAME[tab])} className="grid gap-3">
        {shipments.length === 0 ? (
          <EmptyState>{t(EMPTY[tab])}</EmptyState>
        ) : (
          <ul className="grid gap-2" data-testid={`${tab}-list`}>
            {shipments.map((s) => (
              <ShipmentCard
                key={s.id}
                shipment={s}
                vehicle={vehicles.get(s.vehicle_id)}
                container={containers.get(s.id)}
                statuses={master.statuses}
                routeText={t('hubShipping.card.from', {
                  hub: master.hubsById.get(s.origin_hub_id)?.name ?? '-',
                })}
                dates={tab === 'otw' ? 'etd-eta' : tab}
                pending={pending}
                now={now}
                scanned={s.id === scanned}
                actions={
                  tab === 'otw' ? (
                    <ActionButton
                      onAction={() =>
                        runWithUndo(engine, 'confirm_arrival', payload(s.id), {
                          success: TOAST.arrivalConfirmed,
                          failure: FAILURE.confirmArrival,
                        })
                      }
                    >
                      <CheckCheck aria-hidden="true" />
                      {t('hubShipping.tab.confirmArrival')}
                    </ActionButton>
                  ) : tab === 'arrival' ? (
                    <ActionButton
                      onAction={() =>
                        runWithUndo(engine, 'start_unloading', payload(s.id), {
                          success: TOAST.unloadingStarted,
                          failure: FAILURE.startUnloading,
                        })
                      }
                    >
                      <PlayCircle aria-hidden="true" />
                      {t('hubShipping.tab.startUnloading')}
                    </ActionButton>
                  ) : (
                    <Button onClick={() => open({ kind: 'complete-unloading', shipmentId: s.id })}>
                      <PackageOpen aria-hidden="true" />
                      {t('hubShipping.tab.completeUnloading')}
                    </Button>
                  )
                }
              />
            ))}
          </ul>
        )}
      </section>
      {tab === 'unloading' && <DoneList />}
    </div>
  );
}
