// Tambah Vendor and Edit Vendor (spec 2.9, 5, 8.2, 8.3): name required, contact and
// phone optional. An edit sends only the fields that changed, so two users editing
// different fields both keep their change (docs/sync.md).
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
import { checkAddVendor, checkEditVendor, dropError, type FieldErrors } from './form-validation';
import { FAILURE, TOAST } from './messages';
import { runCommand, showError } from './run-command';

/** Without `vendor` it adds one (and reports its id through onAdded); with it, it edits that one. */
export function VendorDialog({
  vendor,
  onClose,
  onAdded,
}: {
  vendor?: Vendor;
  onClose: () => void;
  onAdded?: (vendorId: string) => void;
}) {
  const engine = useSyncEngine();
  const editing = !!vendor;
  const prefix = editing ? 'edit-vendor' : 'vendor';
  const [values, setValues] = useState({
    name: vendor?.name ?? '',
    contact_person: vendor?.contact_person ?? '',
    phone: vendor?.phone ?? '',
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
    const checked = vendor ? checkEditVendor(vendor, values) : checkAddVendor(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      showError(checked.first);
      return;
    }
    // An edit that changes nothing sends nothing.
    if (!checked.payload) return onClose();
    setSaving(true);
    const result = vendor
      ? await runCommand(engine, 'edit_vendor', checked.payload, {
          success: TOAST.vendorUpdated,
          failure: () => FAILURE.updateVendor,
        })
      : await runCommand(engine, 'add_vendor', checked.payload, {
          success: TOAST.vendorAdded,
          failure: () => FAILURE.addVendor,
        });
    setSaving(false);
    if (!result.ok) return setErrors(result.errors);
    if (!vendor) onAdded?.(checked.payload.vendor_id as string);
    onClose();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid={`${prefix}-dialog`}>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{editing ? 'Edit Vendor' : 'Tambah Vendor'}</DialogTitle>
            <DialogDescription>
              {vendor?.name ?? 'Vendor baru untuk armada darat atau laut.'}
            </DialogDescription>
          </DialogHeader>
          <FormField id={`${prefix}-name`} label="Nama Vendor" error={errors.name}>
            <Input
              id={`${prefix}-name`}
              value={values.name}
              onChange={set('name')}
              aria-invalid={!!errors.name || undefined}
            />
          </FormField>
          <FormField id={`${prefix}-contact`} label="Contact Person (Opsional)">
            <Input id={`${prefix}-contact`} value={values.contact_person} onChange={set('contact_person')} />
          </FormField>
          <FormField id={`${prefix}-phone`} label="No. Telepon (Opsional)">
            <Input id={`${prefix}-phone`} type="tel" value={values.phone} onChange={set('phone')} />
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
