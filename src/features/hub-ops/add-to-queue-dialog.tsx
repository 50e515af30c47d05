// Tambah ke Antrian (spec 2.9, 4.1, 5, 7.2): choose a vendor, then any of its
// ready vehicles (PolJak and PolSub: only sea fleet with a ship name), several
// at once. They join this hub's Siap Muat queue.
import { useState, type FormEvent } from 'react';
import { Pencil, Plus } from 'lucide-react';
import type { Hub, Vehicle } from '../../../sync/pure';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { ScrollArea } from '../../components/ui/scroll-area';
import { Spinner } from '../../components/ui/spinner';
import { permissionsOf } from '../../lib/roles';
import { useSignedIn } from '../../lib/session';
import { useSyncEngine } from '../../lib/sync-engine';
import { useRxQuery } from '../../lib/use-rx-query';
import { VendorDialog } from '../../components/vendor-dialog';
import { EmptyState } from '../../components/empty-state';
import { FormField } from '../../components/form-field';
import { checkQueue, type FieldErrors } from './form-validation';
import { readyVehiclesOfVendor } from './hub-queries';
import { isSeaHub } from './hub-resolution';
import { useHubScope } from './hub-scope';
import { FAILURE, TOAST } from './messages';
import { runCommand, showError } from '../../lib/run-command';
import { vehicleLabel } from './use-master-data';
import { VendorSelect } from './vendor-select';

export function AddToQueueDialog({ hub, onClose }: { hub: Hub; onClose: () => void }) {
  const engine = useSyncEngine();
  const { config, master } = useHubScope();
  const [vendorId, setVendorId] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [nested, setNested] = useState<'add-vendor' | 'edit-vendor' | null>(null);
  // Spec 6: editing vendors is for admin (the server refuses everyone else).
  const mayEditVendors = permissionsOf(useSignedIn().profile.role).manageVendors;
  const { rows } = useRxQuery('vehicles', vendorId ? readyVehiclesOfVendor(vendorId) : null);
  const sea = isSeaHub(config.hubType);
  const vehicles = rows
    .filter((v: Vehicle) => !sea || !!v.nama_kapal?.trim())
    .sort((a, b) => a.license_plate.localeCompare(b.license_plate));
  const vendor = vendorId ? master.vendorsById.get(vendorId) : undefined;

  function chooseVendor(id: string) {
    setVendorId(id);
    setSelected([]);
    setErrors({});
  }

  function toggle(id: string, on: boolean) {
    setSelected((current) => (on ? [...current, id] : current.filter((x) => x !== id)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const ids = selected.filter((id) => vehicles.some((v) => v.id === id));
    const checked = checkQueue(vendorId || null, ids, hub.id);
    if (!checked.ok) {
      setErrors(checked.errors);
      showError(checked.first);
      return;
    }
    setSaving(true);
    const result = await runCommand(engine, 'queue_vehicles', checked.payload, {
      success: TOAST.queued(ids.length),
      failure: () => FAILURE.addToQueue,
    });
    setSaving(false);
    if (!result.ok) return setErrors(result.errors);
    onClose();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="add-to-queue-dialog" className="sm:max-w-2xl">
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Tambah ke Antrian</DialogTitle>
            <DialogDescription>
              Pilih vendor, lalu {sea ? 'armada laut' : 'kendaraan'} yang siap untuk antrian Siap Muat di{' '}
              {hub.name}.
            </DialogDescription>
          </DialogHeader>
          <FormField id="queue-vendor" label="Vendor" error={errors.vendor_id}>
            <div className="flex gap-2">
              <VendorSelect
                id="queue-vendor"
                value={vendorId}
                vendors={master.vendors}
                onChange={chooseVendor}
                invalid={!!errors.vendor_id}
              />
              {mayEditVendors && (
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  aria-label="Edit Vendor"
                  disabled={!vendor}
                  onClick={() => setNested('edit-vendor')}
                >
                  <Pencil aria-hidden="true" />
                </Button>
              )}
              <Button
                type="button"
                variant="outline"
                size="icon"
                aria-label="Tambah Vendor"
                onClick={() => setNested('add-vendor')}
              >
                <Plus aria-hidden="true" />
              </Button>
            </div>
          </FormField>
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
                  <EmptyState>
                    Vendor ini tidak punya {sea ? 'armada laut' : 'kendaraan'} yang siap.
                  </EmptyState>
                </div>
              ) : (
                <ul className="grid gap-1 p-2" data-testid="queue-vehicle-options">
                  {vehicles.map((v) => {
                    const checked = selected.includes(v.id);
                    const at = v.current_hub_id ? master.hubsById.get(v.current_hub_id)?.name : undefined;
                    return (
                      <li key={v.id}>
                        <label
                          className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md pr-2 hover:bg-accent"
                          data-plate={v.license_plate}
                        >
                          <Checkbox checked={checked} onCheckedChange={(on) => toggle(v.id, on === true)} />
                          <span className="grid">
                            <span className="font-medium">{vehicleLabel(v)}</span>
                            <span className="text-xs text-muted-foreground">
                              {[v.driver_name, v.nama_pelayaran, at && `di ${at}`]
                                .filter(Boolean)
                                .join(' · ') || '\u00a0'}
                            </span>
                          </span>
                        </label>
                      </li>
                    );
                  })}
                </ul>
              )}
            </ScrollArea>
            {errors.vehicle_ids && (
              <p className="text-sm text-destructive" role="alert" data-testid="error-vehicle_ids">
                {errors.vehicle_ids}
              </p>
            )}
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={saving}>
              Batal
            </Button>
            <Button type="submit" disabled={saving} data-testid="queue-submit">
              {saving && <Spinner />}
              Tambah Kendaraan
            </Button>
          </DialogFooter>
        </form>
        {nested === 'add-vendor' && <VendorDialog onClose={() => setNested(null)} onAdded={chooseVendor} />}
        {nested === 'edit-vendor' && vendor && (
          <VendorDialog vendor={vendor} onClose={() => setNested(null)} />
        )}
      </DialogContent>
    </Dialog>
  );
}
