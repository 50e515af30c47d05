// POD completion with the counted receipt (spec 4.2, issue 28): the same form as a hub's
// Selesai Bongkar (src/components/counted-receipt); pod_complete books what was counted in
// good order into the city's warehouse; the BAST follows.
import { CountedReceiptDialog } from '../../components/counted-receipt/counted-receipt-dialog';
import { useT } from '../../lib/i18n';
import { zoneOfPlace } from '../../lib/time-zone';
import { useRxByIds } from '../../lib/hooks/use-rx-query';
import type { Counting } from './pod-action';

/** The receipt of the shipment being counted: its city and the city's warehouse. */
export function PodReceiptDialog({
  counting: { shipment, city, location: warehouseLocation },
  onClose,
}: {
  counting: Counting;
  onClose: () => void;
}) {
  const t = useT();
  const vehicle = useRxByIds('vehicles', [shipment.vehicle_id]).get(shipment.vehicle_id);
  const hubs = useRxByIds('hubs', [shipment.origin_hub_id, shipment.destination_hub_id]);
  const destination =
    hubs.get(shipment.destination_hub_id)?.name ?? (city ? t('handover.pod.podOfCity', { city }) : '-');
  return (
    <CountedReceiptDialog
      title={t('lib.commands.complete_unloading')}
      description={t('handover.pod.receiptDescription', { batch: shipment.batch_number, destination })}
      testId="pod-receipt-dialog"
      submitTestId="pod-receipt-submit"
      shipment={shipment}
      driverName={vehicle?.driver_name ?? ''}
      // Issue 41: the POD hub counts blind (set by an admin on Hubs): the counts open empty.
      blind={hubs.get(shipment.destination_hub_id)?.blind_count === true}
      places={{
        originHub: hubs.get(shipment.origin_hub_id)?.name ?? '-',
        destinationHub: destination,
        timeZone: zoneOfPlace(city),
      }}
      command={(receipt) => ({
        command: 'pod_complete',
        payload: {
          shipment_id: shipment.id,
          smartboard_inventory_id: crypto.randomUUID(),
          bracket_inventory_id: crypto.randomUUID(),
          receipt,
        },
        success: warehouseLocation
          ? t('handover.pod.toast.podCompleted', { location: warehouseLocation })
          : t('handover.pod.toast.podDone'),
        failure: () => t('handover.pod.failure.completePod'),
      })}
      onClose={onClose}
    />
  );
}
