// The counted receipt (issue 28), shared by Selesai Bongkar at a hub and POD completion:
// counts received per item (prefilled with what was sent, or empty where the hub counts blind:
// issue 41) and damaged ones, a reason, note
// and photo for each difference, both names and both signatures. Simpan checks it all on the
// device (the commands' rules), queues the signatures and photos as documents under the ids
// the receipt names, then the caller sends its command with the receipt; the BAST follows.
import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import type { Shipment } from '../../../sync/pure';
import type { BastData } from '../../lib/documents/bast-pdf';
import {
  checkReceiptDraft,
  neededDiscrepancies,
  receiptPayload,
  RECEIPT_ITEMS,
  type CountField,
  type ReceiptDraft,
  type ReceiptPayload,
} from '../../lib/handover/receipt-draft';
import { useT } from '../../lib/i18n';
import { localize } from '../../lib/i18n/localize';
import type { TimeZone } from '../../lib/time-zone';
import { useSyncEngine } from '../../lib/sync-engine';
import { showError, type CommandResult } from '../../lib/writes/run-command';
import { FormDialog } from '../form-dialog';
import { SignatureField } from '../signature-pad';
import { Textarea } from '../ui/textarea';
import { BastDialog } from './bast-dialog';
import { CountRow, TextField } from './count-row';
import { DiscrepancyFields, type DiscrepancyState } from './discrepancy-fields';
import { blobBytes, dataUrlBytes, documentQueue, imageMime, knownLocation } from './receipt-documents';

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
  /** Sends the completion command with the receipt; the form stays open on a refusal. */
  complete: (receipt: ReceiptPayload, notes: string) => Promise<CommandResult>;
  onClose: () => void;
}

export function CountedReceiptDialog(props: CountedReceiptProps) {
  const { shipment, places } = props;
  const t = useT();
  const engine = useSyncEngine();
  const sent = { smartboard: shipment.smartboard_quantity, bracket: shipment.bracket_quantity };
  const [counts, setCounts] = useState<Record<CountField, string>>({
    smartboard_received: props.blind ? '' : String(sent.smartboard),
    smartboard_damaged: '0',
    bracket_received: props.blind ? '' : String(sent.bracket),
    bracket_damaged: '0',
  });
  const [discrepancies, setDiscrepancies] = useState<Record<string, DiscrepancyState>>({});
  const [receiverName, setReceiverName] = useState('');
  // The vehicle's driver until the user types (the vehicle's row may come after the first render).
  const [typedDriver, setDriverName] = useState<string | null>(null);
  const driverName = typedDriver ?? props.driverName;
  const [receiverSignature, setReceiverSignature] = useState<string | null>(null);
  const [driverSignature, setDriverSignature] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [bast, setBast] = useState<{ data: BastData; id: string } | null>(null);
  const form = useRef<HTMLDivElement>(null);

  const needed = useMemo(
    () => neededDiscrepancies({ sent, counts }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sent.smartboard, sent.bracket, counts],
  );
  const stateOf = (key: string): DiscrepancyState => discrepancies[key] ?? { id: '', note: '', photos: [] };
  const draft: ReceiptDraft = {
    sent,
    counts,
    notes: Object.fromEntries(needed.map((d) => [d.key, stateOf(d.key).note])),
    photoCounts: Object.fromEntries(needed.map((d) => [d.key, stateOf(d.key).photos.length])),
    receiverName,
    driverName,
    receiverSigned: !!receiverSignature,
    driverSigned: !!driverSignature,
  };
  // After the first Simpan, the messages follow each change (the form's pattern).
  const found = checked ? checkReceiptDraft(draft) : errors;
  // The rules' messages are the commands' own (Bahasa Indonesia): shown in the device's language.
  const shown = Object.fromEntries(
    Object.entries(found).map(([field, message]) => [field, localize(message)]),
  );
  const queue = useCallback(
    (doc: Parameters<ReturnType<typeof documentQueue>>[0]) => documentQueue(engine)(doc),
    [engine],
  );

  async function submit(_event: FormEvent) {
    const found = checkReceiptDraft(draft);
    setErrors(found);
    setChecked(true);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() =>
        form.current?.querySelector<HTMLElement>('[aria-invalid=true], [role=alert]')?.focus(),
      );
      return;
    }
    setSaving(true);
    try {
      const signedAt = new Date();
      const ids = {
        receiptId: crypto.randomUUID(),
        receiverSignatureId: crypto.randomUUID(),
        driverSignatureId: crypto.randomUUID(),
        discrepancyIds: Object.fromEntries(
          needed.map((d) => [d.key, stateOf(d.key).id || crypto.randomUUID()]),
        ),
        photoIds: Object.fromEntries(needed.map((d) => [d.key, stateOf(d.key).photos.map((p) => p.id)])),
      };
      const receipt = receiptPayload(draft, ids, signedAt);
      try {
        const location = await knownLocation();
        const at = { shipmentId: shipment.id, ...(location ? { location } : {}) };
        await queue({
          ...at,
          id: ids.receiverSignatureId,
          kind: 'signature_receiver',
          bytes: dataUrlBytes(receiverSignature!),
          mime: 'image/png',
        });
        await queue({
          ...at,
          id: ids.driverSignatureId,
          kind: 'signature_driver',
          bytes: dataUrlBytes(driverSignature!),
          mime: 'image/png',
        });
        for (const d of needed) {
          for (const photo of stateOf(d.key).photos) {
            const bytes = await blobBytes(photo.blob);
            await queue({
              ...at,
              id: photo.id,
              kind: 'discrepancy_photo',
              bytes,
              mime: imageMime(photo.blob),
              discrepancyId: ids.discrepancyIds[d.key],
            });
          }
        }
      } catch (error) {
        console.error('receipt documents not queued', error);
        showError(t('handover.receipt.documentsFailed'));
        return;
      }
      const result = await props.complete(receipt, notes);
      if (!result.ok) return;
      const bastId = crypto.randomUUID();
      setBast({
        id: bastId,
        data: {
          shipmentId: shipment.id,
          receiptId: ids.receiptId,
          // Issue 40: sealed (its QR names it and hashes the receipt with both signatures).
          documentId: bastId,
          receiverSignatureId: ids.receiverSignatureId,
          driverSignatureId: ids.driverSignatureId,
          appOrigin: window.location.origin,
          batchNumber: shipment.batch_number,
          timeZone: places.timeZone,
          originHub: places.originHub,
          destinationHub: places.destinationHub,
          smartboard: {
            sent: sent.smartboard,
            received: receipt.smartboard_received,
            damaged: receipt.smartboard_damaged,
          },
          bracket: {
            sent: sent.bracket,
            received: receipt.bracket_received,
            damaged: receipt.bracket_damaged,
          },
          discrepancies: receipt.discrepancies.map((d) => ({
            item: d.item,
            reason: d.reason,
            quantity: d.quantity,
            note: d.note ?? null,
          })),
          receiver: { name: receipt.receiver_name, signedAt, image: receiverSignature! },
          driver: { name: receipt.driver_name, signedAt, image: driverSignature! },
          deviceTime: signedAt,
          serverReceivedAt: null,
        },
      });
    } finally {
      setSaving(false);
    }
  }

  if (bast) return <BastDialog data={bast.data} documentId={bast.id} queue={queue} onClose={props.onClose} />;

  const count = (field: CountField) => (value: string) => setCounts((c) => ({ ...c, [field]: value }));
  return (
    <FormDialog
      title={props.title}
      description={props.description}
      testId={props.testId}
      onClose={props.onClose}
      onSubmit={(e) => void submit(e)}
      saving={saving}
      submitLabel={t('handover.receipt.save')}
      savingLabel={t('handover.receipt.saving')}
      submitTestId={props.submitTestId}
      className="max-h-[95dvh] overflow-y-auto sm:max-w-3xl"
      // A glove brushing the dim edge never throws the counts and signatures away (issue 41).
      keepOnOutsideTap
    >
      <div ref={form} className="grid gap-5">
        <section className="grid gap-3" aria-labelledby="receipt-counts-title">
          <h3 id="receipt-counts-title" className="text-base font-semibold">
            {t('handover.receipt.countsTitle')}
          </h3>
          <p className="text-sm text-muted-foreground">
            {props.blind ? t('handover.receipt.countsHintBlind') : t('handover.receipt.countsHint')}
          </p>
          {RECEIPT_ITEMS.map((item) => (
            <CountRow
              key={item}
              item={item}
              sent={sent[item]}
              counts={counts}
              errors={shown}
              blind={!!props.blind}
              disabled={saving}
              onChange={(field, value) => count(field)(value)}
            />
          ))}
        </section>

        {needed.length > 0 && (
          <section className="grid gap-3" aria-labelledby="receipt-discrepancies-title">
            <h3 id="receipt-discrepancies-title" className="text-base font-semibold">
              {t('handover.receipt.discrepanciesTitle')}
            </h3>
            {needed.map((d) => (
              <DiscrepancyFields
                key={d.key}
                need={d}
                state={stateOf(d.key)}
                errors={shown}
                disabled={saving}
                onChange={(next) =>
                  setDiscrepancies((all) => ({
                    ...all,
                    [d.key]: { ...next, id: next.id || crypto.randomUUID() },
                  }))
                }
              />
            ))}
          </section>
        )}

        <section className="grid gap-4" aria-labelledby="receipt-signatures-title">
          <h3 id="receipt-signatures-title" className="text-base font-semibold">
            {t('handover.receipt.signaturesTitle')}
          </h3>
          <div className="grid gap-4 md:grid-cols-2">
            <div className="grid content-start gap-3">
              <TextField
                id="receipt-receiver-name"
                label={t('handover.receipt.receiverName')}
                value={receiverName}
                error={shown.receiver_name}
                onChange={setReceiverName}
                disabled={saving}
              />
              <SignatureField
                id="receipt-receiver-signature"
                label={t('handover.receipt.receiverSignature')}
                hint={t('handover.receipt.signHere')}
                error={shown.receiver_signature}
                onChange={setReceiverSignature}
              />
            </div>
            <div className="grid content-start gap-3">
              <TextField
                id="receipt-driver-name"
                label={t('handover.receipt.driverName')}
                value={driverName}
                error={shown.driver_name}
                onChange={setDriverName}
                disabled={saving}
              />
              <SignatureField
                id="receipt-driver-signature"
                label={t('handover.receipt.driverSignature')}
                hint={t('handover.receipt.signHere')}
                error={shown.driver_signature}
                onChange={setDriverSignature}
              />
            </div>
          </div>
        </section>

        {props.withNotes && (
          <div className="grid gap-1">
            <label htmlFor="unloading-notes" className="text-sm font-medium">
              {t('handover.receipt.notes')}
            </label>
            <Textarea
              id="unloading-notes"
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              disabled={saving}
              placeholder={t('handover.receipt.notesPlaceholder')}
            />
          </div>
        )}
      </div>
    </FormDialog>
  );
}
