// Edit Hub and Atur Kapasitas, on the form pattern (FormDialog + useCommandForm).
import type { Hub, Warehouse } from '../../../sync/pure';
import { FormDialog } from '../../components/form-dialog';
import { TextField } from '../../components/form-fields';
import { useT } from '../../lib/i18n';
import { useCommandForm } from '../../lib/use-command-form';
import { checkCapacity, checkEditHub } from './hub-forms';
import { HUB_TOAST } from './messages';

export function EditHubDialog({ hub, onClose }: { hub: Hub; onClose: () => void }) {
  const t = useT();
  const { form, onSubmit, saving } = useCommandForm({
    defaultValues: { name: hub.name, city: hub.city ?? '' },
    submit: (values) => {
      const checked = checkEditHub(hub, values);
      if (!checked.ok) return checked;
      if (!checked.payload) return null;
      return {
        command: 'edit_hub',
        payload: checked.payload,
        success: HUB_TOAST.updated,
        failure: () => HUB_TOAST.updateFailed,
      };
    },
    onDone: () => onClose(),
  });
  return (
    <FormDialog
      title={t('hubsScreen.editTitle')}
      description={hub.name}
      testId="edit-hub-dialog"
      onClose={onClose}
      onSubmit={onSubmit}
      saving={saving}
    >
      <TextField form={form} name="name" id="edit-hub-name" label={t('hubsScreen.name')} />
      <TextField form={form} name="city" id="edit-hub-city" label={t('hubsScreen.city')} />
    </FormDialog>
  );
}

export function CapacityDialog({ warehouse, onClose }: { warehouse: Warehouse; onClose: () => void }) {
  const t = useT();
  const { form, onSubmit, saving } = useCommandForm({
    defaultValues: { capacity: warehouse.capacity == null ? '' : String(warehouse.capacity) },
    submit: (values) => {
      const checked = checkCapacity(warehouse.id, values.capacity);
      if (!checked.ok) return checked;
      return {
        command: 'set_warehouse_capacity',
        payload: checked.payload,
        success: HUB_TOAST.capacitySaved,
      };
    },
    fieldOf: { capacity: 'capacity' },
    onDone: () => onClose(),
  });
  return (
    <FormDialog
      title={t('hubsScreen.setCapacity')}
      description={warehouse.name}
      testId="capacity-dialog"
      onClose={onClose}
      onSubmit={onSubmit}
      saving={saving}
    >
      <TextField
        form={form}
        name="capacity"
        id="warehouse-capacity"
        label={t('hubsScreen.capacity')}
        inputMode="numeric"
      />
    </FormDialog>
  );
}
