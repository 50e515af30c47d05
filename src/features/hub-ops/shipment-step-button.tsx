// The one step a shipment bound for this hub takes next (spec 4.2): Confirm Tiba, Mulai
// Bongkar (each offering Urungkan for ten seconds, issue 29) or Selesai Bongkar (the counted
// receipt). The same button on a tab's card and, big, on the shipment's own view (issue 41).
import { CheckCheck, PackageOpen, PlayCircle } from 'lucide-react';
import type { Shipment } from '../../../sync/pure';
import { ActionButton } from '../../components/action-button';
import { Button } from '../../components/ui/button';
import type { ArrivalTab } from '../../lib/handover/scan-target';
import { useT } from '../../lib/i18n';
import { useSyncEngine } from '../../lib/sync-engine';
import { runWithUndo } from '../../lib/writes/undo-offer';
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
  const t = useT();
  const engine = useSyncEngine();
  const { hub, open } = useHubScope();
  if (!hub) return null;
  const payload = { hub_id: hub.id, shipment_id: shipment.id };
  const stepId = { 'data-testid': 'shipment-step', 'data-step': step };
  if (step === 'otw')
    return (
      <ActionButton
        className={className}
        {...stepId}
        onAction={() =>
          runWithUndo(engine, 'confirm_arrival', payload, {
            success: t('common.arrivalConfirmed'),
            failure: FAILURE.confirmArrival,
          })
        }
      >
        <CheckCheck aria-hidden="true" />
        {t('hubOps.page.tabs.arrival')}
      </ActionButton>
    );
  if (step === 'arrival')
    return (
      <ActionButton
        className={className}
        {...stepId}
        onAction={() =>
          runWithUndo(engine, 'start_unloading', payload, {
            success: t('common.unloadingStarted'),
            failure: FAILURE.startUnloading,
          })
        }
      >
        <PlayCircle aria-hidden="true" />
        {t('lib.commands.start_unloading')}
      </ActionButton>
    );
  return (
    <Button
      className={className}
      {...stepId}
      onClick={() => open({ kind: 'complete-unloading', shipmentId: shipment.id })}
    >
      <PackageOpen aria-hidden="true" />
      {t('lib.commands.complete_unloading')}
    </Button>
  );
}
