// The one step a shipment arriving at a hub or a POD takes next (spec 4.2, 2.10): Confirm Tiba,
// Mulai Bongkar (each offering Urungkan for ten seconds, issue 29) or Selesai Bongkar (the
// counted receipt, opened by the caller). The hub's cards and view (features/hub-ops) and the
// POD's (features/pod) give it their own commands and failure texts.
import { CheckCheck, PackageOpen, PlayCircle } from 'lucide-react';
import type { CommandInput, CommandType } from '../../sync/pure';
import type { ArrivalTab } from '../lib/handover/scan-target';
import { useT } from '../lib/i18n';
import { useSyncEngine } from '../lib/sync-engine';
import { runWithUndo } from '../lib/writes/undo-offer';
import { ActionButton } from './action-button';
import { Button } from './ui/button';

/** A step's command, and its failure toast from the refusal's message. */
export interface StepCommand<T extends CommandType> {
  type: T;
  payload: CommandInput<T>;
  failure: (message: string) => string;
}

/** The two steps that offer Urungkan: their icon, label and success toast. */
const UNDOABLE = {
  otw: { Icon: CheckCheck, label: 'hubOps.page.tabs.arrival', success: 'common.arrivalConfirmed' },
  arrival: { Icon: PlayCircle, label: 'lib.commands.start_unloading', success: 'common.unloadingStarted' },
} as const;

export function ArrivalStepButton<A extends CommandType, S extends CommandType>({
  step,
  confirmArrival,
  startUnloading,
  onCompleteUnloading,
  className,
}: {
  step: ArrivalTab;
  confirmArrival: StepCommand<A>;
  startUnloading: StepCommand<S>;
  /** Selesai Bongkar: the caller opens the counted receipt. */
  onCompleteUnloading: () => void;
  className?: string;
}) {
  const t = useT();
  const engine = useSyncEngine();
  const props = { className, 'data-testid': 'shipment-step', 'data-step': step };
  if (step === 'unloading')
    return (
      <Button {...props} onClick={onCompleteUnloading}>
        <PackageOpen aria-hidden="true" />
        {t('lib.commands.complete_unloading')}
      </Button>
    );
  const { Icon, label, success } = UNDOABLE[step];
  const run = <T extends CommandType>({ type, payload, failure }: StepCommand<T>) =>
    runWithUndo(engine, type, payload, { success: t(success), failure });
  return (
    <ActionButton {...props} onAction={() => (step === 'otw' ? run(confirmArrival) : run(startUnloading))}>
      <Icon aria-hidden="true" />
      {t(label)}
    </ActionButton>
  );
}
