// Tambah Kendaraan (spec 2.9, 5): a truck (Darat) or a sea fleet unit (Laut).
// The Darat/Laut toggle shows only on Cikarang and PolSub; PolJak is always
// Laut, Karawang always Darat. The vehicle starts ready at this hub (spec 4.1).
import { useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import type { Hub } from '../../../sync/pure';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { SegmentedControl } from '../../components/ui/segmented-control';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { useSyncEngine } from '../../lib/sync-engine';
import { AddVehicleTypeDialog } from '../../components/add-vehicle-type-dialog';
import { VendorDialog } from '../../components/vendor-dialog';
import { FormField } from '../../components/form-field';
import { checkAddVehicle, dropError, type AddVehicleValues, type FieldErrors } from './form-validation';
import { useHubScope } from './hub-scope';
import { vehicleModes } from './hub-resolution';
import { DEFAULT_VEHICLE_TYPE, FAILURE, TOAST } from './messages';
import { runCommand, showError } from '../../lib/run-command';
import { VendorSelect } from './vendor-select';

const MODE_LABELS = { darat: 'Darat', laut: 'Laut' } as const;

export function AddVehicleDialog({ hub, onClose }: { hub: Hub; onClose: () => void }) {
  const engine = useSyncEngine();
  const { config, master } = useHubScope();
  const modes = vehicleModes(config.hubType);
  const defaultType =
    master.vehicleTypes.find((t) => t.name === DEFAULT_VEHICLE_TYPE) ?? master.vehicleTypes[0];
  const [values, setValues] = useState<AddVehicleValues>({
    vendor_id: '',
    mode: modes[0]!,
    license_plate: '',
    vehicle_type_id: defaultType?.id ?? '',
    driver_name: '',
    driver_phone: '',
    nama_kapal: '',
    nama_pelayaran: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [nested, setNested] = useState<'vendor' | 'type' | null>(null);
  const set = (field: keyof AddVehicleValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(dropError(field));
  };
  const input = (field: keyof AddVehicleValues) => (e: { target: { value: string } }) =>
    set(field)(e.target.value);
  const sea = values.mode === 'laut';

  async function submit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    const checked = checkAddVehicle(values, hub.id);
    if (!checked.ok) {
      setErrors(checked.errors);
      showError(checked.first);
      return;
    }
    setSaving(true);
    const result = await runCommand(engine, 'add_vehicle', checked.payload, {
      success: TOAST.vehicleAdded,
      failure: FAILURE.addVehicle,
    });
    setSaving(false);
    if (!result.ok) return setErrors(result.errors);
    onClose();
  }

  const formError = errors.form;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="add-vehicle-dialog" className="sm:max-w-xl">
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Tambah Kendaraan</DialogTitle>
            <DialogDescription>Kendaraan baru siap di {hub.name}.</DialogDescription>
          </DialogHeader>
          {modes.length > 1 && (
            <SegmentedControl
              label="Jenis armada"
              value={values.mode}
              options={modes.map((m) => ({ value: m, label: MODE_LABELS[m] }))}
              onChange={(mode) => setValues((v) => ({ ...v, mode }))}
            />
          )}
          <FormField id="vehicle-vendor" label="Vendor" error={errors.vendor_id}>
            <div className="flex gap-2">
              <VendorSelect
                id="vehicle-vendor"
                value={values.vendor_id}
                vendors={master.vendors}
                onChange={set('vendor_id')}
                invalid={!!errors.vendor_id}
              />
              <Button
                type="button"
                variant="outline"
                size="icon"
                aria-label="Tambah Vendor"
                onClick={() => setNested('vendor')}
              >
                <Plus aria-hidden="true" />
              </Button>
            </div>
          </FormField>
          {sea ? (
            <>
              <FormField id="vehicle-ship" label="Nama Kapal">
                <Input id="vehicle-ship" value={values.nama_kapal} onChange={input('nama_kapal')} />
              </FormField>
              <FormField id="vehicle-line" label="Pelayaran">
                <Input id="vehicle-line" value={values.nama_pelayaran} onChange={input('nama_pelayaran')} />
              </FormField>
              <FormField id="vehicle-container" label="No Container">
                <Input
                  id="vehicle-container"
                  value={values.license_plate}
                  onChange={input('license_plate')}
                />
              </FormField>
            </>
          ) : (
            <>
              <FormField id="vehicle-plate" label="Nomor Polisi">
                <Input id="vehicle-plate" value={values.license_plate} onChange={input('license_plate')} />
              </FormField>
              <FormField id="vehicle-type" label="Jenis Kendaraan">
                <div className="flex gap-2">
                  <Select value={values.vehicle_type_id} onValueChange={set('vehicle_type_id')}>
                    <SelectTrigger id="vehicle-type" data-testid="vehicle-type">
                      <SelectValue placeholder="Pilih jenis kendaraan" />
                    </SelectTrigger>
                    <SelectContent>
                      {master.vehicleTypes.map((t) => (
                        <SelectItem key={t.id} value={t.id}>
                          {t.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <Button
                    type="button"
                    variant="outline"
                    size="icon"
                    aria-label="Tambah Jenis Kendaraan"
                    onClick={() => setNested('type')}
                  >
                    <Plus aria-hidden="true" />
                  </Button>
                </div>
              </FormField>
              <div className="grid items-start gap-4 sm:grid-cols-2">
                <FormField id="vehicle-driver" label="Nama Sopir (Opsional)">
                  <Input id="vehicle-driver" value={values.driver_name} onChange={input('driver_name')} />
                </FormField>
                <FormField id="vehicle-driver-phone" label="No HP Sopir (Opsional)">
                  <Input
                    id="vehicle-driver-phone"
                    type="tel"
                    value={values.driver_phone}
                    onChange={input('driver_phone')}
                  />
                </FormField>
              </div>
            </>
          )}
          {formError && (
            <p className="text-sm text-destructive" role="alert" data-testid="error-form">
              {formError}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={saving}>
              Batal
            </Button>
            <Button type="submit" disabled={saving}>
              {saving && <Spinner />}
              Simpan
            </Button>
          </DialogFooter>
        </form>
        {nested === 'vendor' && <VendorDialog onClose={() => setNested(null)} onAdded={set('vendor_id')} />}
        {nested === 'type' && (
          <AddVehicleTypeDialog onClose={() => setNested(null)} onAdded={set('vehicle_type_id')} />
        )}
      </DialogContent>
    </Dialog>
  );
}
