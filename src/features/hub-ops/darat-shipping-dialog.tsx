// The Karawang/Cikarang shipping form (spec 2.9, 4.1, 4.2, 5, 7.4, 9): the
// destination warehouse, a typed batch number, quantities and up to two images
// (delivery record, BAST). One create_shipment_darat command makes the shipment
// (otw_{destination}), the negative stock row and the vehicle's flags; the
// images follow through the upload queue. Works with no signal.
import { useMemo, useState, type FormEvent } from 'react';
import { hubKind, type Hub, type Vehicle } from '../../../sync/pure';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { useSyncEngine } from '../../lib/sync-engine';
import { FormField } from '../../components/form-field';
import { checkDaratForm, dropError, type DaratFormValues, type FieldErrors } from './form-validation';
import { useHubScope } from './hub-scope';
import { ImagePicker } from './image-picker';
import { FAILURE, TOAST } from './messages';
import { QuantityFields } from './quantity-fields';
import { queueShipmentImages } from './queue-images';
import { runCommand, showError } from '../../lib/run-command';
import { vehicleLabel } from './use-master-data';
import { toast } from 'sonner';

const DESTINATION_KINDS = new Set(['cikarang', 'poljak', 'polsub']);

export function DaratShippingDialog({
  hub,
  vehicle,
  onClose,
}: {
  hub: Hub;
  vehicle: Vehicle;
  onClose: () => void;
}) {
  const engine = useSyncEngine();
  const { master } = useHubScope();
  const [values, setValues] = useState<DaratFormValues>({
    destination_warehouse_id: '',
    batch_number: '',
    smartboard_quantity: '0',
    bracket_quantity: '0',
  });
  const [images, setImages] = useState<File[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const set = (field: keyof DaratFormValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(dropError(field));
  };

  // Spec 7.2: the warehouses of the Cikarang, PolJak and PolSub hubs (never this hub's own).
  const destinations = useMemo(
    () =>
      master.warehouses.filter((w) => {
        const h = w.hub_id ? master.hubsById.get(w.hub_id) : undefined;
        return !!h && h.id !== hub.id && DESTINATION_KINDS.has(hubKind(h.name, h.type));
      }),
    [master.warehouses, master.hubsById, hub.id],
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!engine) return;
    const checked = checkDaratForm(values, {
      hubId: hub.id,
      vehicleId: vehicle.id,
      imageCount: images.length,
    });
    if (!checked.ok) {
      setErrors(checked.errors);
      showError(checked.first);
      return;
    }
    setSaving(true);
    const result = await runCommand(engine, 'create_shipment_darat', checked.payload, {
      failure: () => FAILURE.submitShipping,
    });
    if (!result.ok) {
      setSaving(false);
      return setErrors(result.errors);
    }
    await queueShipmentImages(engine, checked.payload.shipment_id, images);
    setSaving(false);
    toast.success(TOAST.daratShipped);
    onClose();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !saving && onClose()}>
      <DialogContent data-testid="shipping-dialog" data-form="darat" className="sm:max-w-2xl">
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Form Pengiriman</DialogTitle>
            <DialogDescription>
              {vehicleLabel(vehicle)} berangkat dari {hub.name}.
            </DialogDescription>
          </DialogHeader>
          <FormField id="darat-destination" label="Gudang Tujuan" error={errors.destination_warehouse_id}>
            <Select
              value={values.destination_warehouse_id}
              onValueChange={(v) => set('destination_warehouse_id', v)}
            >
              <SelectTrigger
                id="darat-destination"
                data-testid="darat-destination"
                aria-invalid={!!errors.destination_warehouse_id || undefined}
              >
                <SelectValue placeholder="Pilih gudang tujuan" />
              </SelectTrigger>
              <SelectContent>
                {destinations.map((w) => (
                  <SelectItem key={w.id} value={w.id}>
                    {w.name}
                    {w.location ? ` (${w.location})` : ''}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
          <FormField id="darat-batch" label="Nomor Batch" error={errors.batch_number}>
            <Input
              id="darat-batch"
              value={values.batch_number}
              onChange={(e) => set('batch_number', e.target.value)}
              aria-invalid={!!errors.batch_number || undefined}
              autoComplete="off"
            />
          </FormField>
          <QuantityFields
            idPrefix="darat"
            smartboard={values.smartboard_quantity}
            bracket={values.bracket_quantity}
            onChange={set}
            errors={errors}
          />
          <FormField id="darat-images" label="Foto Delivery Record dan BAST (maks. 2)">
            <ImagePicker
              id="darat-images"
              form="darat"
              images={images}
              onChange={(next) => {
                setImages(next);
                setErrors(dropError('image_count'));
              }}
              slotLabels={['Delivery record', 'BAST']}
              error={errors.image_count}
              disabled={saving}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={saving}>
              Batal
            </Button>
            <Button type="submit" disabled={saving} data-testid="shipping-submit">
              {saving && <Spinner />}
              Kirim
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
