// Add New Status and Edit Status (spec 2.11, 5, 8.4), on the form pattern. The
// procedures run on the server (online only); editing the key renames it and
// the shipments that use it follow in the same transaction.
import type { ShipmentStatus } from '../../../sync/pure';
import { FormDialog } from '../../components/form-dialog';
import { SelectField, TextField } from '../../components/form-fields';
import { STATUS_COLORS } from '../../lib/shipment-status';
import { asWork } from '../../lib/server-action';
import { useCommandForm } from '../../lib/use-command-form';
import * as M from './messages';
import { addStatus, editStatus } from './status-api';
import { statusFormSchema, type StatusFormInput, type StatusFormValues } from './status-form';

const COLOR_OPTIONS = STATUS_COLORS.map((c) => ({ value: c, label: M.COLOR_LABELS[c] }));

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
  const { form, onSubmit, saving } = useCommandForm<StatusFormInput>({
    defaultValues: { key: status?.key ?? '', label: status?.label ?? '', color: status?.color ?? 'info' },
    schema: statusFormSchema,
    submit: (input) => {
      // The resolver hands over the schema's output (trimmed, lower-cased key).
      const values = input as unknown as StatusFormValues;
      return status
        ? {
            run: () => asWork(() => editStatus(status.key, values), M.FAILURE.update),
            success: M.SUCCESS.updated,
          }
        : { run: () => asWork(() => addStatus(values), M.FAILURE.add), success: M.SUCCESS.added };
    },
    onDone: () => {
      onSaved();
      onClose();
    },
  });

  return (
    <FormDialog
      title={status ? M.EDIT_TITLE : M.ADD_TITLE}
      testId="status-dialog"
      onClose={onClose}
      onSubmit={onSubmit}
      saving={saving}
    >
      <TextField
        form={form}
        name="key"
        id="status-key"
        label={M.FIELD_KEY}
        hint={M.KEY_HINT}
        autoComplete="off"
      />
      <TextField form={form} name="label" id="status-label" label={M.FIELD_LABEL} autoComplete="off" />
      <SelectField form={form} name="color" id="status-color" label={M.FIELD_COLOR} options={COLOR_OPTIONS} />
    </FormDialog>
  );
}
