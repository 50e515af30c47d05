// The counted receipt (issue 28), shared by Selesai Bongkar at a hub and POD completion:
// counts received per item (prefilled with what was sent, or empty where the hub counts blind:
// issue 41) and damaged ones, a reason, note
// and photo for each difference, both names and both signatures. On the one form path
// (useCommandForm + FormDialog, issue 39; its values, rules and Simpan in ./receipt-form.ts):
// Simpan checks it all on the device (the commands' rules), queues the signatures and photos as
// documents under the ids the receipt names, then sends the caller's command with the
// receipt; the BAST follows. Issue 42: a shipment this device holds units in transit on (loaded
// by serial) is received by scanning its TVs (./serial-receipt.tsx): the TV counts follow the
// scan, the TV differences name their serials, and the receipt carries tv_serials.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, get, useWatch, type UseFormReturn } from 'react-hook-form';
import type { Shipment } from '../../../sync/pure';
import type { BastData } from '../../lib/documents/bast-pdf';
import { neededDiscrepancies, RECEIPT_ITEMS, type ReceiptPayload } from '../../lib/handover/receipt-draft';
import { useLoadedSerials } from '../../lib/handover/use-loaded-serials';
import { useT } from '../../lib/i18n';
import type { TimeZone } from '../../lib/time-zone';
import { useCommandForm, type CommandSubmission } from '../../lib/writes/use-command-form';
import { useSyncEngine } from '../../lib/sync-engine';
import { FormDialog } from '../form-dialog';
import { useFormFields } from '../form-fields';
import { SignatureField } from '../signature-pad';
import { BastDialog } from './bast-dialog';
import { CountRow } from './count-row';
import { DiscrepancyFields } from './discrepancy-fields';
import { documentQueue } from './receipt-documents';
import { SerialReceiptSection } from './serial-receipt';
import {
  bastOf,
  NO_DISCREPANCY,
  putSerials,
  queueReceiptDocuments,
  receiptDefaults,
  receiptOf,
  receiptSchema,
  sentOf,
  type ReceiptFormValues,
} from './receipt-form';

export interface CountedReceiptProps {
  title: string;
  description: string;
  testId: string;
  submitTestId: string;
  shipment: Shipment;
  /** Prefilled from the vehicle. */
  driverName: string;
  /** Hub Selesai Bongkar keeps its notes field. */
  withNotes?: boolean;
  /**
   * Issue 41: the receiving hub counts blind: the received counts open empty and what was sent
   * shows beside each only once it is entered (hubs.blind_count, set by an admin).
   */
  blind?: boolean;
  /** What the BAST names beyond the receipt. */
  places: { originHub: string; destinationHub: string; timeZone: TimeZone };
  /** The completion command with the receipt (and its toasts); the form stays open on a refusal. */
  command: (receipt: ReceiptPayload, notes: string) => CommandSubmission;
  onClose: () => void;
}

/** A message of the form at a path, in the device's language. */
function messageAt(form: UseFormReturn<ReceiptFormValues>, path: string): string | undefined {
  const message = (get(form.formState.errors, path) as { message?: string } | undefined)?.message;
  return message || undefined;
}

export function CountedReceiptDialog(props: CountedReceiptProps) {
  const { shipment, places } = props;
  const t = useT();
  const engine = useSyncEngine();
  const sent = useMemo(() => sentOf(shipment), [shipment]);
  const schema = useMemo(() => receiptSchema(sent), [sent]);
  const queue = useCallback(
    (doc: Parameters<ReturnType<typeof documentQueue>>[0]) => documentQueue(engine)(doc),
    [engine],
  );
  const [bast, setBast] = useState<{ data: BastData; id: string } | null>(null);
  // The receipt whose documents were queued, for the BAST once its command is through.
  const queued = useRef<ReceiptPayload | null>(null);
  const { form, onSubmit, saving } = useCommandForm<ReceiptFormValues>({
    defaultValues: receiptDefaults(sent, !!props.blind, props.driverName),
    schema,
    submit: (values) => {
      const receipt = receiptOf(values, sent, new Date());
      return {
        ...props.command(receipt, values.notes),
        before: async () => {
          try {
            await queueReceiptDocuments(queue, shipment.id, values, receipt, sent);
          } catch (error) {
            console.error('receipt documents not queued', error);
            return { ok: false, message: t('handover.receipt.documentsFailed') };
          }
          queued.current = receipt;
          return { ok: true };
        },
      };
    },
    onDone: (values) => {
      const receipt = queued.current;
      if (!receipt) return;
      const id = crypto.randomUUID();
      setBast({ id, data: bastOf(shipment, receipt, values, places, id) });
    },
  });
  const Field = useFormFields(form);

  // The vehicle's driver until the user types (the vehicle's row may come after the first render).
  useEffect(() => {
    if (props.driverName && !form.getFieldState('driver_name').isDirty)
      form.setValue('driver_name', props.driverName);
  }, [form, props.driverName]);
  // After the first Simpan, the messages follow each change (a new difference's too).
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: () => {
          if (form.formState.isSubmitted) void form.trigger();
        },
      }),
    [form],
  );

  // Issue 42: received by serial once this device's units on the shipment are known (and from
  // then on: a unit leaving the shipment meanwhile does not turn the form back to counts).
  const units = useLoadedSerials(shipment.id);
  const { settled, loaded } = units;
  useEffect(() => {
    if (!settled) return;
    const now = form.getValues('serials');
    if (now) {
      if (now.loaded.join('\n') !== loaded.join('\n')) form.setValue('serials', { ...now, loaded });
    } else if (loaded.length > 0) {
      putSerials(form, { loaded, received: [], damaged: [] });
    }
  }, [form, settled, loaded]);

  const [smartboardReceived, smartboardDamaged, bracketReceived, bracketDamaged, serials] = useWatch({
    control: form.control,
    name: ['smartboard_received', 'smartboard_damaged', 'bracket_received', 'bracket_damaged', 'serials'],
  });
  const needed = neededDiscrepancies({
    sent,
    counts: {
      smartboard_received: smartboardReceived,
      smartboard_damaged: smartboardDamaged,
      bracket_received: bracketReceived,
      bracket_damaged: bracketDamaged,
    },
    serials,
  });

  const people = [
    {
      who: 'receiver',
      name: t('handover.receipt.receiverName'),
      signature: t('handover.documents.kind.signature_receiver'),
    },
    {
      who: 'driver',
      name: t('common.driverName'),
      signature: t('handover.documents.kind.signature_driver'),
    },
  ] as const;

  if (bast) return <BastDialog data={bast.data} documentId={bast.id} queue={queue} onClose={props.onClose} />;

  return (
    <FormDialog
      title={props.title}
      description={props.description}
      testId={props.testId}
      onClose={props.onClose}
      onSubmit={(e) => void onSubmit(e)}
      saving={saving}
      submitLabel={t('common.save')}
      savingLabel={t('common.saving')}
      submitTestId={props.submitTestId}
      className="max-h-[95dvh] overflow-y-auto sm:max-w-3xl"
      // A glove brushing the dim edge never throws the counts and signatures away (issue 41).
      keepOnOutsideTap
    >
      <div className="grid gap-5">
        <section className="grid gap-3" aria-labelledby="receipt-counts-title">
          <h3 id="receipt-counts-title" className="text-base font-semibold">
            {t('handover.receipt.countsTitle')}
          </h3>
          <p className="text-sm text-muted-foreground">
            {serials
              ? t('handover.receipt.countsHintSerial')
              : props.blind
                ? t('handover.receipt.countsHintBlind')
                : t('handover.receipt.countsHint')}
          </p>
          {!units.settled && (
            <p className="text-sm text-muted-foreground" role="status" data-testid="receipt-serials-checking">
              {t('handover.receipt.serials.checking')}
            </p>
          )}
          {RECEIPT_ITEMS.map((item) => (
            <CountRow
              key={item}
              form={form}
              item={item}
              sent={sent[item]}
              blind={!!props.blind}
              // The TV counts wait until the device has said whether they are scanned.
              disabled={saving || (item === 'smartboard' && !units.settled && !serials)}
              bySerial={item === 'smartboard' && !!serials}
            />
          ))}
        </section>

        <SerialReceiptSection form={form} batch={shipment.batch_number} disabled={saving} />

        {needed.length > 0 && (
          <section className="grid gap-3" aria-labelledby="receipt-discrepancies-title">
            <h3 id="receipt-discrepancies-title" className="text-base font-semibold">
              {t('common.discrepancies')}
            </h3>
            {needed.map((d) => (
              <Controller
                key={d.key}
                control={form.control}
                name={`discrepancies.${d.key}`}
                render={({ field }) => (
                  <DiscrepancyFields
                    need={d}
                    state={field.value ?? NO_DISCREPANCY}
                    errors={{
                      note: messageAt(form, `discrepancies.${d.key}.note`),
                      photos: messageAt(form, `discrepancies.${d.key}.photos`),
                    }}
                    disabled={saving}
                    onChange={(next) => field.onChange({ ...next, id: next.id || crypto.randomUUID() })}
                  />
                )}
              />
            ))}
          </section>
        )}

        <section className="grid gap-4" aria-labelledby="receipt-signatures-title">
          <h3 id="receipt-signatures-title" className="text-base font-semibold">
            {t('handover.receipt.signaturesTitle')}
          </h3>
          <div className="grid gap-4 md:grid-cols-2">
            {people.map(({ who, name, signature }) => (
              <div key={who} className="grid content-start gap-3">
                <Field.Text
                  name={`${who}_name`}
                  id={`receipt-${who}-name`}
                  label={name}
                  autoComplete="off"
                  className="h-12 text-lg"
                  disabled={saving}
                />
                <Controller
                  control={form.control}
                  name={`${who}_signature`}
                  render={({ field }) => (
                    <SignatureField
                      id={`receipt-${who}-signature`}
                      label={signature}
                      hint={t('handover.receipt.signHere')}
                      error={messageAt(form, `${who}_signature`)}
                      onChange={field.onChange}
                    />
                  )}
                />
              </div>
            ))}
          </div>
        </section>

        {props.withNotes && (
          <Field.Textarea
            name="notes"
            id="unloading-notes"
            label={t('handover.receipt.notes')}
            placeholder={t('handover.receipt.notesPlaceholder')}
            disabled={saving}
          />
        )}
      </div>
    </FormDialog>
  );
}
