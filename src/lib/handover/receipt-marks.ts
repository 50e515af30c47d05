// Issue 41: counts that mean something. Once a shipment is received (its counted receipt
// stored with the completion), the screens show what arrived beside what was sent, and a mark
// for each shortage, surplus or damage: "11/12 TV · 7 Bracket" with "Kurang 1 TV".
// Pure, from what a device holds: the shipment keeps the sent counts, and the receipt's
// discrepancy rows (the `discrepancies` collection: kurang, lebih, rusak with their
// quantities) are exactly what the counts called for (sync/commands/handover-receipt.ts,
// checkReceipt), so received = sent - kurang + lebih and damaged = rusak, per item. A resolved
// discrepancy stays a fact of the count; only the dashboard's figure counts open ones.
// The receipts themselves are not replicated (supabase/schemas/tables/shipment_receipts.sql).
import { formatNumber } from '../format-date';
import { describeDiscrepancy, ITEM_LABEL, type DiscrepancyLike } from './discrepancies';

export const MARK_ITEMS = ['smartboard', 'bracket'] as const;
export const MARK_REASONS = ['kurang', 'lebih', 'rusak'] as const;
export type MarkItem = (typeof MARK_ITEMS)[number];
export type MarkReason = (typeof MARK_REASONS)[number];

export interface ItemCount {
  sent: number;
  received: number;
  damaged: number;
}

export interface ReceiptMark {
  item: MarkItem;
  reason: MarkReason;
  quantity: number;
}

export interface ReceivedCounts {
  smartboard: ItemCount;
  bracket: ItemCount;
  /** Item by item (TV, then Bracket), kurang, lebih, rusak; only those above zero. */
  marks: ReceiptMark[];
}

/** The fields of a shipment these read. */
export interface ReceivedShipment {
  id: string;
  smartboard_quantity: number;
  bracket_quantity: number;
  selesai_bongkar: boolean;
  deleted?: boolean;
}

const isItem = (item: string): item is MarkItem => (MARK_ITEMS as readonly string[]).includes(item);
const isReason = (reason: string): reason is MarkReason =>
  (MARK_REASONS as readonly string[]).includes(reason);

/** Sums by item and reason (the given rows only: the caller picks the shipment or the hub). */
function sums(rows: readonly DiscrepancyLike[]): Record<MarkItem, Record<MarkReason, number>> {
  const total = {
    smartboard: { kurang: 0, lebih: 0, rusak: 0 },
    bracket: { kurang: 0, lebih: 0, rusak: 0 },
  };
  for (const d of rows) {
    if (d.deleted || !isItem(d.item) || !isReason(d.reason)) continue;
    total[d.item][d.reason] += d.quantity;
  }
  return total;
}

function marksOf(total: Record<MarkItem, Record<MarkReason, number>>): ReceiptMark[] {
  return MARK_ITEMS.flatMap((item) =>
    MARK_REASONS.filter((reason) => total[item][reason] > 0).map((reason) => ({
      item,
      reason,
      quantity: total[item][reason],
    })),
  );
}

/**
 * What arrived of a received shipment, from its discrepancies (rows of other shipments are
 * ignored); null while it has not been received (no receipt yet).
 */
export function receivedCounts(
  shipment: ReceivedShipment,
  discrepancies: readonly DiscrepancyLike[],
): ReceivedCounts | null {
  if (!shipment.selesai_bongkar || shipment.deleted) return null;
  const total = sums(discrepancies.filter((d) => d.shipment_id === shipment.id));
  const item = (name: MarkItem, sent: number): ItemCount => ({
    sent,
    received: Math.max(sent - total[name].kurang + total[name].lebih, 0),
    damaged: total[name].rusak,
  });
  return {
    smartboard: item('smartboard', shipment.smartboard_quantity),
    bracket: item('bracket', shipment.bracket_quantity),
    marks: marksOf(total),
  };
}

/**
 * The open discrepancies of the shipments received at a hub (its destination), summed by item
 * and reason: what the dashboard's hub card marks until tower control resolves them.
 */
export function openMarksOfHub(discrepancies: readonly DiscrepancyLike[], hubId: string): ReceiptMark[] {
  return marksOf(sums(discrepancies.filter((d) => d.status === 'open' && d.destination_hub_id === hubId)));
}

/** One item as a card shows it: "11/12 TV" when what arrived differs from what was sent, else "12 TV". */
export function itemText(item: MarkItem, count: ItemCount): string {
  const label = ITEM_LABEL[item] ?? item;
  // Numbers and a label only (the same in both languages): no catalogue template.
  return count.received === count.sent
    ? `${formatNumber(count.received)} ${label}`
    : `${formatNumber(count.received)}/${formatNumber(count.sent)} ${label}`;
}

/** "11/12 TV · 7 Bracket". */
export function receivedText(counts: ReceivedCounts): string {
  return MARK_ITEMS.map((item) => itemText(item, counts[item])).join(' · ');
}

/** "Kurang 1 TV". */
export const markText = (mark: ReceiptMark): string => describeDiscrepancy(mark);

/** "11/12 TV · 7 Bracket (Kurang 1 TV, Rusak 2 Bracket)": one cell of an export. */
export function receiptCell(counts: ReceivedCounts | null): string {
  if (!counts) return '-';
  const text = receivedText(counts);
  return counts.marks.length === 0 ? text : `${text} (${counts.marks.map(markText).join(', ')})`;
}
