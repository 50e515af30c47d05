// Tambah Vendor (spec 2.9, 5, 8.2, 8.3): name required, contact and phone optional.
import { useState, type FormEvent } from 'react';
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
import { FormField } from './form-field';
import { checkAddVendor, dropError, type FieldErrors } from './form-validation';
import { FAILURE, TOAST } from './messages';
import { runCommand, showError } from './run-command';

export function AddVendorDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded?: (vendorId: string) => void;
}) {
  const engine = useSyncEngine();
  const [values, setValues] = useState({ name: '', contact_person: '', phone: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors(dropError(field));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    const checked = checkAddVendor(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      showError(checked.first);
      return;
    }
    setSaving(true);
    const result = await runCommand(engine, 'add_vendor', checked.payload, {
      success: TOAST.vendorAdded,
      failure: () => FAILURE.addVendor,
    });
    setSaving(false);
    if (!result.ok) return setErrors(result.errors);
    onAdded?.(checked.payload.vendor_id as string);
    onClose();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="add-vendor-dialog">
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Tambah Vendor</DialogTitle>
            <DialogDescription>Vendor baru untuk armada darat atau laut.</DialogDescription>
          </DialogHeader>
          <FormField id="vendor-name" label="Nama Vendor" error={errors.name}>
            <Input
              id="vendor-name"
              value={values.name}
              onChange={set('name')}
              aria-invalid={!!errors.name || undefined}
            />
          </FormField>
          <FormField id="vendor-contact" label="Contact Person (Opsional)">
            <Input id="vendor-contact" value={values.contact_person} onChange={set('contact_person')} />
          </FormField>
          <FormField id="vendor-phone" label="No. Telepon (Opsional)">
            <Input id="vendor-phone" type="tel" value={values.phone} onChange={set('phone')} />
          </FormField>
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
      </DialogContent>
    </Dialog>
  );
}
