// The counted receipt as a form on the one form path (useCommandForm + FormDialog, issue 39):
// its values, its schema (the commands' own rule checker through checkReceiptDraft, so the
// messages are the commands' and the server's), and what Simpan makes of a checked form: the
// receipt payload with the ids its documents get, the documents queued under those ids, and
// the BAST's data once the command is through. Issue 42: `serials` holds the scan of a shipment
// loaded by serial (null: received by counts); its TV counts follow the scan.
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import type { Shipment } from '../../../sync/pure';
import type { BastData } from '../../lib/documents/bast-pdf';
import {
  checkReceiptDraft,
  neededDiscrepancies,
  receiptPayload,
  type CountField,
  type ReceiptDraft,
  type ReceiptItem,
  type ReceiptPayload,
} from '../../lib/handover/receipt-draft';
import { serialExpectations, type SerialReceipt } from '../../lib/handover/receipt-serials';
import type { TimeZone } from '../../lib/time-zone';
import type { DiscrepancyState } from './discrepancy-fields';
import { blobBytes, dataUrlBytes, imageMime, knownLocation, type QueuedDocument } from './receipt-documents';

export interface ReceiptFormValues extends Record<CountField, string> {
  /** By discrepancy key (item-reason): kept while the counts change. */
  discrepancies: Record<string, DiscrepancyState>;
  receiver_name: string;
  driver_name: string;
  /** The signatures as PNG data URLs; null until signed. */
  receiver_signature: string | null;
  driver_signature: string | null;
  notes: string;
  /** Issue 42: the scan, when the shipment was loaded by serial; null: received by counts. */
  serials: SerialReceipt | null;
}

export type SentCounts = Record<ReceiptItem, number>;

export const sentOf = (shipment: Shipment): SentCounts => ({
  smartboard: shipment.smartboard_quantity,
  bracket: shipment.bracket_quantity,
});

/** Issue 41: where the hub counts blind, the received counts open empty (not what was sent). */
export function receiptDefaults(sent: SentCounts, blind: boolean, driverName: string): ReceiptFormValues {
  return {
    smartboard_received: blind ? '' : String(sent.smartboard),
    smartboard_damaged: '0',
    bracket_received: blind ? '' : String(sent.bracket),
    bracket_damaged: '0',
    discrepancies: {},
    receiver_name: '',
    driver_name: driverName,
    receiver_signature: null,
    driver_signature: null,
    notes: '',
    serials: null,
  };
}

/** Issue 42: the scan into the form, the TV counts with it (Diterima: scanned, Rusak: marked). */
export function putSerials(form: UseFormReturn<ReceiptFormValues>, serials: SerialReceipt): void {
  form.setValue('serials', serials);
  form.setValue('smartboard_received', String(serials.received.length));
  form.setValue('smartboard_damaged', String(serials.damaged.length));
}

export const NO_DISCREPANCY: DiscrepancyState = { id: '', note: '', photos: [] };

/** The draft the rule checker reads. */
export function draftOf(values: ReceiptFormValues, sent: SentCounts): ReceiptDraft {
  const counts = {
    smartboard_received: values.smartboard_received,
    smartboard_damaged: values.smartboard_damaged,
    bracket_received: values.bracket_received,
    bracket_damaged: values.bracket_damaged,
  };
  const needed = neededDiscrepancies({ sent, counts, serials: values.serials });
  const state = (key: string) => values.discrepancies[key] ?? NO_DISCREPANCY;
  return {
    sent,
    counts,
    serials: values.serials,
    notes: Object.fromEntries(needed.map((d) => [d.key, state(d.key).note])),
    photoCounts: Object.fromEntries(needed.map((d) => [d.key, state(d.key).photos.length])),
    receiverName: values.receiver_name,
    driverName: values.driver_name,
    receiverSigned: !!values.receiver_signature,
    driverSigned: !!values.driver_signature,
  };
}

/** The checker's field (`<key>.photos`) as the form's path (`discrepancies.<key>.photos`). */
export function formPath(field: string): string[] {
  const dot = field.indexOf('.');
  return dot < 0 ? [field] : ['discrepancies', field.slice(0, dot), field.slice(dot + 1)];
}

/** The form's rules: every problem of the draft under its field, in the commands' words. */
export function receiptSchema(sent: SentCounts) {
  return z.custom<ReceiptFormValues>().superRefine((values, ctx) => {
    for (const [field, message] of Object.entries(checkReceiptDraft(draftOf(values, sent))))
      ctx.addIssue({ code: 'custom', path: formPath(field), message });
  });
}

/** A checked form's receipt, with fresh ids for its documents (a discrepancy keeps its own). */
export function receiptOf(values: ReceiptFormValues, sent: SentCounts, signedAt: Date): ReceiptPayload {
  const draft = draftOf(values, sent);
  const needed = neededDiscrepancies(draft);
  const state = (key: string) => values.discrepancies[key] ?? NO_DISCREPANCY;
  return receiptPayload(
    draft,
    {
      receiptId: crypto.randomUUID(),
      receiverSignatureId: crypto.randomUUID(),
      driverSignatureId: crypto.randomUUID(),
      discrepancyIds: Object.fromEntries(needed.map((d) => [d.key, state(d.key).id || crypto.randomUUID()])),
      photoIds: Object.fromEntries(needed.map((d) => [d.key, state(d.key).photos.map((p) => p.id)])),
    },
    signedAt,
  );
}

/** Both signatures and every discrepancy photo, each under the id the receipt names. */
export async function queueReceiptDocuments(
  queue: (doc: QueuedDocument) => Promise<unknown>,
  shipmentId: string,
  values: ReceiptFormValues,
  receipt: ReceiptPayload,
  sent: SentCounts,
): Promise<void> {
  const location = await knownLocation();
  const at = { shipmentId, ...(location ? { location } : {}) };
  const signatures = [
    [receipt.receiver_signature_id, 'signature_receiver', values.receiver_signature],
    [receipt.driver_signature_id, 'signature_driver', values.driver_signature],
  ] as const;
  for (const [id, kind, dataUrl] of signatures) {
    await queue({ ...at, id, kind, bytes: dataUrlBytes(dataUrl ?? ''), mime: 'image/png' });
  }
  const needed = neededDiscrepancies(draftOf(values, sent));
  for (const [i, d] of needed.entries()) {
    for (const photo of (values.discrepancies[d.key] ?? NO_DISCREPANCY).photos) {
      await queue({
        ...at,
        id: photo.id,
        kind: 'discrepancy_photo',
        bytes: await blobBytes(photo.blob),
        mime: imageMime(photo.blob),
        discrepancyId: receipt.discrepancies[i]!.id,
      });
    }
  }
}

/** Issue 42: the serials a BAST lists, from what the receipt carries and what was loaded. */
function bastSerials(
  loaded: readonly string[],
  scan: { received: readonly string[]; damaged: readonly string[] },
): NonNullable<BastData['tvSerials']> {
  const tally = serialExpectations({ loaded, received: scan.received, damaged: scan.damaged });
  return { received: scan.received, damaged: tally.damaged, missing: tally.missing, unexpected: tally.unexpected };
}

/** The BAST of a receipt the command took (issue 40: sealed, its QR names it). */
export function bastOf(
  shipment: Shipment,
  receipt: ReceiptPayload,
  values: ReceiptFormValues,
  places: { originHub: string; destinationHub: string; timeZone: TimeZone },
  bastId: string,
): BastData {
  const sent = sentOf(shipment);
  const signedAt = new Date(receipt.signed_at);
  return {
    shipmentId: shipment.id,
    receiptId: receipt.receipt_id,
    documentId: bastId,
    receiverSignatureId: receipt.receiver_signature_id,
    driverSignatureId: receipt.driver_signature_id,
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
    bracket: { sent: sent.bracket, received: receipt.bracket_received, damaged: receipt.bracket_damaged },
    discrepancies: receipt.discrepancies.map((d) => ({
      item: d.item,
      reason: d.reason,
      quantity: d.quantity,
      note: d.note ?? null,
    })),
    receiver: { name: receipt.receiver_name, signedAt, image: values.receiver_signature ?? '' },
    driver: { name: receipt.driver_name, signedAt, image: values.driver_signature ?? '' },
    ...(values.serials && receipt.tv_serials
      ? { tvSerials: bastSerials(values.serials.loaded, receipt.tv_serials) }
      : {}),
    deviceTime: signedAt,
    serverReceivedAt: null,
  };
}
