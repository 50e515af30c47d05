// The counted receipt as the form holds it (issue 28), and the rules it is checked by before
// anything is queued: whole counts 0..100000, damaged <= received, per item one 'kurang' or
// 'lebih' for a count that differs from what was sent and one 'rusak' for damaged ones, each
// with at least one photo, both names and both signatures. The same rules as the commands'
// (complete_unloading / pod_complete with `receipt`), so the device says what the server would.
import { RECEIPT } from './receipt-messages';

export const RECEIPT_ITEMS = ['smartboard', 'bracket'] as const;
export type ReceiptItem = (typeof RECEIPT_ITEMS)[number];
export type DiscrepancyReason = 'kurang' | 'lebih' | 'rusak';
export const MAX_COUNT = 100_000;
export const MAX_NOTE = 500;
export const MAX_NAME = 100;

export type CountField = `${ReceiptItem}_${'received' | 'damaged'}`;

export interface ReceiptDraft {
  sent: Record<ReceiptItem, number>;
  /** As typed. */
  counts: Record<CountField, string>;
  /** By discrepancy key (item-reason). */
  notes: Readonly<Record<string, string>>;
  photoCounts: Readonly<Record<string, number>>;
  receiverName: string;
  driverName: string;
  receiverSigned: boolean;
  driverSigned: boolean;
}

export interface NeededDiscrepancy {
  /** `${item}-${reason}`: stable while the counts change, so its note and photos stay. */
  key: string;
  item: ReceiptItem;
  reason: DiscrepancyReason;
  quantity: number;
}

/** A whole count 0..100000, or null. */
export function parseCount(text: string): number | null {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n <= MAX_COUNT ? n : null;
}

/** The discrepancies the counts call for, in item then reason order. */
export function neededDiscrepancies(draft: Pick<ReceiptDraft, 'sent' | 'counts'>): NeededDiscrepancy[] {
  const out: NeededDiscrepancy[] = [];
  for (const item of RECEIPT_ITEMS) {
    const received = parseCount(draft.counts[`${item}_received`]);
    const damaged = parseCount(draft.counts[`${item}_damaged`]);
    const sent = draft.sent[item];
    if (received !== null && received < sent)
      out.push({ key: `${item}-kurang`, item, reason: 'kurang', quantity: sent - received });
    if (received !== null && received > sent)
      out.push({ key: `${item}-lebih`, item, reason: 'lebih', quantity: received - sent });
    if (damaged !== null && damaged > 0) out.push({ key: `${item}-rusak`, item, reason: 'rusak', quantity: damaged });
  }
  return out;
}

/** Field -> message; empty when the receipt may be saved. Discrepancy fields are `<key>.photos` / `<key>.note`. */
export function checkReceiptDraft(draft: ReceiptDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const item of RECEIPT_ITEMS) {
    const received = parseCount(draft.counts[`${item}_received`]);
    const damaged = parseCount(draft.counts[`${item}_damaged`]);
    if (received === null) errors[`${item}_received`] = RECEIPT.countInvalid;
    if (damaged === null) errors[`${item}_damaged`] = RECEIPT.countInvalid;
    else if (received !== null && damaged > received) errors[`${item}_damaged`] = RECEIPT.damagedOverReceived;
  }
  for (const d of neededDiscrepancies(draft)) {
    if ((draft.photoCounts[d.key] ?? 0) < 1) errors[`${d.key}.photos`] = RECEIPT.photoRequired;
    if ((draft.notes[d.key] ?? '').trim().length > MAX_NOTE) errors[`${d.key}.note`] = RECEIPT.noteTooLong;
  }
  const name = (value: string, missing: string) =>
    value.trim() === '' ? missing : value.trim().length > MAX_NAME ? RECEIPT.nameTooLong : null;
  const receiver = name(draft.receiverName, RECEIPT.receiverNameRequired);
  if (receiver) errors.receiver_name = receiver;
  const driver = name(draft.driverName, RECEIPT.driverNameRequired);
  if (driver) errors.driver_name = driver;
  if (!draft.receiverSigned) errors.receiver_signature = RECEIPT.receiverSignatureRequired;
  if (!draft.driverSigned) errors.driver_signature = RECEIPT.driverSignatureRequired;
  return errors;
}

/** The `receipt` of complete_unloading / pod_complete (the contract's shape). */
export interface ReceiptPayload {
  receipt_id: string;
  smartboard_received: number;
  bracket_received: number;
  smartboard_damaged: number;
  bracket_damaged: number;
  receiver_name: string;
  driver_name: string;
  receiver_signature_id: string;
  driver_signature_id: string;
  signed_at: string;
  discrepancies: {
    id: string;
    item: ReceiptItem;
    reason: DiscrepancyReason;
    quantity: number;
    note?: string;
    photo_ids: string[];
  }[];
}

/** The payload of a checked draft, with the ids its documents will have. */
export function receiptPayload(
  draft: ReceiptDraft,
  ids: {
    receiptId: string;
    receiverSignatureId: string;
    driverSignatureId: string;
    /** By discrepancy key. */
    discrepancyIds: Readonly<Record<string, string>>;
    photoIds: Readonly<Record<string, readonly string[]>>;
  },
  signedAt: Date,
): ReceiptPayload {
  const count = (field: CountField) => parseCount(draft.counts[field]) ?? 0;
  return {
    receipt_id: ids.receiptId,
    smartboard_received: count('smartboard_received'),
    bracket_received: count('bracket_received'),
    smartboard_damaged: count('smartboard_damaged'),
    bracket_damaged: count('bracket_damaged'),
    receiver_name: draft.receiverName.trim(),
    driver_name: draft.driverName.trim(),
    receiver_signature_id: ids.receiverSignatureId,
    driver_signature_id: ids.driverSignatureId,
    signed_at: signedAt.toISOString(),
    discrepancies: neededDiscrepancies(draft).map((d) => {
      const note = (draft.notes[d.key] ?? '').trim();
      return {
        id: ids.discrepancyIds[d.key] ?? '',
        item: d.item,
        reason: d.reason,
        quantity: d.quantity,
        ...(note ? { note } : {}),
        photo_ids: [...(ids.photoIds[d.key] ?? [])],
      };
    }),
  };
}
