// The PolJak and PolSub shipment forms (spec 2.9, 4.1, 4.2, 5, 7.4, 9):
// pelayaran, nama kapal, no container, ETD, ETA, destination hub, quantities
// and one or two container images, each form with its own messages; the batch
// is POLJAK-{timestamp} / POLSUB-{timestamp}. One command makes the shipment,
// its containers row, the negative stock row and the vehicle's flags.
import { useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { jakartaDate, type Hub, type Vehicle } from '../../../sync/pure';
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
import {
  checkSeaForm,
  dropError,
  type FieldErrors,
  SEA_COMMAND,
  type SeaForm,
  type SeaFormValues,
} from './form-validation';
import { useHubScope } from './hub-scope';
import { ImagePicker } from './image-picker';
import { FAILURE, TOAST } from './messages';
import { otwLabelPart } from './otw-label';
import { QuantityFields } from './quantity-fields';
import { queueShipmentImages } from './queue-images';
import { runCommand, showError } from '../../lib/run-command';
import { vehicleLabel } from './use-master-data';

const TITLE: Record<SeaForm, string> = { poljak: 'Form Shipment PolJak', polsub: 'Form Shipment PolSub' };

export function SeaShippingDialog({
  form,
  hub,
  vehicle,
  onClose,
}: {
  form: SeaForm;
  hub: Hub;
  vehicle: Vehicle;
  onClose: () => void;
}) {
  const engine = useSyncEngine();
  const { master } = useHubScope();
  const [values, setValues] = useState<SeaFormValues>(() => ({
    pelayaran: vehicle.nama_pelayaran ?? '',
    nama_kapal: vehicle.nama_kapal ?? '',
    no_container: vehicle.nama_kapal ? vehicle.license_plate : '',
    etd: jakartaDate(new Date().toISOString()),
    eta: '',
    destination_hub_id: '',
    smartboard_quantity: '0',
    bracket_quantity: '0',
  }));
  const [images, setImages] = useState<File[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const set = (field: keyof SeaFormValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(dropError(field));
  };
  const text = (field: keyof SeaFormValues) => (e: { target: { value: string } }) =>
    set(field, e.target.value);
  const invalid = (field: string) => !!errors[field] || undefined;

  // Spec 7.2: every hub but this one.
  const destinations = useMemo(() => master.hubs.filter((h) => h.id !== hub.id), [master.hubs, hub.id]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!engine) return;
    const checked = checkSeaForm(form, values, {
      hubId: hub.id,
      vehicleId: vehicle.id,
      imageCount: images.length,
      at: Date.now(),
    });
    if (!checked.ok) {
      setErrors(checked.errors);
      showError(checked.first);
      return;
    }
    setSaving(true);
    const result = await runCommand(engine, SEA_COMMAND[form], checked.payload, {
      failure: (message) => (form === 'poljak' ? `${FAILURE.createShipment}: ${message}` : FAILURE.saveData),
    });
    if (!result.ok) {
      setSaving(false);
      return setErrors(result.errors);
    }
    await queueShipmentImages(engine, checked.payload.shipment_id, images);
    setSaving(false);
    const destination = master.hubsById.get(values.destination_hub_id);
    toast.success(
      form === 'poljak' && destination ? TOAST.poljakShipped(otwLabelPart(destination)) : TOAST.polsubShipped,
    );
    onClose();
  }

  const id = (name: string) => `${form}-${name}`;
  return (
    <Dialog open onOpenChange={(open) => !open && !saving && onClose()}>
      <DialogContent data-testid="shipping-dialog" data-form={form} className="sm:max-w-2xl">
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{TITLE[form]}</DialogTitle>
            <DialogDescription>
              {vehicleLabel(vehicle)} berangkat dari {hub.name}.
            </DialogDescription>
          </DialogHeader>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField id={id('pelayaran')} label="Pelayaran" error={errors.pelayaran}>
              <Input
                id={id('pelayaran')}
                value={values.pelayaran}
                onChange={text('pelayaran')}
                aria-invalid={invalid('pelayaran')}
              />
            </FormField>
            <FormField id={id('kapal')} label="Nama Kapal" error={errors.nama_kapal}>
              <Input
                id={id('kapal')}
                value={values.nama_kapal}
                onChange={text('nama_kapal')}
                aria-invalid={invalid('nama_kapal')}
              />
            </FormField>
            <FormField id={id('container')} label="No Container" error={errors.no_container}>
              <Input
                id={id('container')}
                value={values.no_container}
                onChange={text('no_container')}
                aria-invalid={invalid('no_container')}
              />
            </FormField>
            <FormField id={id('destination')} label="Tujuan" error={errors.destination_hub_id}>
              <Select value={values.destination_hub_id} onValueChange={(v) => set('destination_hub_id', v)}>
                <SelectTrigger
                  id={id('destination')}
                  data-testid={id('destination')}
                  aria-invalid={invalid('destination_hub_id')}
                >
                  <SelectValue placeholder="Pilih hub tujuan" />
                </SelectTrigger>
                <SelectContent>
                  {destinations.map((h) => (
                    <SelectItem key={h.id} value={h.id}>
                      {h.name}
                      {h.city ? ` (${h.city})` : ''}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
            <FormField id={id('etd')} label="ETD" error={errors.etd}>
              <Input
                id={id('etd')}
                type="date"
                value={values.etd}
                onChange={text('etd')}
                aria-invalid={invalid('etd')}
              />
            </FormField>
            <FormField id={id('eta')} label="ETA" error={errors.eta}>
              <Input
                id={id('eta')}
                type="date"
                value={values.eta}
                onChange={text('eta')}
                aria-invalid={invalid('eta')}
              />
            </FormField>
          </div>
          <QuantityFields
            idPrefix={form}
            smartboard={values.smartboard_quantity}
            bracket={values.bracket_quantity}
            onChange={set}
            errors={errors}
          />
          <FormField id={id('images')} label="Foto Container (1 sampai 2)">
            <ImagePicker
              id={id('images')}
              form={form}
              images={images}
              onChange={(next) => {
                setImages(next);
                setErrors(dropError('image_count'));
              }}
              slotLabels={['Container 1', 'Container 2']}
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
              Simpan
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
