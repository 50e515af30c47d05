// Issue 28: tower control or an admin resolves an open discrepancy with a note (what was
// agreed: a claim to the vendor, a follow-up shipment). The command resolve_discrepancy goes
// through the outbox like every write, so it works offline; the server records who and when,
// and a second resolve (another desk was first) is refused naming who resolved it.
import type { Discrepancy } from '../../sync/pure';
import { checkCommand } from '../lib/writes/check-command';
import { describeDiscrepancy } from '../lib/handover/discrepancies';
import { useT } from '../lib/i18n';
import { sendChecked } from '../lib/writes/use-command-form';
import { FormDialog, useFormDialog } from './form-dialog';

interface Values {
  note: string;
}

export function ResolveDiscrepancyDialog({
  discrepancy: d,
  batch,
  onClose,
}: {
  discrepancy: Discrepancy;
  batch: string;
  onClose: () => void;
}) {
  const t = useT();
  const { Field, dialog } = useFormDialog<Values>({
    onClose,
    defaultValues: { note: '' },
    submit: (v) =>
      sendChecked(
        'resolve_discrepancy',
        checkCommand('resolve_discrepancy', { discrepancy_id: d.id, note: v.note.trim() }),
        { success: t('handover.discrepancies.resolvedToast') },
      ),
  });
  return (
    <FormDialog
      title={`${t('handover.discrepancies.resolveTitle')} ${batch}`}
      description={`${describeDiscrepancy(d)}. ${t('handover.discrepancies.resolveNoteHint')}`}
      testId="resolve-discrepancy-dialog"
      {...dialog}
      submitLabel={t('handover.discrepancies.resolveSubmit')}
      savingLabel={t('common.saving')}
      submitTestId="resolve-discrepancy-submit"
    >
      <Field.Textarea
        name="note"
        id="resolve-note"
        label={t('handover.discrepancies.resolveNoteLabel')}
        maxLength={500}
        rows={4}
      />
    </FormDialog>
  );
}
