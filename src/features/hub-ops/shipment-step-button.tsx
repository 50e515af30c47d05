// The one step a shipment bound for this hub takes next (spec 4.2): Confirm Tiba, Mulai
// Bongkar (each offering Urungkan for ten seconds, issue 29) or Selesai Bongkar (the counted
// receipt), by ArrivalStepButton with the hub's commands. The same button on a tab's card and,
// big, on the shipment's own view (issue 41).
import type { Shipment } from '../../../sync/pure';
import { ArrivalStepButton } from '../../components/arrival-step-button';
import type { ArrivalTab } from '../../lib/handover/scan-target';
import { useHubScope } from './hub-scope';
import { FAILURE } from './messages';

/** The view's one big button: a whole-width tap target. */
export const BIG_STEP = 'h-16 w-full text-lg sm:w-auto sm:min-w-72';

export function ShipmentStepButton({
  shipment,
  step,
  className,
}: {
  shipment: Shipment;
  step: ArrivalTab;
  className?: string;
}) {
  const { hub, open } = useHubScope();
  if (!hub) return null;
  const payload = { hub_id: hub.id, shipment_id: shipment.id };
  return (
    <ArrivalStepButton
      step={step}
      className={className}
      confirmArrival={{ type: 'confirm_arrival', payload, failure: FAILURE.confirmArrival }}
      startUnloading={{ type: 'start_unloading', payload, failure: FAILURE.startUnloading }}
      onCompleteUnloading={() => open({ kind: 'complete-unloading', shipmentId: shipment.id })}
    />
  );
}
