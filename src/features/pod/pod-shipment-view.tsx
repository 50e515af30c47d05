// One container's own screen at a POD (issue 41): /pod/shipment/{id}, where a scanned surat
// jalan, a typed batch or plate, or a card's Buka lands. Read from the local collections (it
// works offline): the container with its next step as the one big button (Confirm Tiba, Mulai
// Bongkar, Selesai Bongkar with the counted receipt and its BAST), staying on it across the
// steps; once unloaded it says so and offers the BAST among the documents. The POD page's tabs
// remain the overview. The buttons and the receipt are the POD page's own.
import { useMemo, useState } from 'react';
import { mayActForPodCity, warehouseForCity, type Shipment } from '../../../sync/pure';
import {
  ShipmentLoading,
  ShipmentPage,
  ShipmentProblem,
  ShipmentSteps,
} from '../../components/shipment-page';
import { arrivalTab } from '../../lib/handover/scan-target';
import { useT } from '../../lib/i18n';
import { useSignedIn } from '../../lib/session/session';
import { useTablesArrived } from '../../lib/sync-engine';
import { useConfirmedMissing } from '../../lib/hooks/use-confirmed-missing';
import { zoneOfPlace } from '../../lib/time-zone';
import { usePendingMarks } from '../../lib/use-outbox';
import { ALL_ROWS, useRxByIds, useRxQuery } from '../../lib/hooks/use-rx-query';
import { useShipmentDetails } from '../../lib/shipments/use-shipment-details';
import { useStatusLooks } from '../../lib/shipments/use-status-looks';
import { cityOf, PodAction, type Counting } from './pod-action';
import { PodReceiptDialog } from './pod-receipt-dialog';
import { PodShipmentCard } from './pod-shipment-card';

const TABLES = ['shipments', 'hubs'] as const;

export function PodShipmentView({ shipmentId }: { shipmentId: string }) {
  const t = useT();
  const shipment = useRxByIds('shipments', [shipmentId]).get(shipmentId);
  const hubs = useRxQuery('hubs', ALL_ROWS);
  const arrived = useTablesArrived(TABLES);
  const [counting, setCounting] = useState<Counting | null>(null);
  const live = shipment && !shipment.deleted ? shipment : undefined;
  const missing = useConfirmedMissing('shipments', shipmentId, !live && arrived && hubs.ready);
  return (
    <ShipmentPage
      shipmentId={shipmentId}
      status={live?.status ?? ''}
      batch={live?.batch_number ?? ''}
      back={{
        to: `/pod${live && arrivalTab(live.status) ? `?tab=${arrivalTab(live.status)}` : ''}`,
        label: t('hubShipping.view.overviewPod'),
      }}
    >
      {!live ? (
        !missing ? (
          <ShipmentLoading />
        ) : (
          <ShipmentProblem text={t('hubShipping.view.notFound')} />
        )
      ) : (
        <PodSteps shipment={live} onCount={setCounting} />
      )}
      {counting && <PodReceiptDialog counting={counting} onClose={() => setCounting(null)} />}
    </ShipmentPage>
  );
}

function PodSteps({ shipment: s, onCount }: { shipment: Shipment; onCount: (c: Counting) => void }) {
  const t = useT();
  const { profile } = useSignedIn();
  const hubs = useRxQuery('hubs', ALL_ROWS).rows;
  const warehouses = useRxQuery('warehouses', ALL_ROWS).rows;
  const looks = useStatusLooks();
  const pending = usePendingMarks();
  const { vehicles, containers } = useShipmentDetails(useMemo(() => [s], [s]));
  const step = s.selesai_bongkar ? null : arrivalTab(s.status);
  const city = cityOf(s, hubs);
  const actor = { userId: profile.userId, role: profile.role, hubId: profile.hubId };
  const allowed = mayActForPodCity(actor, city, hubs);
  return (
    <ShipmentSteps
      shipmentId={s.id}
      step={step}
      next={(next) =>
        allowed ? (
          <PodAction
            tab={next}
            shipment={s}
            allowed
            city={city}
            warehouseLocation={(c) => warehouseForCity(warehouses, c)?.location ?? null}
            onCount={onCount}
            className="h-16 w-full text-lg sm:w-auto sm:min-w-72"
          />
        ) : (
          <p className="text-base" data-testid="shipment-view-problem">
            {t('hubShipping.view.otherHub', { batch: s.batch_number })}
          </p>
        )
      }
      card={
        <PodShipmentCard
          shipment={s}
          vehicle={vehicles.get(s.vehicle_id)}
          container={containers.get(s.id)}
          tab={step ?? 'arrival'}
          looks={looks}
          pending={pending}
          zone={zoneOfPlace(city)}
          action={null}
        />
      }
      timeZone={zoneOfPlace(city)}
    />
  );
}
