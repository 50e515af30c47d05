// The counted receipt of an unloading (issue 28): the optional `receipt` of
// complete_unloading and pod_complete. One pure rule checker, checkReceipt, is used by
// the zod schema (without the sent counts: the payload alone), by the predictions (with
// the shipment's sent counts) and by the receipt form (per field, before anything is
// queued). The server checks the same rules in the same order with the same messages:
// supabase/schemas/functions/cmd_handover.sql (public.handover_receipt).
// Issue 42: a shipment loaded by serial is received by serial (the receipt's tv_serials; its
// rules in sync/domain/serials.ts checkReceiptSerials, its units' moves in handover-serials.ts).
import { z } from 'zod';
import { CommandRefused } from '../errors';
import { KEY, keyed, type KeyedMessage, type MessageKey } from '../message';
import { discrepancyMessage } from '../messages-handover';
import { checkReceiptSerials, type ReceiptSerials, type SerialTally } from '../domain/serials';
import type { Discrepancy, Shipment } from '../model/rows';
import { actedAt, cleanText, newId, newRowStamp, uuid } from './helpers';
import { discrepancySerials, loadedUnits, serialsOf, unitMoves } from './handover-serials';
import { charLength } from './text-bounds';
import type { Change, PredictContext } from './types';

export const RECEIPT_ITEMS = ['smartboard', 'bracket'] as const satisfies readonly Discrepancy['item'][];
export const DISCREPANCY_REASONS = [
  'kurang',
  'lebih',
  'rusak',
] as const satisfies readonly Discrepancy['reason'][];
export const MAX_COUNT = 100_000;
export const MAX_NAME = 100;
export const MAX_NOTE = 500;
export const MAX_PHOTOS = 10;
/** At most one kurang or lebih and one rusak per item. */
export const MAX_DISCREPANCIES = 6;

export type ReceiptItem = Discrepancy['item'];
export type DiscrepancyReason = Discrepancy['reason'];
export type CountField = `${ReceiptItem}_${'received' | 'damaged'}`;
export const COUNT_FIELDS: readonly CountField[] = [
  'smartboard_received',
  'bracket_received',
  'smartboard_damaged',
  'bracket_damaged',
];

/** What the shipment says was sent. */
export interface SentCounts {
  smartboard: number;
  bracket: number;
}

/**
 * What the shipment says was sent, with (issue 42) its loaded serials: the serials of its units
 * in transit on it, normal form. Non-empty: received by serial; []: by count, no serial may be
 * sent; absent: not known here (the serial rules are left to the server).
 */
export interface ShipmentSent extends SentCounts {
  serials?: readonly string[];
}

export interface ReceiptDiscrepancy {
  id: string;
  item: ReceiptItem;
  reason: DiscrepancyReason;
  quantity: number;
  note?: string | null;
  photo_ids: readonly string[];
}

/** The receipt as the command carries it (the form's values, numbers parsed). */
export interface ReceiptValues extends Record<CountField, number> {
  receipt_id: string;
  receiver_name: string;
  driver_name: string;
  /** The shipment_documents ids the signatures get; empty while not signed. */
  receiver_signature_id: string;
  driver_signature_id: string;
  signed_at: string;
  discrepancies: readonly ReceiptDiscrepancy[];
  /** Issue 42: the serials scanned (received) and marked damaged; a receipt by count has none. */
  tv_serials?: ReceiptSerials | null;
}

/** A rule broken: the field it belongs to (as the payload names it) and the message. */
export interface ReceiptProblem {
  path: (string | number)[];
  message: KeyedMessage;
}

export interface NeededDiscrepancy {
  item: ReceiptItem;
  reason: DiscrepancyReason;
  quantity: number;
  /** Issue 42, a receipt by serial: the TVs this discrepancy names (only on a TV row then). */
  serials?: string[];
}

/**
 * The tally of a receipt by serial (issue 42): null by count, or while its serials break a
 * rule (checkReceipt says which).
 */
export function receiptTally(
  sent: ShipmentSent,
  counts: Pick<ReceiptValues, CountField | 'tv_serials'>,
): SerialTally | null {
  if (!sent.serials) return null;
  return checkReceiptSerials(sent.serials, counts.tv_serials, counts).tally;
}

/**
 * The discrepancies the counts call for, item by item (TV, then bracket), kurang, lebih, rusak.
 * By serial (issue 42) the TV ones come from the tally and name their serials.
 */
export function neededDiscrepancies(
  sent: ShipmentSent,
  counts: Pick<ReceiptValues, CountField | 'tv_serials'>,
): NeededDiscrepancy[] {
  const tally = receiptTally(sent, counts);
  const needed: NeededDiscrepancy[] = [];
  for (const item of RECEIPT_ITEMS) {
    for (const reason of DISCREPANCY_REASONS) {
      const quantity = expectedQuantity(sent, counts, item, reason, tally);
      if (quantity > 0)
        needed.push(
          tally && item === 'smartboard'
            ? { item, reason, quantity, serials: discrepancySerials(tally, { item, reason }) }
            : { item, reason, quantity },
        );
    }
  }
  return needed;
}

function expectedQuantity(
  sent: SentCounts,
  counts: Pick<ReceiptValues, CountField>,
  item: ReceiptItem,
  reason: DiscrepancyReason,
  tally: SerialTally | null = null,
): number {
  if (tally && item === 'smartboard') return discrepancySerials(tally, { item, reason }).length;
  const received = counts[`${item}_received`];
  if (reason === 'kurang') return Math.max(sent[item] - received, 0);
  if (reason === 'lebih') return Math.max(received - sent[item], 0);
  return counts[`${item}_damaged`];
}

const isCount = (n: unknown): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= MAX_COUNT;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isId = (s: unknown): s is string => typeof s === 'string' && UUID.test(s);
const trimmed = (s: unknown) => (typeof s === 'string' ? cleanText(s).trim() : '');

/**
 * Every broken rule of a receipt, in the server's order (its first is the server's refusal):
 * the counts, the names, the signatures, each discrepancy's quantity, note and photos;
 * damaged within received; given the loaded serials (issue 42), the rules of the serials
 * (checkReceiptSerials); and, given what was sent, exactly the discrepancies the counts (by
 * serial: the tally) call for. Empty when the receipt may be sent.
 */
export function checkReceipt(receipt: ReceiptValues, sent?: ShipmentSent): ReceiptProblem[] {
  const problems: ReceiptProblem[] = [];
  const add = (path: ReceiptProblem['path'], message: MessageKey | KeyedMessage) =>
    problems.push({ path, message: typeof message === 'string' ? keyed(message) : message });
  for (const field of COUNT_FIELDS) if (!isCount(receipt[field])) add([field], KEY.handover.quantityRange);
  const name = (field: 'receiver_name' | 'driver_name', missing: MessageKey) => {
    const value = trimmed(receipt[field]);
    if (value === '') add([field], missing);
    else if (charLength(value) > MAX_NAME) add([field], KEY.handover.nameTooLong);
  };
  name('receiver_name', KEY.handover.receiverNameRequired);
  name('driver_name', KEY.handover.driverNameRequired);
  if (!isId(receipt.receiver_signature_id)) add(['receiver_signature_id'], KEY.handover.receiverSignature);
  if (!isId(receipt.driver_signature_id)) add(['driver_signature_id'], KEY.handover.driverSignature);
  receipt.discrepancies.forEach((d, i) => {
    if (!(Number.isInteger(d.quantity) && d.quantity >= 1 && d.quantity <= MAX_COUNT))
      add(['discrepancies', i, 'quantity'], KEY.handover.discrepancyRange);
    if (charLength(trimmed(d.note)) > MAX_NOTE) add(['discrepancies', i, 'note'], KEY.handover.noteTooLong);
    if (d.photo_ids.length === 0) add(['discrepancies', i, 'photo_ids'], KEY.handover.photoRequired);
    else if (d.photo_ids.length > MAX_PHOTOS) add(['discrepancies', i, 'photo_ids'], KEY.handover.maxPhotos);
  });
  for (const item of RECEIPT_ITEMS) {
    const received = receipt[`${item}_received`];
    const damaged = receipt[`${item}_damaged`];
    if (isCount(received) && isCount(damaged) && damaged > received)
      add([`${item}_damaged`], KEY.handover.damagedOverReceived);
  }
  if (!sent) return problems;
  let tally: SerialTally | null = null;
  if (sent.serials) {
    const serial = checkReceiptSerials(sent.serials, receipt.tv_serials, receipt);
    problems.push(...serial.problems);
    tally = serial.tally;
  }
  if (problems.length > 0) return problems;
  for (const item of RECEIPT_ITEMS) {
    for (const reason of DISCREPANCY_REASONS) {
      const expected = expectedQuantity(sent, receipt, item, reason, tally);
      const index = receipt.discrepancies.findIndex((d) => d.item === item && d.reason === reason);
      const count = receipt.discrepancies.filter((d) => d.item === item && d.reason === reason).length;
      if (expected > 0 && count === 0) add(['discrepancies'], discrepancyMessage('handover.recordDiscrepancy', item, reason, expected));
      else if (expected === 0 && count > 0)
        add(['discrepancies', index], discrepancyMessage('handover.noDiscrepancy', item, reason));
      else if (count > 1 || (count === 1 && receipt.discrepancies[index]!.quantity !== expected))
        add(['discrepancies', index, 'quantity'], discrepancyMessage('handover.discrepancyMustBe', item, reason, expected));
    }
  }
  return problems;
}

/** The first problem per field (the form shows one message under each). */
export function receiptFieldMessages(problems: readonly ReceiptProblem[]): Record<string, KeyedMessage> {
  const messages: Record<string, KeyedMessage> = {};
  for (const p of problems) messages[p.path.join('.')] ??= p.message;
  return messages;
}

// The schema ----------------------------------------------------------------------------

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})$/;

const count = z
  .number({ error: KEY.handover.quantityRange })
  .int({ error: KEY.handover.quantityRange })
  .min(0, { error: KEY.handover.quantityRange })
  .max(MAX_COUNT, { error: KEY.handover.quantityRange });
const name = (missing: MessageKey) =>
  z
    .string({ error: missing })
    .transform((s) => cleanText(s).trim())
    .pipe(
      z
        .string()
        .min(1, { error: missing })
        .refine((s) => charLength(s) <= MAX_NAME, { error: KEY.handover.nameTooLong }),
    );

/** A list of serials as scanned (any text: checkReceipt names the ones that are not serials). */
const serialList = z
  .array(z.string({ error: KEY.invalidCommand }), { error: KEY.invalidCommand })
  .nullish()
  .transform((list) => list ?? []);

export const discrepancyInput = z.object(
  {
    id: newId(),
    item: z.enum(RECEIPT_ITEMS, { error: KEY.invalidCommand }),
    reason: z.enum(DISCREPANCY_REASONS, { error: KEY.invalidCommand }),
    quantity: z
      .number({ error: KEY.handover.discrepancyRange })
      .int({ error: KEY.handover.discrepancyRange })
      .min(1, { error: KEY.handover.discrepancyRange })
      .max(MAX_COUNT, { error: KEY.handover.discrepancyRange }),
    note: z
      .string({ error: KEY.invalidCommand })
      .nullish()
      .transform((s) => {
        const clean = s == null ? '' : cleanText(s).trim();
        return clean === '' ? null : clean;
      })
      .pipe(
        z
          .string()
          .refine((s) => charLength(s) <= MAX_NOTE, { error: KEY.handover.noteTooLong })
          .nullable(),
      ),
    photo_ids: z
      .array(uuid(KEY.invalidCommand), { error: KEY.handover.photoRequired })
      .min(1, { error: KEY.handover.photoRequired })
      .max(MAX_PHOTOS, { error: KEY.handover.maxPhotos }),
  },
  { error: KEY.invalidCommand },
);

/**
 * The receipt's payload: its fields' types here, its rules by checkReceipt. Required (issue 40):
 * a completion without one (an older app's) is refused with receiptRequired, as on the server.
 */
export const receiptInput = z
  .object(
    {
      receipt_id: newId(),
      smartboard_received: count,
      bracket_received: count,
      smartboard_damaged: count,
      bracket_damaged: count,
      receiver_name: name(KEY.handover.receiverNameRequired),
      driver_name: name(KEY.handover.driverNameRequired),
      receiver_signature_id: uuid(KEY.handover.receiverSignature),
      driver_signature_id: uuid(KEY.handover.driverSignature),
      signed_at: z
        .string({ error: KEY.invalidCommand })
        .regex(TIMESTAMP, { error: KEY.invalidCommand }),
      discrepancies: z
        .array(discrepancyInput, { error: KEY.invalidCommand })
        .max(MAX_DISCREPANCIES, { error: KEY.invalidCommand })
        .nullish()
        .transform((d) => d ?? []),
      // Issue 42: the receipt by serial (its rules: checkReceipt given the loaded serials).
      tv_serials: z
        .object(
          {
            received: serialList,
            damaged: serialList,
          },
          { error: KEY.invalidCommand },
        )
        .nullish(),
    },
    { error: (issue) => (issue.input == null ? KEY.handover.receiptRequired : KEY.invalidCommand) },
  )
  .superRefine((r, ctx) => {
    for (const p of checkReceipt(r))
      ctx.addIssue({ code: 'custom', path: p.path, message: p.message.key, params: p.message.params });
    const ids = r.discrepancies.map((d) => d.id);
    if (r.receiver_signature_id === r.driver_signature_id || new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: [], message: KEY.invalidCommand });
  });

export type ReceiptInput = z.input<typeof receiptInput>;
export type Receipt = z.output<typeof receiptInput>;

/** What an unloading with this receipt books per item: counted in good order. */
export const bookedCounts = (r: Receipt): SentCounts => ({
  smartboard: r.smartboard_received - r.smartboard_damaged,
  bracket: r.bracket_received - r.bracket_damaged,
});

// The receipt's rows, for complete_unloading and pod_complete ------------------------------

/**
 * The discrepancy rows a counted unloading writes (open, reported by this user now); by serial
 * (issue 42) a TV row names its serials (the tally's), every other row none.
 */
export function discrepancyRows(
  ctx: PredictContext,
  s: Shipment,
  r: Receipt,
  tally: SerialTally | null = null,
): Change[] {
  return r.discrepancies.map((d) => ({
    table: 'discrepancies' as const,
    row: {
      ...newRowStamp(ctx, d.id),
      shipment_id: s.id,
      receipt_id: r.receipt_id,
      item: d.item,
      reason: d.reason,
      quantity: d.quantity,
      note: d.note,
      photo_ids: [...d.photo_ids],
      origin_hub_id: s.origin_hub_id,
      destination_hub_id: s.destination_hub_id,
      reported_by: ctx.actor.userId,
      reported_at: actedAt(ctx),
      status: 'open',
      resolved_by: null,
      resolved_at: null,
      resolution_note: null,
      serials: discrepancySerials(tally, d),
    } satisfies Discrepancy,
  }));
}

/**
 * An unloading's receipt against its shipment: the shipment as it books (its counts what was
 * counted in good order), the discrepancy rows and (issue 42, a shipment loaded by serial) its
 * units' moves (`delivered`: at a POD, handover-serials.ts unitMoves); without a receipt, the
 * shipment as sent. A broken rule: strict, refused with its message; otherwise undefined.
 */
export async function countedUnloading(
  ctx: PredictContext,
  s: Shipment,
  receipt: Receipt | null | undefined,
  strict: boolean,
  delivered = false,
): Promise<{ booked: Shipment; discrepancies: Change[]; units: Change[] } | undefined> {
  if (!receipt) return { booked: s, discrepancies: [], units: [] };
  const loaded = await loadedUnits(ctx, s);
  const sent: ShipmentSent = {
    smartboard: s.smartboard_quantity,
    bracket: s.bracket_quantity,
    ...(loaded ? { serials: serialsOf(loaded) } : {}),
  };
  const [problem] = checkReceipt(receipt, sent);
  if (problem) {
    if (strict) throw new CommandRefused('validation', problem.message);
    return undefined;
  }
  const tally = receiptTally(sent, receipt);
  const booked = bookedCounts(receipt);
  return {
    booked: { ...s, smartboard_quantity: booked.smartboard, bracket_quantity: booked.bracket },
    discrepancies: discrepancyRows(ctx, s, receipt, tally),
    units: tally && loaded ? unitMoves(s, loaded, tally, delivered) : [],
  };
}
