// The three steps of an arrival (spec 4.2) on a shipment's own view (issue 41): done ones
// ticked, the current one marked (aria-current="step"), so a worker sees where the truck is.
import { Check } from 'lucide-react';
import type { ArrivalTab } from '../lib/handover/scan-target';
import { useT } from '../lib/i18n';
import { cn } from '../lib/utils';

const STEPS = [
  { step: 'otw', label: 'hubOps.page.tabs.arrival' },
  { step: 'arrival', label: 'lib.commands.start_unloading' },
  { step: 'unloading', label: 'lib.commands.complete_unloading' },
] as const satisfies ReadonlyArray<{ step: ArrivalTab; label: string }>;

/** `step` null: all three done. */
export function StepTrail({ step }: { step: ArrivalTab | null }) {
  const t = useT();
  const at = step ? STEPS.findIndex((s) => s.step === step) : STEPS.length;
  return (
    <ol className="grid grid-cols-3 gap-2" aria-label={t('hubShipping.view.steps')} data-testid="step-trail">
      {STEPS.map((s, i) => (
        <li
          key={s.step}
          aria-current={i === at ? 'step' : undefined}
          data-state={i < at ? 'done' : i === at ? 'current' : 'todo'}
          className={cn(
            'flex min-h-11 items-center gap-2 rounded-md border-2 px-2 py-1 text-sm font-medium',
            i < at && 'border-emerald-700 text-emerald-800 dark:text-emerald-300',
            i === at && 'border-primary bg-primary text-primary-foreground',
            i > at && 'border-muted text-muted-foreground',
          )}
        >
          {i < at ? (
            <Check className="size-4 shrink-0" aria-hidden="true" />
          ) : (
            <span aria-hidden="true" className="tabular-nums">
              {i + 1}.
            </span>
          )}
          <span>
            {t(s.label)}
            {i < at && <span className="sr-only"> ({t('hubShipping.view.stepDone')})</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}
