// The Karawang/Cikarang shipping form (spec 2.9, 4.1, 4.2, 5, 7.4, 9): the
// destination warehouse, a typed batch number, quantities and up to two images
// (delivery record, BAST). One create_shipment_darat command makes the shipment
// (otw_{destination}), the negative stock row and the vehicle's flags; the
// images follow through the upload queue (./shipping-form.tsx). Works with no signal.
// Issue 29: the origin's stock is shown and checked, a batch number the device
// knows is refused, and the first Kirim shows a summary (./shipping-stock.tsx).
import { useMemo } from 'react';
import { hubKind } from '../../../sync/pure';
import { FormDialog } from '../../components/form-dialog';
import { useFormFields } from '../../components/form-fields';
import { useT } from '../../lib/i18n';
import { sendChecked } from '../../lib/writes/use-command-form';
import { checkDaratForm, type DaratFormValues } from './form-validation';
import { withStockAndBatch } from './shipping-checks';
import {
  OriginStock,
  PhotosSummary,
  ShippingSummary,
  useOriginStock,
  useReviewStep,
  useShipmentsWithBatch,
} from './shipping-stock';
import { useHubScope } from './hub-scope';
import { ImagesField, QuantityFields, useShippingForm, type ShippingDialogProps } from './shipping-form';
import { loadsBySerial } from './serial-loading';
import { TvSerialsField, tvSerialsOf } from './serial-load-field';
import { vehicleLabel } from './use-master-data';

const DESTINATION_KINDS = new Set(['cikarang', 'poljak', 'polsub']);

/** The form's values; tv_serials: the TVs scanned into the truck (issue 42, a hub that tracks them). */
type Values = DaratFormValues & { tv_serials: string[]; images: File[] };

export function DaratShippingDialog({ hub, vehicle, onClose, onShipped }: ShippingDialogProps) {
  const t = useT();
  const { master } = useHubScope();
  const origin = useOriginStock(hub.id);
  const check = (values: Values) =>
    withStockAndBatch(
      checkDaratForm(values, {
        hubId: hub.id,
        vehicleId: vehicle.id,
        imageCount: values.images.length,
        tvSerials: tvSerialsOf(hub, values),
      }),
      origin,
      known,
    );
  const { form, onSubmit, saving } = useShippingForm<Values>({
    defaultValues: {
      destination_warehouse_id: '',
      batch_number: '',
      smartboard_quantity: 0,
      bracket_quantity: 0,
      tv_serials: [],
      images: [],
    },
    submit: (values) =>
      sendChecked('create_shipment_darat', check(values), {
        failure: () => t('hubOps.messages.failure.submitShipping'),
      }),
    success: () => t('hubOps.messages.toast.daratShipped'),
    onClose,
    onShipped,
  });
  const Field = useFormFields(form);
  const known = useShipmentsWithBatch(form.watch('batch_number'));
  const step = useReviewStep({ onSubmit, passes: () => check(form.getValues()).ok, onClose });

  // Spec 7.2: the warehouses of the Cikarang, PolJak and PolSub hubs (never this hub's own).
  const destinations = useMemo(
    () =>
      master.warehouses
        .filter((w) => {
          const h = w.hub_id ? master.hubsById.get(w.hub_id) : undefined;
          return !!h && h.id !== hub.id && DESTINATION_KINDS.has(hubKind(h.name, h.type));
        })
        .map((w) => ({ value: w.id, label: w.location ? `${w.name} (${w.location})` : w.name })),
    [master.warehouses, master.hubsById, hub.id],
  );

  const slots = [t('hubShipping.form.deliveryRecord'), t('handover.documents.kind.bast')] as const;
  const summary = () => {
    const v = form.getValues();
    return [
      [t('hubShipping.summary.from'), origin.warehouse ? `${hub.name} (${origin.warehouse.name})` : hub.name],
      [
        t('hubShipping.darat.destination'),
        destinations.find((d) => d.value === v.destination_warehouse_id)?.label ?? '-',
      ],
      [t('hubShipping.darat.batchNumber'), v.batch_number.trim()],
      [t('common.smartboardQuantity'), String(v.smartboard_quantity)],
      [t('common.bracketQuantity'), String(v.bracket_quantity)],
      [t('hubShipping.summary.photos'), <PhotosSummary count={v.images.length} slots={slots} />],
    ] as const;
  };

  return (
    <FormDialog
      title={t('hubShipping.darat.title')}
      description={t('hubShipping.form.departs', { vehicle: vehicleLabel(vehicle), hub: hub.name })}
      testId="shipping-dialog"
      dataForm="darat"
      className="sm:max-w-2xl"
      onClose={step.close}
      onSubmit={step.submit}
      saving={saving}
      submitLabel={t('hubShipping.form.send')}
      {...step.labels}
      submitTestId="shipping-submit"
      footerNote={step.review ? <ShippingSummary rows={summary()} /> : undefined}
    >
      <OriginStock origin={origin} />
      <fieldset disabled={step.review} className="grid min-w-0 gap-4">
        <Field.Select
          name="destination_warehouse_id"
          id="darat-destination"
          label={t('hubShipping.darat.destination')}
          options={destinations}
          placeholder={t('hubShipping.darat.destinationPlaceholder')}
        />
        <Field.Text
          name="batch_number"
          id="darat-batch"
          label={t('hubShipping.darat.batchNumber')}
          autoComplete="off"
        />
        <QuantityFields
          Field={Field}
          idPrefix="darat"
          tv={
            loadsBySerial(hub) ? (
              <TvSerialsField form={form} hub={hub} idPrefix="darat" disabled={saving || step.review} />
            ) : undefined
          }
        />
        <ImagesField
          form={form}
          id="darat-images"
          kind="darat"
          label={t('hubShipping.darat.images')}
          slotLabels={slots}
          disabled={saving || step.review}
        />
      </fieldset>
    </FormDialog>
  );
}
