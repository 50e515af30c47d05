// Tambah Armada Laut (spec 2.9, 5, 8.2, 8.3): ship, shipping line and container
// number are all required ('Semua field harus diisi'); ready at this hub.
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
import { Spinner } from '../../components/ui/spinner';
import { useSyncEngine } from '../../lib/sync-engine';
import { VendorDialog } from '../../components/vendor-dialog';
import { FormField } from '../../components/form-field';
import { checkAddSeaFleet, type FieldErrors } from './form-validation';
import { useHubScope } from './hub-scope';
import { FAILURE, TOAST } from './messages';
import { runCommand, showError } from '../../lib/run-command';
import { VendorSelect } from './vendor-select';

export function AddSeaFleetDialog({ hub, onClose }: { hub: Hub; onClose: () => void }) {
  const engine = useSyncEngine();
  const { master } = useHubScope();
  const [values, setValues] = useState({
    vendor_id: '',
    nama_kapal: '',
    nama_pelayaran: '',
    container_number: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [addingVendor, setAddingVendor] = useState(false);
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors({});
  };
  const input = (field: keyof typeof values) => (e: { target: { value: string } }) =>
    set(field)(e.target.value);
  // One message for the whole form (spec 5): shown under the form.
  const message = Object.values(errors)[0];

  async function submit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    const checked = checkAddSeaFleet(values, hub.id);
    if (!checked.ok) {
      setErrors(checked.errors);
      showError(checked.first);
      return;
    }
    setSaving(true);
    const result = await runCommand(engine, 'add_sea_fleet', checked.payload, {
      success: TOAST.seaFleetAdded,
      failure: () => FAILURE.seaFleet,
    });
    setSaving(false);
    if (!result.ok) return setErrors(result.errors);
    onClose();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="add-sea-fleet-dialog">
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Tambah Armada Laut</DialogTitle>
            <DialogDescription>Container baru siap di {hub.name}.</DialogDescription>
          </DialogHeader>
          <FormField id="fleet-vendor" label="Vendor">
            <div className="flex gap-2">
              <VendorSelect
                id="fleet-vendor"
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
                onClick={() => setAddingVendor(true)}
              >
                <Plus aria-hidden="true" />
              </Button>
            </div>
          </FormField>
          <FormField id="fleet-ship" label="Nama Kapal">
            <Input
              id="fleet-ship"
              value={values.nama_kapal}
              onChange={input('nama_kapal')}
              aria-invalid={!!errors.nama_kapal || undefined}
            />
          </FormField>
          <FormField id="fleet-line" label="Pelayaran">
            <Input
              id="fleet-line"
              value={values.nama_pelayaran}
              onChange={input('nama_pelayaran')}
              aria-invalid={!!errors.nama_pelayaran || undefined}
            />
          </FormField>
          <FormField id="fleet-container" label="No Container">
            <Input
              id="fleet-container"
              value={values.container_number}
              onChange={input('container_number')}
              aria-invalid={!!errors.container_number || undefined}
            />
          </FormField>
          {message && (
            <p className="text-sm text-destructive" role="alert" data-testid="error-form">
              {message}
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
        {addingVendor && <VendorDialog onClose={() => setAddingVendor(false)} onAdded={set('vendor_id')} />}
      </DialogContent>
    </Dialog>
  );
}
