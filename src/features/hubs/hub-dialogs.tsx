// Edit Hub and Atur Kapasitas, on the form pattern (FormDialog + useCommandForm). Edit Hub also
// sets blind counting (issue 41): the hub's receipts open with empty counts; and serial tracking
// (issue 42): TVs at the hub are handled by serial number.
import { useId } from 'react';
import type { Hub, Warehouse } from '../../../sync/pure';
import { FormDialog, useFormDialog } from '../../components/form-dialog';
import { CheckboxWithHint } from '../../components/checkbox-with-hint';
import { useT } from '../../lib/i18n';
import { checkCapacity, checkEditHub, type EditHubValues } from './hub-forms';

export function EditHubDialog({ hub, onClose }: { hub: Hub; onClose: () => void }) {
  const t = useT();
  const blindId = useId();
  const serialId = useId();
  const { form, Field, dialog } = useFormDialog<EditHubValues>({
    onClose,
    defaultValues: {
      name: hub.name,
      city: hub.city ?? '',
      blind_count: hub.blind_count ?? false,
      serial_tracking: hub.serial_tracking ?? false,
    },
    submit: (values) => {
      const checked = checkEditHub(hub, values);
      if (!checked.ok) return checked;
      if (!checked.payload) return null;
      return {
        command: 'edit_hub',
        payload: checked.payload,
        success: t('hubsScreen.updated'),
        failure: () => t('hubsScreen.updateFailed'),
      };
    },
  });
  return (
    <FormDialog title={t('hubsScreen.editTitle')} description={hub.name} testId="edit-hub-dialog" {...dialog}>
      <Field.Text name="name" id="edit-hub-name" label={t('hubsScreen.name')} />
      <Field.Text name="city" id="edit-hub-city" label={t('hubsScreen.city')} />
      <CheckboxWithHint
        id={blindId}
        label={t('hubsScreen.blindCount')}
        hint={t('hubsScreen.blindCountHint')}
        checked={form.watch('blind_count') === true}
        onCheckedChange={(checked) => form.setValue('blind_count', checked, { shouldDirty: true })}
        disabled={dialog.saving}
        testId="edit-hub-blind-count"
      />
      <CheckboxWithHint
        id={serialId}
        label={t('hubsScreen.serialTracking')}
        hint={t('hubsScreen.serialTrackingHint')}
        checked={form.watch('serial_tracking') === true}
        onCheckedChange={(checked) => form.setValue('serial_tracking', checked, { shouldDirty: true })}
        disabled={dialog.saving}
        testId="edit-hub-serial-tracking"
      />
    </FormDialog>
  );
}

export function CapacityDialog({ warehouse, onClose }: { warehouse: Warehouse; onClose: () => void }) {
  const t = useT();
  const { Field, dialog } = useFormDialog({
    onClose,
    defaultValues: { capacity: warehouse.capacity == null ? '' : String(warehouse.capacity) },
    submit: (values) => {
      const checked = checkCapacity(warehouse.id, values.capacity);
      if (!checked.ok) return checked;
      return {
        command: 'set_warehouse_capacity',
        payload: checked.payload,
        success: t('hubsScreen.capacitySaved'),
      };
    },
    fieldOf: { capacity: 'capacity' },
  });
  return (
    <FormDialog
      title={t('hubsScreen.setCapacity')}
      description={warehouse.name}
      testId="capacity-dialog"
      {...dialog}
    >
      <Field.Text
        name="capacity"
        id="warehouse-capacity"
        label={t('hubsScreen.capacity')}
        inputMode="numeric"
      />
    </FormDialog>
  );
}
