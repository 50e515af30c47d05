// Which dialog the hub screen shows: one at a time, opened from the toolbar or
// a card (Selesai Muat opens the hub's shipping form for that vehicle).
import { memo, useState } from 'react';
import { SuratJalanDialog } from '../../components/handover/surat-jalan-dialog';
import type { Hub } from '../../../sync/pure';
import { useRxByIds } from '../../lib/hooks/use-rx-query';
import { AddSeaFleetDialog } from './add-sea-fleet-dialog';
import { AddToQueueDialog } from './add-to-queue-dialog';
import { AddVehicleDialog } from './add-vehicle-dialog';
import { VendorDialog } from '../../components/vendor-dialog';
import { CompleteUnloadingDialog } from './complete-unloading-dialog';
import { DaratShippingDialog } from './darat-shipping-dialog';
import { shippingFormOf } from './hub-resolution';
import { useHubScope, type HubDialog } from './hub-scope';
import { SeaShippingDialog } from './sea-shipping-dialog';
import type { Shipped } from './shipping-form';

// Once saved, the form gives way to "Surat jalan siap" (issue 28).
function ShippingDialog({ hub, vehicleId, onClose }: { hub: Hub; vehicleId: string; onClose: () => void }) {
  const { config } = useHubScope();
  const vehicle = useRxByIds('vehicles', [vehicleId]).get(vehicleId);
  const [shipped, setShipped] = useState<Shipped | null>(null);
  if (shipped)
    return <SuratJalanDialog batchNumber={shipped.batchNumber} making={shipped.making} onClose={onClose} />;
  if (!vehicle) return null;
  const form = shippingFormOf(config.hubType);
  return form === 'darat' ? (
    <DaratShippingDialog hub={hub} vehicle={vehicle} onClose={onClose} onShipped={setShipped} />
  ) : (
    <SeaShippingDialog form={form} hub={hub} vehicle={vehicle} onClose={onClose} onShipped={setShipped} />
  );
}

function UnloadingDialog({
  hub,
  shipmentId,
  onClose,
}: {
  hub: Hub;
  shipmentId: string;
  onClose: () => void;
}) {
  const shipment = useRxByIds('shipments', [shipmentId]).get(shipmentId);
  if (!shipment) return null;
  return <CompleteUnloadingDialog hub={hub} shipment={shipment} onClose={onClose} />;
}

/** Memoized: the queues changing under it do not render it again (issue 14, P3). */
export const HubDialogs = memo(function HubDialogs({
  dialog,
  onClose,
}: {
  dialog: HubDialog | null;
  onClose: () => void;
}) {
  const { hub } = useHubScope();
  if (!dialog || !hub) return null;
  switch (dialog.kind) {
    case 'queue':
      return <AddToQueueDialog hub={hub} onClose={onClose} />;
    case 'add-vendor':
      return <VendorDialog onClose={onClose} />;
    case 'add-vehicle':
      return <AddVehicleDialog hub={hub} onClose={onClose} />;
    case 'add-sea-fleet':
      return <AddSeaFleetDialog hub={hub} onClose={onClose} />;
    case 'shipping':
      return <ShippingDialog hub={hub} vehicleId={dialog.vehicleId} onClose={onClose} />;
    case 'complete-unloading':
      return <UnloadingDialog hub={hub} shipmentId={dialog.shipmentId} onClose={onClose} />;
  }
});
