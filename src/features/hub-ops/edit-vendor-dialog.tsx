// Edit Vendor (spec 2.9, 5, 8.2, 8.3): only the fields that changed are sent,
// so two users editing different fields both keep their change (docs/sync.md).
import { useState, type FormEvent } from 'react';
import type { Vendor } from '../../../sync';
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
import { checkEditVendor, dropError, type FieldErrors } from './form-validation';
import { FAILURE, TOAST } from './messages';
import { runCommand, showError } from './run-command';

export function EditVendorDialog({ vendor, onClose }: { vendor: Vendor; onClose: () => void }) {
  const engine = useSyncEngine();
  const [values, setValues] = useState({
    name: vendor.name,
    contact_person: vendor.contact_person ?? '',
    phone: vendor.phone ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors(dropError(field));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    const checked = checkEditVendor(vendor, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      showError(checked.first);
      return;
    }
    if (!checked.payload) return onClose();
    setSaving(true);
    const result = await runCommand(engine, 'edit_vendor', checked.payload, {
      success: TOAST.vendorUpdated,
      failure: () => FAILURE.updateVendor,
    });
    setSaving(false);
    if (!result.ok) return setErrors(result.errors);
    onClose();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="edit-vendor-dialog">
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Edit Vendor</DialogTitle>
            <DialogDescription>{vendor.name}</DialogDescription>
          </DialogHeader>
          <FormField id="edit-vendor-name" label="Nama Vendor" error={errors.name}>
            <Input
              id="edit-vendor-name"
              value={values.name}
              onChange={set('name')}
              aria-invalid={!!errors.name || undefined}
            />
          </FormField>
          <FormField id="edit-vendor-contact" label="Contact Person">
            <Input id="edit-vendor-contact" value={values.contact_person} onChange={set('contact_person')} />
          </FormField>
          <FormField id="edit-vendor-phone" label="No. Telepon">
            <Input id="edit-vendor-phone" type="tel" value={values.phone} onChange={set('phone')} />
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
