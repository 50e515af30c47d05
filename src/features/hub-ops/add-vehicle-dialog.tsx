// Tambah Kendaraan (spec 2.9, 5): a truck (Darat) or a sea fleet unit (Laut).
// The Darat/Laut toggle shows only on Cikarang and PolSub; PolJak is always
// Laut, Karawang always Darat. The vehicle starts ready at this hub (spec 4.1).
// On the form pattern; the message of the whole form goes once a field changes.
// Issue 41: opened from Tambah ke Antrian (`queue`), it registers the vehicle and hands its
// id on, so the queue dialog queues it in the same tap (its plate prefilled from the search).
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Plus } from 'lucide-react';
import type { Hub } from '../../../sync/pure';
import { AddVehicleTypeDialog } from '../../components/add-vehicle-type-dialog';
import { FormDialog, useFormDialog } from '../../components/form-dialog';
import { FormMessage } from '../../components/form-fields';
import { Button } from '../../components/ui/button';
import { SegmentedControl } from '../../components/ui/segmented-control';
import { useT } from '../../lib/i18n';
import { sendChecked } from '../../lib/writes/use-command-form';
import { checkAddVehicle, type AddVehicleValues } from './form-validation';
import { vehicleModes } from './hub-resolution';
import { useHubScope } from './hub-scope';
import { DEFAULT_VEHICLE_TYPE, FAILURE } from './messages';
import { VendorField } from './vendor-field';

export function AddVehicleDialog({
  hub,
  onClose,
  queue,
}: {
  hub: Hub;
  onClose: () => void;
  /** From Tambah ke Antrian: the plate typed there, and what to do with the vehicle once added. */
  queue?: { plate: string; onAdded: (vehicleId: string) => Promise<void> };
}) {
  const t = useT();
  const { config, master } = useHubScope();
  const modes = vehicleModes(config.hubType);
  const defaultType =
    master.vehicleTypes.find((type) => type.name === DEFAULT_VEHICLE_TYPE) ?? master.vehicleTypes[0];
  const [addingType, setAddingType] = useState(false);
  const { form, Field, dialog } = useFormDialog<AddVehicleValues>({
    onClose,
    defaultValues: {
      vendor_id: '',
      mode: modes[0]!,
      license_plate: queue?.plate ?? '',
      vehicle_type_id: defaultType?.id ?? '',
      driver_name: '',
      driver_phone: '',
      nama_kapal: '',
      nama_pelayaran: '',
    },
    submit: (values) =>
      sendChecked('add_vehicle', checkAddVehicle(values, hub.id), {
        // Queued at once: the queue's toast (with Urungkan) says it all.
        success: queue ? undefined : t('hubOps.messages.toast.vehicleAdded'),
        failure: FAILURE.addVehicle,
      }),
    clearOnChange: 'form',
    onDone: (_values, payload) => (queue && payload ? queue.onAdded(String(payload.vehicle_id)) : onClose()),
  });
  const mode = useWatch({ control: form.control, name: 'mode' });

  return (
    <FormDialog
      title={queue ? t('hubOps.addVehicle.titleQueue') : t('hubOps.page.toolbar.addVehicle')}
      description={t(queue ? 'hubOps.addVehicle.descriptionQueue' : 'hubOps.addVehicle.description', {
        hub: hub.name,
      })}
      testId="add-vehicle-dialog"
      className="sm:max-w-xl"
      {...dialog}
      submitLabel={queue ? t('hubOps.addVehicle.submitQueue') : undefined}
    >
      {modes.length > 1 && (
        <SegmentedControl
          label={t('hubOps.addVehicle.fleetKind')}
          value={mode}
          options={modes.map((m) => ({ value: m, label: t(`hubOps.addVehicle.modes.${m}`) }))}
          onChange={(next) => form.setValue('mode', next)}
        />
      )}
      <VendorField form={form} name="vendor_id" id="vehicle-vendor" />
      {mode === 'laut' ? (
        <>
          <Field.Text name="nama_kapal" id="vehicle-ship" label={t('common.shipName')} />
          <Field.Text name="nama_pelayaran" id="vehicle-line" label={t('common.shippingLine')} />
          <Field.Text name="license_plate" id="vehicle-container" label={t('hubOps.addVehicle.container')} />
        </>
      ) : (
        <>
          <Field.Text name="license_plate" id="vehicle-plate" label={t('common.licensePlate')} />
          <Field.Select
            name="vehicle_type_id"
            id="vehicle-type"
            label={t('common.vehicleType')}
            options={master.vehicleTypes.map((type) => ({ value: type.id, label: type.name }))}
            placeholder={t('hubOps.addVehicle.vehicleTypePlaceholder')}
            action={
              <Button
                type="button"
                variant="outline"
                size="icon"
                aria-label={t('common.addVehicleType')}
                onClick={() => setAddingType(true)}
              >
                <Plus aria-hidden="true" />
              </Button>
            }
          />
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field.Text name="driver_name" id="vehicle-driver" label={t('hubOps.addVehicle.driverName')} />
            <Field.Text
              name="driver_phone"
              id="vehicle-driver-phone"
              type="tel"
              label={t('hubOps.addVehicle.driverPhone')}
            />
          </div>
        </>
      )}
      <FormMessage form={form} />
      {addingType && (
        <AddVehicleTypeDialog
          onClose={() => setAddingType(false)}
          onAdded={(id) => form.setValue('vehicle_type_id', id, { shouldValidate: true })}
        />
      )}
    </FormDialog>
  );
}
