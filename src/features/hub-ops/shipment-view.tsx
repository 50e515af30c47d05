// One arriving truck's own screen (issue 41): /{hubSlug}/shipment/{id}, where a scanned surat
// jalan, a typed batch or plate, or a card's Buka lands. It reads the local collections, so it
// works offline, and shows the shipment with its next step as the one big button: Confirm Tiba,
// Mulai Bongkar, then Selesai Bongkar (the counted receipt and its BAST). It stays on the
// shipment across the steps; once unloaded it says so and offers the BAST among the documents.
// The hub's tabs remain the overview. The buttons and the receipt are the tabs' own.
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Shipment } from '../../../sync/pure';
import {
  ShipmentLoading,
  ShipmentPage,
  ShipmentProblem,
  ShipmentSteps,
} from '../../components/shipment-page';
import { arrivalTab } from '../../lib/handover/scan-target';
import { hubPath, type HubRouteConfig, type TabSlug } from '../../lib/hub-routes';
import { useT } from '../../lib/i18n';
import { useTablesArrived } from '../../lib/sync-engine';
import { useConfirmedMissing } from '../../lib/hooks/use-confirmed-missing';
import { zoneOfHub } from '../../lib/time-zone';
import { useNow } from '../../lib/hooks/use-now';
import { usePendingMarks } from '../../lib/use-outbox';
import { useRxByIds } from '../../lib/hooks/use-rx-query';
import { useShipmentDetails } from '../../lib/shipments/use-shipment-details';
import { HubDialogs } from './hub-dialogs';
import { HubScopeContext, useHubScope, type HubDialog, type HubScope } from './hub-scope';
import { HubShipmentCard } from './hub-shipment-card';
import type { ShipmentDates } from './shipment-card';
import { BIG_STEP, ShipmentStepButton } from './shipment-step-button';
import { useMasterData, useResolvedHub } from './use-master-data';

const TABLES = ['shipments', 'hubs'] as const;
const DATES: Record<TabSlug, ShipmentDates> = {
  otw: 'etd-eta',
  arrival: 'arrival',
  unloading: 'unloading',
  ready: 'done',
  loading: 'done',
  done: 'done',
};

export function HubShipmentView({ hub: config, shipmentId }: { hub: HubRouteConfig; shipmentId: string }) {
  const t = useT();
  const master = useMasterData();
  const hub = useResolvedHub(master, config.hubType);
  const pending = usePendingMarks();
  const now = useNow(30_000);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<HubDialog | null>(null);
  const shipment = useRxByIds('shipments', [shipmentId]).get(shipmentId);
  const arrived = useTablesArrived(TABLES);
  const showTab = useCallback((to: TabSlug) => navigate(hubPath(config.slug, to)), [navigate, config.slug]);
  const scope = useMemo<HubScope>(
    () => ({ config, hub, master, pending, now, open: setDialog, showTab }),
    [config, hub, master, pending, now, showTab],
  );
  const closeDialog = useCallback(() => setDialog(null), []);
  const live = shipment && !shipment.deleted ? shipment : undefined;
  const shipmentMissing = useConfirmedMissing('shipments', shipmentId, !live && arrived);
  const overview = hubPath(config.slug, live ? (arrivalTab(live.status) ?? 'unloading') : undefined);

  return (
    <HubScopeContext.Provider value={scope}>
      <ShipmentPage
        shipmentId={shipmentId}
        status={live?.status ?? ''}
        batch={live?.batch_number ?? ''}
        back={{
          to: overview,
          label: t('hubShipping.view.overview', { hub: t(`hubOps.page.titles.${config.hubType}`) }),
          testId: 'shipment-view-overview',
        }}
      >
        {!live || !hub ? (
          !arrived || !master.ready || (hub && !shipmentMissing) ? (
            <ShipmentLoading />
          ) : (
            <ShipmentProblem
              text={hub ? t('hubShipping.view.notFound') : t('hubOps.messages.hubUnresolved')}
            />
          )
        ) : live.destination_hub_id !== hub.id ? (
          <ShipmentProblem text={t('hubShipping.view.otherHub', { batch: live.batch_number })} />
        ) : (
          <HubSteps shipment={live} />
        )}
      </ShipmentPage>
      <HubDialogs dialog={dialog} onClose={closeDialog} />
    </HubScopeContext.Provider>
  );
}

function HubSteps({ shipment: s }: { shipment: Shipment }) {
  const { hub } = useHubScope();
  const details = useShipmentDetails(useMemo(() => [s], [s]));
  const step = s.selesai_bongkar ? null : arrivalTab(s.status);
  return (
    <ShipmentSteps
      shipmentId={s.id}
      step={step}
      next={(next) => <ShipmentStepButton shipment={s} step={next} className={BIG_STEP} />}
      card={<HubShipmentCard shipment={s} details={details} route="from" dates={DATES[step ?? 'done']} />}
      timeZone={zoneOfHub(hub)}
    />
  );
}
