// Add New Status and Edit Status (spec 2.11, 5, 8.4), on the form pattern. The
// procedures run on the server (online only); editing the key renames it and
// the shipments that use it follow in the same transaction.
import type { ShipmentStatus } from '../../../sync/pure';
import { FormDialog, useFormDialog } from '../../components/form-dialog';
import { STATUS_COLORS } from '../../lib/shipments/shipment-status';
import { useT } from '../../lib/i18n';
import { asWork } from '../../lib/writes/server-action';
import { addStatus, editStatus } from './status-api';
import { statusFormSchema, type StatusFormInput, type StatusFormValues } from './status-form';

/** Without `status` it adds one; with it, it edits (and may rename) that one. */
export function StatusDialog({
  status,
  onClose,
  onSaved,
}: {
  status?: ShipmentStatus;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const colorOptions = STATUS_COLORS.map((c) => ({ value: c, label: t(`statusesScreen.colors.${c}`) }));
  const { Field, dialog } = useFormDialog<StatusFormInput>({
    onClose,
    defaultValues: { key: status?.key ?? '', label: status?.label ?? '', color: status?.color ?? 'info' },
    schema: statusFormSchema,
    submit: (input) => {
      // The resolver hands over the schema's output (trimmed, lower-cased key).
      const values = input as unknown as StatusFormValues;
      return status
        ? {
            run: () => asWork(() => editStatus(status.key, values), t('statusesScreen.failure.update')),
            success: t('statusesScreen.success.updated'),
          }
        : {
            run: () => asWork(() => addStatus(values), t('statusesScreen.failure.add')),
            success: t('statusesScreen.success.added'),
          };
    },
    onDone: () => {
      onSaved();
      onClose();
    },
  });

  return (
    <FormDialog
      title={status ? t('statusesScreen.editTitle') : t('statusesScreen.addTitle')}
      testId="status-dialog"
      {...dialog}
    >
      <Field.Text
        name="key"
        id="status-key"
        label={t('common.statusKey')}
        hint={t('statusesScreen.keyHint')}
        autoComplete="off"
      />
      <Field.Text name="label" id="status-label" label={t('common.displayLabel')} autoComplete="off" />
      <Field.Select
        name="color"
        id="status-color"
        label={t('statusesScreen.fields.color')}
        options={colorOptions}
      />
    </FormDialog>
  );
}
