// Tambah Jenis Kendaraan (spec 2.9, 5, 8.2, 8.3), on the form pattern.
import { FormDialog } from './form-dialog';
import { TextField } from './form-fields';
import { useCommandForm } from '../lib/use-command-form';
import { MASTER_DATA_FAILURE as FAILURE, MASTER_DATA_TOAST as TOAST, checkAddVehicleType } from '../lib/master-data-forms';

export function AddVehicleTypeDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded?: (vehicleTypeId: string) => void;
}) {
  const { form, onSubmit, saving } = useCommandForm({
    defaultValues: { name: '' },
    submit: (values) => {
      const checked = checkAddVehicleType(values);
      if (!checked.ok) return checked;
      return {
        command: 'add_vehicle_type',
        payload: checked.payload,
        success: TOAST.vehicleTypeAdded,
        failure: () => FAILURE.addVehicleType,
      };
    },
    onDone: (_values, payload) => {
      if (payload) onAdded?.(payload.vehicle_type_id as string);
      onClose();
    },
  });
  return (
    <FormDialog
      title="Tambah Jenis Kendaraan"
      description="Misalnya Truk Fuso, Truk Tronton, Truk Wingbox."
      testId="add-vehicle-type-dialog"
      onClose={onClose}
      onSubmit={onSubmit}
      saving={saving}
    >
      <TextField form={form} name="name" id="vehicle-type-name" label="Nama Jenis Kendaraan" />
    </FormDialog>
  );
}
