// Edit Hub and Atur Kapasitas, on the form pattern (FormDialog + useCommandForm).
import type { Hub, Warehouse } from '../../../sync/pure';
import { FormDialog } from '../../components/form-dialog';
import { TextField } from '../../components/form-fields';
import { useCommandForm } from '../../lib/use-command-form';
import { checkCapacity, checkEditHub } from './hub-forms';
import * as M from './messages';

export function EditHubDialog({ hub, onClose }: { hub: Hub; onClose: () => void }) {
  const { form, onSubmit, saving } = useCommandForm({
    defaultValues: { name: hub.name, city: hub.city ?? '' },
    submit: (values) => {
      const checked = checkEditHub(hub, values);
      if (!checked.ok) return checked;
      if (!checked.payload) return null;
      return {
        command: 'edit_hub',
        payload: checked.payload,
        success: M.UPDATED,
        failure: () => M.UPDATE_FAILED,
      };
    },
    onDone: () => onClose(),
  });
  return (
    <FormDialog
      title={M.EDIT_TITLE}
      description={hub.name}
      testId="edit-hub-dialog"
      onClose={onClose}
      onSubmit={onSubmit}
      saving={saving}
    >
      <TextField form={form} name="name" id="edit-hub-name" label={M.NAME} />
      <TextField form={form} name="city" id="edit-hub-city" label={M.CITY} />
    </FormDialog>
  );
}

export function CapacityDialog({ warehouse, onClose }: { warehouse: Warehouse; onClose: () => void }) {
  const { form, onSubmit, saving } = useCommandForm({
    defaultValues: { capacity: warehouse.capacity == null ? '' : String(warehouse.capacity) },
    submit: (values) => {
      const checked = checkCapacity(warehouse.id, values.capacity);
      if (!checked.ok) return checked;
      return { command: 'set_warehouse_capacity', payload: checked.payload, success: M.CAPACITY_SAVED };
    },
    fieldOf: { capacity: 'capacity' },
    onDone: () => onClose(),
  });
  return (
    <FormDialog
      title={M.SET_CAPACITY}
      description={warehouse.name}
      testId="capacity-dialog"
      onClose={onClose}
      onSubmit={onSubmit}
      saving={saving}
    >
      <TextField form={form} name="capacity" id="warehouse-capacity" label={M.CAPACITY} inputMode="numeric" />
    </FormDialog>
  );
}
