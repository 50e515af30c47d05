// The PolJak and PolSub shipment forms (spec 2.9, 4.1, 4.2, 5, 7.4, 9):
// pelayaran, nama kapal, no container, ETD, ETA, destination hub, quantities
// and one or two container images, each form with its own messages; the batch
// is POLJAK-{timestamp} / POLSUB-{timestamp}. One command makes the shipment,
// its containers row, the negative stock row and the vehicle's flags; the
// images follow through the upload queue (./shipping-form.tsx).
import { useMemo } from 'react';
import { jakartaDate } from '../../../sync/pure';
import { DateField } from '../../components/date-picker';
import { FormDialog } from '../../components/form-dialog';
import { useFormFields } from '../../components/form-fields';
import { useT } from '../../lib/i18n';
import { sendChecked } from '../../lib/writes/use-command-form';
import { checkSeaForm, SEA_COMMAND, type SeaForm, type SeaFormValues } from './form-validation';
import { withStockAndBatch } from './shipping-checks';
import { OriginStock, ShippingSummary, useOriginStock, useReviewStep } from './shipping-stock';
import { useHubScope } from './hub-scope';
import { TOAST } from './messages';
import { otwLabelPart } from './otw-label';
import { ImagesField, QuantityFields, useShippingForm, type ShippingDialogProps } from './shipping-form';
import { loadsBySerial } from './serial-loading';
import { TvSerialsField, tvSerialsOf } from './serial-load-field';
import { vehicleLabel } from './use-master-data';

const TITLE = {
  poljak: 'hubShipping.sea.titlePoljak',
  polsub: 'hubShipping.sea.titlePolsub',
} as const satisfies Record<SeaForm, string>;

/** The form's values; tv_serials: the TVs scanned into the truck (issue 42, a hub that tracks them). */
type Values = SeaFormValues & { tv_serials: string[]; images: File[] };

export function SeaShippingDialog({
  form: kind,
  hub,
  vehicle,
  onClose,
  onShipped,
}: ShippingDialogProps & { form: SeaForm }) {
  const t = useT();
  const { master } = useHubScope();
  // Issue 29: the origin's stock shown and checked, a summary before sending
  // (./shipping-stock.tsx); the batch number is made when it is sent.
  const origin = useOriginStock(hub.id);
  const check = (values: Values) =>
    withStockAndBatch(
      checkSeaForm(kind, values, {
        hubId: hub.id,
        vehicleId: vehicle.id,
        imageCount: values.images.length,
        at: Date.now(),
        tvSerials: tvSerialsOf(hub, values),
      }),
      origin,
      [],
    );
  const { form, onSubmit, saving } = useShippingForm<Values>({
    // Prefilled from the sea fleet unit.
    defaultValues: {
      pelayaran: vehicle.nama_pelayaran ?? '',
      nama_kapal: vehicle.nama_kapal ?? '',
      no_container: vehicle.nama_kapal ? vehicle.license_plate : '',
      etd: jakartaDate(new Date().toISOString()),
      eta: '',
      destination_hub_id: '',
      smartboard_quantity: 0,
      bracket_quantity: 0,
      tv_serials: [],
      images: [],
    },
    submit: (values) =>
      sendChecked(SEA_COMMAND[kind], check(values), {
        failure: (message) =>
          kind === 'poljak'
            ? `${t('hubOps.messages.failure.createShipment')}: ${message}`
            : t('hubOps.messages.failure.saveData'),
      }),
    success: (values) => {
      const destination = master.hubsById.get(values.destination_hub_id);
      return kind === 'poljak' && destination
        ? TOAST.poljakShipped(otwLabelPart(destination))
        : t('hubOps.messages.toast.polsubShipped');
    },
    onClose,
    onShipped,
  });
  const Field = useFormFields(form);
  const step = useReviewStep({ onSubmit, passes: () => check(form.getValues()).ok, onClose });

  // Spec 7.2: every hub but this one.
  const destinations = useMemo(
    () =>
      master.hubs
        .filter((h) => h.id !== hub.id)
        .map((h) => ({ value: h.id, label: h.city ? `${h.name} (${h.city})` : h.name })),
    [master.hubs, hub.id],
  );

  const id = (name: string) => `${kind}-${name}`;
  const summary = () => {
    const v = form.getValues();
    return [
      [t('hubShipping.summary.from'), origin.warehouse ? `${hub.name} (${origin.warehouse.name})` : hub.name],
      [t('common.destination'), destinations.find((d) => d.value === v.destination_hub_id)?.label ?? '-'],
      [t('common.shippingLineLower'), v.pelayaran.trim()],
      [t('hubShipping.sea.namaKapal'), v.nama_kapal.trim()],
      [t('hubShipping.sea.noContainer'), v.no_container.trim()],
      [t('hubShipping.sea.etdEta'), `${v.etd} / ${v.eta}`],
      [t('common.smartboardQuantity'), String(v.smartboard_quantity)],
      [t('common.bracketQuantity'), String(v.bracket_quantity)],
      [t('hubShipping.summary.photos'), t('hubShipping.form.photoCount', { n: v.images.length })],
    ] as const;
  };
  return (
    <FormDialog
      title={t(TITLE[kind])}
      description={t('hubShipping.form.departs', { vehicle: vehicleLabel(vehicle), hub: hub.name })}
      testId="shipping-dialog"
      dataForm={kind}
      className="sm:max-w-2xl"
      onClose={step.close}
      onSubmit={step.submit}
      saving={saving}
      {...step.labels}
      submitTestId="shipping-submit"
      footerNote={step.review ? <ShippingSummary rows={summary()} /> : undefined}
    >
      <OriginStock origin={origin} />
      <fieldset disabled={step.review} className="grid min-w-0 gap-4">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field.Text name="pelayaran" id={id('pelayaran')} label={t('common.shippingLineLower')} />
          <Field.Text name="nama_kapal" id={id('kapal')} label={t('hubShipping.sea.namaKapal')} />
          <Field.Text name="no_container" id={id('container')} label={t('hubShipping.sea.noContainer')} />
          <Field.Select
            name="destination_hub_id"
            id={id('destination')}
            label={t('common.destination')}
            options={destinations}
            placeholder={t('hubShipping.sea.destinationPlaceholder')}
          />
          <DateField form={form} name="etd" id={id('etd')} label={t('common.etd')} />
          <DateField form={form} name="eta" id={id('eta')} label={t('common.eta')} />
        </div>
        <QuantityFields
          Field={Field}
          idPrefix={kind}
          tv={
            loadsBySerial(hub) ? (
              <TvSerialsField form={form} hub={hub} idPrefix={kind} disabled={saving || step.review} />
            ) : undefined
          }
        />
        <ImagesField
          form={form}
          id={id('images')}
          kind={kind}
          label={t('hubShipping.sea.images')}
          slotLabels={[t('hubShipping.sea.container1'), t('hubShipping.sea.container2')]}
          disabled={saving || step.review}
        />
      </fieldset>
    </FormDialog>
  );
}
