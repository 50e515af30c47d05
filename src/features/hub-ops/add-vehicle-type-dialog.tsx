// Tambah Jenis Kendaraan (spec 2.9, 5, 8.2, 8.3).
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
import { checkAddVehicleType, type FieldErrors } from './form-validation';
import { FAILURE, TOAST } from './messages';
import { runCommand, showError } from './run-command';

export function AddVehicleTypeDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded?: (vehicleTypeId: string) => void;
}) {
  const engine = useSyncEngine();
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The nested form must not submit the form of the dialog underneath.
    event.stopPropagation();
    const checked = checkAddVehicleType({ name });
    if (!checked.ok) {
      setErrors(checked.errors);
      showError(checked.first);
      return;
    }
    setSaving(true);
    const result = await runCommand(engine, 'add_vehicle_type', checked.payload, {
      success: TOAST.vehicleTypeAdded,
      failure: () => FAILURE.addVehicleType,
    });
    setSaving(false);
    if (!result.ok) return setErrors(result.errors);
    onAdded?.(checked.payload.vehicle_type_id as string);
    onClose();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="add-vehicle-type-dialog">
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Tambah Jenis Kendaraan</DialogTitle>
            <DialogDescription>Misalnya Truk Fuso, Truk Tronton, Truk Wingbox.</DialogDescription>
          </DialogHeader>
          <FormField id="vehicle-type-name" label="Nama Jenis Kendaraan" error={errors.name}>
            <Input
              id="vehicle-type-name"
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setErrors({});
              }}
              aria-invalid={!!errors.name || undefined}
            />
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
