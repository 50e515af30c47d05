// Tambah ke Antrian (spec 2.9, 4.1, 5, 7.2): choose a vendor, then any of its
// ready vehicles (PolJak and PolSub: only sea fleet with a ship name), several
// at once. They join this hub's Siap Muat queue. On the form pattern: another
// vendor clears the choice and the messages.
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import type { Hub, Vehicle } from '../../../sync/pure';
import { EmptyState } from '../../components/empty-state';
import { FormDialog } from '../../components/form-dialog';
import { Checkbox } from '../../components/ui/checkbox';
import { ScrollArea } from '../../components/ui/scroll-area';
import { permissionsOf } from '../../lib/roles';
import { useSignedIn } from '../../lib/session';
import { sendChecked, useCommandForm, type Submission } from '../../lib/use-command-form';
import { useRxQuery } from '../../lib/use-rx-query';
import { checkQueue } from './form-validation';
import { readyVehiclesOfVendor } from './hub-queries';
import { isSeaHub } from './hub-resolution';
import { useHubScope } from './hub-scope';
import { FAILURE, TOAST } from './messages';
import { vehicleLabel } from './use-master-data';
import { VendorField } from './vendor-field';

interface QueueValues {
  vendor_id: string;
  vehicle_ids: string[];
}

export function AddToQueueDialog({ hub, onClose }: { hub: Hub; onClose: () => void }) {
  const { config, master } = useHubScope();
  // Spec 6: editing vendors is for admin (the server refuses everyone else).
  const mayEditVendors = permissionsOf(useSignedIn().profile.role).manageVendors;
  const sea = isSeaHub(config.hubType);
  const { form, onSubmit, saving } = useCommandForm<QueueValues>({
    defaultValues: { vendor_id: '', vehicle_ids: [] },
    submit: (values): Submission => {
      // Only what is still offered (a vehicle taken meanwhile drops out).
      const ids = values.vehicle_ids.filter((id) => vehicles.some((v) => v.id === id));
      return sendChecked('queue_vehicles', checkQueue(values.vendor_id || null, ids, hub.id), {
        success: TOAST.queued(ids.length),
        failure: () => FAILURE.addToQueue,
      });
    },
    onDone: onClose,
  });
  const [vendorId, selected] = useWatch({ control: form.control, name: ['vendor_id', 'vehicle_ids'] });
  // Another vendor (picked, or added from here): none of its vehicles chosen yet, no messages.
  useEffect(() => {
    return form.subscribe({
      name: 'vendor_id',
      formState: { values: true },
      callback: ({ name }) => {
        if (name !== 'vendor_id') return;
        form.setValue('vehicle_ids', []);
        form.clearErrors();
      },
    });
  }, [form]);

  const { rows } = useRxQuery('vehicles', vendorId ? readyVehiclesOfVendor(vendorId) : null);
  const vehicles: Vehicle[] = rows
    .filter((v: Vehicle) => !sea || !!v.nama_kapal?.trim())
    .sort((a, b) => a.license_plate.localeCompare(b.license_plate));
  const toggle = (id: string, on: boolean) =>
    form.setValue('vehicle_ids', on ? [...selected, id] : selected.filter((x) => x !== id));
  const vehiclesError = form.formState.errors.vehicle_ids?.message;

  return (
    <FormDialog
      title="Tambah ke Antrian"
      description={`Pilih vendor, lalu ${sea ? 'armada laut' : 'kendaraan'} yang siap untuk antrian Siap Muat di ${hub.name}.`}
      testId="add-to-queue-dialog"
      className="sm:max-w-2xl"
      onClose={onClose}
      onSubmit={onSubmit}
      saving={saving}
      submitLabel="Tambah Kendaraan"
      submitTestId="queue-submit"
    >
      <VendorField form={form} name="vendor_id" id="queue-vendor" editable={mayEditVendors} />
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">
          {sea ? 'Armada laut' : 'Kendaraan'} siap ({selected.length} dipilih)
        </legend>
        <ScrollArea className="h-[400px] max-h-[45svh] rounded-lg border">
          {!vendorId ? (
            <div className="p-3">
              <EmptyState>Pilih vendor untuk melihat kendaraannya.</EmptyState>
            </div>
          ) : vehicles.length === 0 ? (
            <div className="p-3">
              <EmptyState>Vendor ini tidak punya {sea ? 'armada laut' : 'kendaraan'} yang siap.</EmptyState>
            </div>
          ) : (
            <ul className="grid gap-1 p-2" data-testid="queue-vehicle-options">
              {vehicles.map((v) => {
                const at = v.current_hub_id ? master.hubsById.get(v.current_hub_id)?.name : undefined;
                return (
                  <li key={v.id}>
                    <label
                      className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md pr-2 hover:bg-accent"
                      data-plate={v.license_plate}
                    >
                      <Checkbox
                        checked={selected.includes(v.id)}
                        onCheckedChange={(on) => toggle(v.id, on === true)}
                      />
                      <span className="grid">
                        <span className="font-medium">{vehicleLabel(v)}</span>
                        <span className="text-xs text-muted-foreground">
                          {[v.driver_name, v.nama_pelayaran, at && `di ${at}`].filter(Boolean).join(' · ') ||
                            '\u00a0'}
                        </span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </ScrollArea>
        {vehiclesError && (
          <p className="text-sm text-destructive" role="alert" data-testid="error-vehicle_ids">
            {vehiclesError}
          </p>
        )}
      </fieldset>
    </FormDialog>
  );
}
