// Tambah Jenis Kendaraan (spec 2.9, 5, 8.2, 8.3), on the form pattern.
import { FormDialog, useFormDialog } from './form-dialog';
import { useT } from '../lib/i18n';
import { checkAddVehicleType } from '../lib/writes/master-data-forms';
import { sendChecked } from '../lib/writes/use-command-form';

export function AddVehicleTypeDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded?: (vehicleTypeId: string) => void;
}) {
  const t = useT();
  const { Field, dialog } = useFormDialog({
    onClose,
    defaultValues: { name: '' },
    submit: (values) =>
      sendChecked('add_vehicle_type', checkAddVehicleType(values), {
        success: t('masterData.toast.vehicleTypeAdded'),
        failure: () => t('masterData.failure.addVehicleType'),
      }),
    onDone: (_values, payload) => {
      if (payload) onAdded?.(payload.vehicle_type_id as string);
      onClose();
    },
  });
  return (
    <FormDialog
      title={t('common.addVehicleType')}
      description={t('vendors.vehicleTypeDialog.description')}
      testId="add-vehicle-type-dialog"
      {...dialog}
    >
      <Field.Text name="name" id="vehicle-type-name" label={t('vendors.vehicleTypeDialog.name')} />
    </FormDialog>
  );
}
