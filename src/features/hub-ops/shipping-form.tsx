// What the shipping forms share (spec 5, 7.4, 9), on the one form path
// (src/lib/writes/use-command-form.ts): the images are a form value the command's
// image_count is checked from (its message stands under the images); once the
// command is stored the images go to the upload queue, then the form's success
// toast, then the dialog closes, the buttons disabled until then. Works with no
// signal. Issue 28: the tablet then makes the surat jalan and queues it as the
// shipment's document (onShipped hands it to the "Surat jalan siap" step).
// Also the quantity fields and the image field.
import type { ReactNode } from 'react';
import { Controller, type DefaultValues, type Path, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import type { Hub, Vehicle } from '../../../sync/pure';
import { FormField } from '../../components/form-field';
import type { SuratJalanMaking } from '../../components/handover/surat-jalan-dialog';
import { makeAndQueueSuratJalan } from '../../lib/documents/surat-jalan-of-shipment';
import { useSyncEngine } from '../../lib/sync-engine';
import { useT } from '../../lib/i18n';
import { useCommandForm, type Submission } from '../../lib/writes/use-command-form';
import { ImagePicker } from './image-picker';
import { queueShipmentImages } from './queue-images';
import { parseCount } from './shipping-checks';

export interface ShippingValues {
  smartboard_quantity: number | string;
  bracket_quantity: number | string;
  images: File[];
}

/** A shipment just saved, and its surat jalan on its way. */
export interface Shipped {
  shipmentId: string;
  batchNumber: string;
  making: SuratJalanMaking;
}

/** What a hub's shipping dialog is given. */
export interface ShippingDialogProps {
  hub: Hub;
  vehicle: Vehicle;
  onClose: () => void;
  /** Saved: the surat jalan step (issue 28) instead of closing. */
  onShipped?: (shipped: Shipped) => void;
}

export function useShippingForm<V extends ShippingValues>(options: {
  defaultValues: DefaultValues<V>;
  submit: (values: V) => Submission;
  /** The form's success toast, shown once its images are queued. */
  success: (values: V) => string;
  onClose: () => void;
  /** Instead of closing: the surat jalan step (the hub screen's shipping dialog). */
  onShipped?: (shipped: Shipped) => void;
}) {
  const engine = useSyncEngine();
  return useCommandForm<V>({
    defaultValues: options.defaultValues,
    submit: options.submit,
    fieldOf: { image_count: 'images' as Path<V> },
    onDone: async (values, payload) => {
      const shipmentId = payload ? String(payload.shipment_id) : null;
      if (engine && shipmentId) await queueShipmentImages(engine, shipmentId, values.images);
      toast.success(options.success(values));
      if (!engine || !shipmentId || !options.onShipped) return options.onClose();
      // Not awaited: the form closes now; the step shows the document when it is made.
      const making = makeAndQueueSuratJalan(engine, shipmentId);
      making.catch(() => undefined);
      options.onShipped({ shipmentId, batchNumber: String(payload?.batch_number ?? ''), making });
    },
  });
}

/**
 * Jumlah Smartboard and Jumlah Bracket: whole numbers from 0 (spec 5); a fraction
 * is kept and refused with its own message, never cut (issue 29).
 */
export function QuantityFields({
  Field,
  idPrefix,
  tv,
}: {
  /** The form's bound fields (useFormFields): its values have both quantities. */
  Field: {
    Number: (props: {
      name: 'smartboard_quantity' | 'bracket_quantity';
      id: string;
      label: string;
      parse: typeof parseCount;
    }) => ReactNode;
  };
  idPrefix: string;
  /** Issue 42: at a hub that tracks serials, the TVs scanned (./serial-load-field.tsx) instead of typed. */
  tv?: ReactNode;
}) {
  const t = useT();
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      {tv ?? (
        <Field.Number
          name="smartboard_quantity"
          id={`${idPrefix}-smartboard`}
          label={t('common.smartboardQuantity')}
          parse={parseCount}
        />
      )}
      <Field.Number
        name="bracket_quantity"
        id={`${idPrefix}-bracket`}
        label={t('common.bracketQuantity')}
        parse={parseCount}
      />
    </div>
  );
}

/** The form's images (up to two), from the camera or files, each with its thumbnail. */
export function ImagesField<V extends ShippingValues>({
  form,
  id,
  kind,
  label,
  slotLabels,
  disabled,
}: {
  form: UseFormReturn<V>;
  id: string;
  kind: 'darat' | 'poljak' | 'polsub';
  label: string;
  slotLabels: readonly [string, string];
  disabled: boolean;
}) {
  return (
    <FormField id={id} label={label}>
      <Controller
        control={form.control}
        name={'images' as Path<V>}
        render={({ field, fieldState }) => (
          <ImagePicker
            id={id}
            form={kind}
            images={field.value as File[]}
            onChange={field.onChange}
            slotLabels={slotLabels}
            error={fieldState.error?.message}
            disabled={disabled}
          />
        )}
      />
    </FormField>
  );
}
