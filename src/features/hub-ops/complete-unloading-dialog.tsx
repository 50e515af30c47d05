// Selesai Bongkar with the counted receipt (spec 4.2, issue 28): the counts received, the
// differences with their reasons and photos, both signatures, and notes; then the shipment is
// selesai, what was counted in good order is booked into this hub's warehouse and the vehicle
// is ready here again, in one command; the BAST follows (src/components/counted-receipt).
// No Urungkan here: the receipt's signatures, photos and BAST are already made and queued.
import type { Hub, Shipment } from '../../../sync/pure';
import { CountedReceiptDialog } from '../../components/counted-receipt/counted-receipt-dialog';
import { useT } from '../../lib/i18n';
import { zoneOfHub } from '../../lib/time-zone';
import { useRxByIds } from '../../lib/hooks/use-rx-query';
import { FAILURE } from './messages';

export function CompleteUnloadingDialog({
  hub,
  shipment,
  onClose,
}: {
  hub: Hub;
  shipment: Shipment;
  onClose: () => void;
}) {
  const t = useT();
  const vehicle = useRxByIds('vehicles', [shipment.vehicle_id]).get(shipment.vehicle_id);
  const origin = useRxByIds('hubs', [shipment.origin_hub_id]).get(shipment.origin_hub_id);
  return (
    <CountedReceiptDialog
      title={t('lib.commands.complete_unloading')}
      description={t('hubShipping.unloading.description', { batch: shipment.batch_number, hub: hub.name })}
      testId="complete-unloading-dialog"
      submitTestId="complete-unloading-submit"
      shipment={shipment}
      driverName={vehicle?.driver_name ?? ''}
      withNotes
      // Issue 41: this hub counts blind (set by an admin on Hubs): the counts open empty.
      blind={hub.blind_count === true}
      places={{ originHub: origin?.name ?? '-', destinationHub: hub.name, timeZone: zoneOfHub(hub) }}
      command={(receipt, notes) => ({
        command: 'complete_unloading',
        payload: {
          hub_id: hub.id,
          shipment_id: shipment.id,
          notes,
          smartboard_inventory_id: crypto.randomUUID(),
          bracket_inventory_id: crypto.randomUUID(),
          receipt,
        },
        success: t('hubOps.messages.toast.unloadingCompleted'),
        failure: FAILURE.completeUnloading,
      })}
      onClose={onClose}
    />
  );
}
