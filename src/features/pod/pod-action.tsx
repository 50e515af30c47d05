// The one step a POD container takes next (spec 4.2, 2.10): Confirm Tiba, Mulai Bongkar (each
// offering Urungkan) or Selesai Bongkar (the counted receipt, opened by the screen so it stays
// when the card leaves its list). The same button on the POD page's cards and, big, on the
// container's own view (issue 41), by ArrivalStepButton with the POD's commands.
import { podCityOfShipment, type Hub, type Shipment } from '../../../sync/pure';
import { ArrivalStepButton } from '../../components/arrival-step-button';
import { useT } from '../../lib/i18n';
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
  if (!allowed) return null;
  const id = { shipment_id: shipment.id };
  // Selesai Bongkar: the counted receipt (issue 28), counts, differences, signatures, then
  // pod_complete and the BAST. Opened by the page: the dialog (and the BAST after it) stays when
  // the card leaves the list.
  return (
    <ArrivalStepButton
      step={tab}
      className={className}
      confirmArrival={{
        type: 'pod_confirm_arrival',
        payload: id,
        failure: () => t('handover.pod.failure.confirmArrival'),
      }}
      startUnloading={{
        type: 'pod_start_unloading',
        payload: id,
        failure: () => t('handover.pod.failure.startUnloading'),
      }}
      onCompleteUnloading={() => onCount({ shipment, city, location: city ? warehouseLocation(city) : null })}
    />
  );
}
