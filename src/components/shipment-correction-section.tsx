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

function CorrectCountsDialog({ shipment: s, onClose }: { shipment: Shipment; onClose: () => void }) {
  const t = useT();
  const { form, ...dialog } = useCommandForm<CountsValues>({
    defaultValues: {
      smartboard_quantity: s.smartboard_quantity,
      bracket_quantity: s.bracket_quantity,
      reason: '',
    },
    submit: (v) =>
      sendChecked(
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
  return (
    <FormDialog
      title={t('tower.correction.countsTitle', { batch: s.batch_number })}
      description={t('tower.correction.countsDescription', {
        tv: s.smartboard_quantity,
        bracket: s.bracket_quantity,
      })}
      testId="correct-counts-dialog"
      onClose={onClose}
      {...dialog}
      submitLabel={t('tower.correction.countsSubmit')}
    >
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Field.Number
          name="smartboard_quantity"
          id="correct-smartboard"
          label={t('tower.correction.smartboard')}
          parse={parseCount}
        />
        <Field.Number
          name="bracket_quantity"
          id="correct-bracket"
          label={t('tower.correction.bracket')}
          parse={parseCount}
        />
      </div>
      <Field.Textarea name="reason" id="correct-reason" label={t('tower.correction.reason')} />
    </FormDialog>
  );
}

function VoidDialog({ shipment: s, onClose }: { shipment: Shipment; onClose: () => void }) {
  const t = useT();
  const { form, ...dialog } = useCommandForm<{ reason: string }>({
    defaultValues: { reason: '' },
    submit: (v) =>
      sendChecked('void_shipment', checkCommand('void_shipment', { shipment_id: s.id, reason: v.reason }), {
        success: t('tower.correction.voided'),
      }),
    onDone: onClose,
  });
  const Field = useFormFields(form);
  return (
    <FormDialog
      title={t('tower.correction.voidTitle', { batch: s.batch_number })}
      description={t('tower.correction.voidDescription', {
        tv: s.smartboard_quantity,
        bracket: s.bracket_quantity,
      })}
      testId="void-shipment-dialog"
      onClose={onClose}
      {...dialog}
      submitLabel={t('tower.correction.voidShipment')}
    >
      <Field.Textarea name="reason" id="void-reason" label={t('tower.correction.reason')} />
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
      {open === 'counts' && <CorrectCountsDialog shipment={shipment} onClose={() => setOpen(null)} />}
      {open === 'void' && <VoidDialog shipment={shipment} onClose={() => setOpen(null)} />}
    </section>
  );
}
