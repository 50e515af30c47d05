// The one step a POD container takes next (spec 4.2, 2.10): Confirm Tiba, Mulai Bongkar (each
// offering Urungkan) or Selesai Bongkar (the counted receipt, opened by the screen so it stays
// when the card leaves its list). The same button on the POD page's cards and, big, on the
// container's own view (issue 41).
import { CheckCheck, PackageOpen, PlayCircle } from 'lucide-react';
import { podCityOfShipment, type Hub, type Shipment } from '../../../sync/pure';
import { ActionButton } from '../../components/action-button';
import { Button } from '../../components/ui/button';
import { useT } from '../../lib/i18n';
import { useSyncEngine } from '../../lib/sync-engine';
import { runWithUndo } from '../../lib/writes/undo-offer';
import type { PodTab } from './pod-queries';

export interface Counting {
  shipment: Shipment;
  city: string | null;
  location: string | null;
}

export function cityOf(s: Shipment, hubs: readonly Hub[]): string | null {
  return podCityOfShipment(
    s,
    hubs.find((h) => h.id === s.destination_hub_id),
  );
}

export function PodAction({
  tab,
  shipment,
  allowed,
  city,
  warehouseLocation,
  onCount,
  className,
}: {
  tab: PodTab;
  shipment: Shipment;
  allowed: boolean;
  city: string | null;
  warehouseLocation: (city: string) => string | null;
  onCount: (counting: Counting) => void;
  className?: string;
}) {
  const t = useT();
  const engine = useSyncEngine();
  if (!allowed) return null;
  const id = { shipment_id: shipment.id };
  const step = { className, 'data-testid': 'shipment-step', 'data-step': tab };
  if (tab === 'otw') {
    return (
      <ActionButton
        {...step}
        onAction={() =>
          runWithUndo(engine, 'pod_confirm_arrival', id, {
            success: t('common.arrivalConfirmed'),
            failure: () => t('handover.pod.failure.confirmArrival'),
          })
        }
      >
        <CheckCheck aria-hidden="true" />
        {t('hubOps.page.tabs.arrival')}
      </ActionButton>
    );
  }
  if (tab === 'arrival') {
    return (
      <ActionButton
        {...step}
        onAction={() =>
          runWithUndo(engine, 'pod_start_unloading', id, {
            success: t('common.unloadingStarted'),
            failure: () => t('handover.pod.failure.startUnloading'),
          })
        }
      >
        <PlayCircle aria-hidden="true" />
        {t('lib.commands.start_unloading')}
      </ActionButton>
    );
  }
  // The counted receipt (issue 28): counts, differences, signatures, then pod_complete and the BAST.
  // Opened by the page: the dialog (and the BAST after it) stays when the card leaves the list.
  return (
    <Button
      {...step}
      onClick={() => onCount({ shipment, city, location: city ? warehouseLocation(city) : null })}
    >
      <PackageOpen aria-hidden="true" />
      {t('lib.commands.complete_unloading')}
    </Button>
  );
}
