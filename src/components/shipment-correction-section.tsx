// Issue 29: tower control and admin correct the counts of a shipment sent by
// mistake, or void it, from its detail panel, while it is still on its way
// (not received). Each asks for a reason and says what will happen before it is
// sent; the commands (correct_shipment_counts, void_shipment:
// sync/commands/shipment-correction.ts) move the origin's stock, and the
// shipment's history and the audit trail keep who, when and why.
import { useState } from 'react';
import { isCorrectable, type Shipment } from '../../sync/pure';
import { checkCommand } from '../lib/writes/check-command';
import { useT } from '../lib/i18n';
import { parseCount } from '../lib/quantity';
import { isStaff } from '../lib/session/roles';
import { useSignedIn } from '../lib/session/session';
import { sendChecked, useCommandForm } from '../lib/writes/use-command-form';
import { FormDialog } from './form-dialog';
import { useFormFields } from './form-fields';
import { Button } from './ui/button';

interface CountsValues {
  smartboard_quantity: number | string;
  bracket_quantity: number | string;
  reason: string;
}

const DIALOGS = {
  counts: {
    title: 'tower.correction.countsTitle',
    description: 'tower.correction.countsDescription',
    submit: 'tower.correction.countsSubmit',
    testId: 'correct-counts-dialog',
    reasonId: 'correct-reason',
  },
  void: {
    title: 'tower.correction.voidTitle',
    description: 'tower.correction.voidDescription',
    submit: 'tower.correction.voidShipment',
    testId: 'void-shipment-dialog',
    reasonId: 'void-reason',
  },
} as const;

/** Either correction: what it is and what it will do, its own fields, then the reason it asks for. */
function CorrectionDialog({
  kind,
  shipment: s,
  onClose,
}: {
  kind: keyof typeof DIALOGS;
  shipment: Shipment;
  onClose: () => void;
}) {
  const t = useT();
  const texts = DIALOGS[kind];
  const { form, ...dialog } = useCommandForm<CountsValues>({
    defaultValues: {
      smartboard_quantity: s.smartboard_quantity,
      bracket_quantity: s.bracket_quantity,
      reason: '',
    },
    submit: (v) =>
      kind === 'void'
        ? sendChecked(
            'void_shipment',
            checkCommand('void_shipment', { shipment_id: s.id, reason: v.reason }),
            {
              success: t('tower.correction.voided'),
            },
          )
        : sendChecked(
            'correct_shipment_counts',
            checkCommand('correct_shipment_counts', {
              shipment_id: s.id,
              smartboard_quantity: parseCount(v.smartboard_quantity),
              bracket_quantity: parseCount(v.bracket_quantity),
              reason: v.reason,
            }),
            { success: t('tower.correction.corrected') },
          ),
    onDone: onClose,
  });
  const Field = useFormFields(form);
  const counts = [
    ['smartboard_quantity', 'correct-smartboard', t('common.smartboardQuantity')],
    ['bracket_quantity', 'correct-bracket', t('common.bracketQuantity')],
  ] as const;
  return (
    <FormDialog
      title={t(texts.title, { batch: s.batch_number })}
      description={t(texts.description, { tv: s.smartboard_quantity, bracket: s.bracket_quantity })}
      testId={texts.testId}
      onClose={onClose}
      {...dialog}
      submitLabel={t(texts.submit)}
    >
      {kind === 'counts' && (
        <div className="grid items-start gap-4 sm:grid-cols-2">
          {counts.map(([name, id, label]) => (
            <Field.Number key={name} name={name} id={id} label={label} parse={parseCount} />
          ))}
        </div>
      )}
      <Field.Textarea name="reason" id={texts.reasonId} label={t('tower.correction.reason')} />
    </FormDialog>
  );
}

/** In a shipment's detail panel: nothing for hub users, nor once the shipment is received or voided. */
export function ShipmentCorrectionSection({ shipment }: { shipment: Shipment }) {
  const t = useT();
  const { profile } = useSignedIn();
  const [open, setOpen] = useState<'counts' | 'void' | null>(null);
  if (!isStaff(profile.role) || !isCorrectable(shipment)) return null;
  return (
    <section
      className="grid gap-2"
      data-testid="shipment-correction"
      aria-label={t('tower.correction.section')}
    >
      <h3 className="text-sm font-semibold">{t('tower.correction.heading')}</h3>
      {/* The destructive one apart from the other (issue 29). */}
      <div className="flex flex-wrap justify-between gap-6">
        <Button variant="outline" className="min-h-11" onClick={() => setOpen('counts')}>
          {t('tower.correction.correctCounts')}
        </Button>
        <Button variant="destructive" className="min-h-11" onClick={() => setOpen('void')}>
          {t('tower.correction.voidShipment')}
        </Button>
      </div>
      {open && <CorrectionDialog key={open} kind={open} shipment={shipment} onClose={() => setOpen(null)} />}
    </section>
  );
}
