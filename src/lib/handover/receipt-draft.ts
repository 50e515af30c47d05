// The folder src/lib/handover: receiving a shipment. The scanner and where a scan or a typed
// search takes the user (scan-detector.ts, scan-target.ts, find-shipment.ts), the counted receipt
// (this file), what arrived beside what was sent (receipt-marks.ts,
// use-received-counts.ts) and the discrepancies (discrepancies.ts, use-discrepancies.ts). The
// papers of the handover are in src/lib/documents.
//
// The counted receipt as the form holds it (issue 28): the counts as typed, a note and photos
// per difference, names and whether each has signed. Checked by the commands' own rule checker
// (sync: checkReceipt, the same rules and messages as complete_unloading / pod_complete with
// `receipt` and the server), its problems put under the form's fields, before anything is queued.
// Issue 42: a shipment loaded by serial is received by scanning (receipt-serials.ts): the draft
// then holds the scan, the TV discrepancies come from it, and the payload carries tv_serials.
import { t } from '../i18n';
import { messageInLanguage } from '../i18n/server-message';
import {
  checkReceipt,
  COUNT_FIELDS,
  MAX_COUNT,
  neededDiscrepancies as neededByCounts,
  RECEIPT_ITEMS,
  type CommandInput,
  type CountField,
  type DiscrepancyReason,
  type ReceiptItem,
  type ReceiptValues,
} from '../../../sync/pure';
import { serialExpectations, type SerialReceipt } from './receipt-serials';

export { RECEIPT_ITEMS, type CountField, type DiscrepancyReason, type ReceiptItem };

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
  /** Issue 42: the scan of a shipment loaded by serial; null or absent: received by counts. */
  serials?: SerialReceipt | null;
}

export interface NeededDiscrepancy {
  /** `${item}-${reason}`: stable while the counts change, so its note and photos stay. */
  key: string;
  item: ReceiptItem;
  reason: DiscrepancyReason;
  quantity: number;
  /** Issue 42, received by serial: the TVs a TV discrepancy names. */
  serials?: readonly string[];
}

/** A whole count as typed (digits only), or null; the range is the checker's. */
export function parseCount(text: string): number | null {
  const t = text.trim();
  return /^\d{1,9}$/.test(t) ? Number(t) : null;
}

/**
 * The discrepancies the counts call for (an item whose counts do not parse calls for none yet);
 * received by serial, the TV ones the scan calls for, each naming its serials.
 */
export function neededDiscrepancies(
  draft: Pick<ReceiptDraft, 'sent' | 'counts' | 'serials'>,
): NeededDiscrepancy[] {
  const byCounts = neededByTypedCounts(draft);
  if (!draft.serials) return byCounts;
  const tv = serialExpectations(draft.serials).needed.map((n) => ({
    key: `smartboard-${n.reason}`,
    item: 'smartboard' as const,
    reason: n.reason,
    quantity: n.serials.length,
    serials: n.serials,
  }));
  return [...tv, ...byCounts.filter((d) => d.item !== 'smartboard')];
}

function neededByTypedCounts(draft: Pick<ReceiptDraft, 'sent' | 'counts'>): NeededDiscrepancy[] {
  const counts = Object.fromEntries(
    COUNT_FIELDS.map((field) => {
      const item = field.split('_')[0] as ReceiptItem;
      const received = parseCount(draft.counts[`${item}_received`]);
      const damaged = parseCount(draft.counts[`${item}_damaged`]);
      const fine = received !== null && damaged !== null && received <= MAX_COUNT && damaged <= MAX_COUNT;
      return [field, field.endsWith('_received') ? (fine ? received : draft.sent[item]) : fine ? damaged : 0];
    }),
  ) as Record<CountField, number>;
  return neededByCounts(draft.sent, counts).map((d) => ({ ...d, key: `${d.item}-${d.reason}` }));
}

// Stands for an id the documents get at Simpan (the checker only asks that there is one).
const SOME_ID = '00000000-0000-4000-8000-000000000000';

/** Field -> message; empty when the receipt may be saved. Discrepancy fields are `<key>.photos` / `<key>.note`. */
export function checkReceiptDraft(draft: ReceiptDraft): Record<string, string> {
  const needed = neededDiscrepancies(draft);
  const values: ReceiptValues = {
    receipt_id: SOME_ID,
    smartboard_received: parseCount(draft.counts.smartboard_received) ?? Number.NaN,
    bracket_received: parseCount(draft.counts.bracket_received) ?? Number.NaN,
    smartboard_damaged: parseCount(draft.counts.smartboard_damaged) ?? Number.NaN,
    bracket_damaged: parseCount(draft.counts.bracket_damaged) ?? Number.NaN,
    receiver_name: draft.receiverName,
    driver_name: draft.driverName,
    receiver_signature_id: draft.receiverSigned ? SOME_ID : '',
    driver_signature_id: draft.driverSigned ? SOME_ID : '',
    signed_at: new Date().toISOString(),
    discrepancies: needed.map((d) => ({
      id: SOME_ID,
      item: d.item,
      reason: d.reason,
      quantity: d.quantity,
      note: draft.notes[d.key] ?? null,
      photo_ids: Array.from({ length: draft.photoCounts[d.key] ?? 0 }, () => SOME_ID),
    })),
    ...(draft.serials
      ? { tv_serials: { received: draft.serials.received, damaged: draft.serials.damaged } }
      : {}),
  };
  const errors: Record<string, string> = {};
  // By serial, the command's own checker with the loaded serials: the serial rules, and the TV
  // discrepancies the scan calls for (sync: checkReceipt's serial mode, as the server).
  const problems = checkReceipt(
    values,
    draft.serials ? { ...draft.sent, serials: draft.serials.loaded } : draft.sent,
  );
  for (const { path, message } of problems) {
    const [head, index, part] = path;
    const field =
      head === 'receiver_signature_id'
        ? 'receiver_signature'
        : head === 'driver_signature_id'
          ? 'driver_signature'
          : head === 'discrepancies' && typeof index === 'number' && needed[index]
            ? `${needed[index].key}.${part === 'photo_ids' ? 'photos' : part === 'note' ? 'note' : 'photos'}`
            : String(head);
    errors[field] ??= messageInLanguage(message);
  }
  return errors;
}

/**
 * The `receipt` of complete_unloading / pod_complete, derived from the command's own schema (a
 * field added or renamed there fails the typecheck here), its discrepancies always a list.
 */
type ReceiptInput = CommandInput<'complete_unloading'>['receipt'];
export type ReceiptPayload = ReceiptInput & {
  discrepancies: NonNullable<ReceiptInput['discrepancies']>;
  /** Issue 42, received by serial: what was scanned and marked damaged (the schema's last field). */
  tv_serials?: TvSerials | null;
};
export interface TvSerials {
  received: string[];
  damaged: string[];
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
    // The contract's last field of the receipt: only when received by serial.
    ...(draft.serials
      ? { tv_serials: { received: [...draft.serials.received], damaged: [...draft.serials.damaged] } }
      : {}),
  };
}

/** A needed discrepancy's title in the device's language: 'TV kurang 2' ('TV short by 2'). */
export function discrepancyTitle(d: Pick<NeededDiscrepancy, 'item' | 'reason' | 'quantity'>): string {
  return t(`handover.receipt.discrepancyTitle.${d.reason}`, {
    item: t(`common.item.${d.item}`),
    quantity: d.quantity,
  });
}
