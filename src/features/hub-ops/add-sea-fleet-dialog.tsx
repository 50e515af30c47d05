// Tambah Armada Laut (spec 2.9, 5, 8.2, 8.3): ship, shipping line and container
// number are all required, with one message for the whole form ('Semua field
// harus diisi', under the fields; any change takes it away); ready at this hub.
// On the form pattern.
import type { Hub } from '../../../sync/pure';
import { FormDialog, useFormDialog } from '../../components/form-dialog';
import { FormMessage } from '../../components/form-fields';
import { useT } from '../../lib/i18n';
import { sendChecked } from '../../lib/writes/use-command-form';
import { checkAddSeaFleet } from './form-validation';
import { VendorField } from './vendor-field';

export function AddSeaFleetDialog({ hub, onClose }: { hub: Hub; onClose: () => void }) {
  const t = useT();
  const { form, Field, dialog } = useFormDialog({
    onClose,
    defaultValues: { vendor_id: '', nama_kapal: '', nama_pelayaran: '', container_number: '' },
    submit: (values) =>
      sendChecked('add_sea_fleet', checkAddSeaFleet(values, hub.id), {
        success: t('hubOps.messages.toast.seaFleetAdded'),
        failure: () => t('hubOps.messages.failure.seaFleet'),
      }),
    clearOnChange: 'all',
  });

  return (
    <FormDialog
      title={t('hubOps.page.toolbar.addSeaFleet')}
      description={t('hubOps.addSeaFleet.description', { hub: hub.name })}
      testId="add-sea-fleet-dialog"
      {...dialog}
    >
      <VendorField form={form} name="vendor_id" id="fleet-vendor" hideError />
      <Field.Text name="nama_kapal" id="fleet-ship" label={t('common.shipName')} hideError />
      <Field.Text name="nama_pelayaran" id="fleet-line" label={t('common.shippingLine')} hideError />
      <Field.Text
        name="container_number"
        id="fleet-container"
        label={t('hubOps.addVehicle.container')}
        hideError
      />
      <FormMessage form={form} anyField />
    </FormDialog>
  );
}
