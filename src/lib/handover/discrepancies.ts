// Issue 28: the discrepancies of a counted receipt (selisih) as the screens show them: what,
// how many, why, who reported and when, and whether tower control or an admin has resolved
// it. Pure: the dashboard's "Selisih terbuka", the shipment detail and the hub page give it
// the device's rows (the `discrepancies` collection, scoped by the server to admin, tower
// control and the shipment's origin and destination hubs). The UI strings come from the catalogue.
import { t } from '../i18n';
import type { Role } from '../session/roles';

/** The fields of a `discrepancies` row the screens read (sync/model/rows.ts has the whole row). */
export interface DiscrepancyLike {
  id: string;
  shipment_id: string;
  item: 'smartboard' | 'bracket' | string;
  reason: 'kurang' | 'lebih' | 'rusak' | string;
  quantity: number;
  note?: string | null;
  photo_ids?: readonly string[] | null;
  origin_hub_id: string;
  destination_hub_id: string;
  reported_by?: string | null;
  reported_at?: string | null;
  created_at?: string | null;
  status: 'open' | 'resolved' | string;
  resolved_by?: string | null;
  resolved_at?: string | null;
  resolution_note?: string | null;
  deleted?: boolean;
}

// Titles and empty texts are read from the catalogue where shown (handover.discrepancies).

const ITEMS = ['smartboard', 'bracket'] as const;
const REASONS = ['kurang', 'lebih', 'rusak'] as const;
type Reason = (typeof REASONS)[number];
const isReason = (reason: string): reason is Reason => (REASONS as readonly string[]).includes(reason);

/** An item's name ('TV', 'Bracket'), in the device's language when read. */
export const ITEM_LABEL: Record<string, string> = Object.defineProperties(
  {},
  Object.fromEntries(ITEMS.map((item) => [item, { enumerable: true, get: () => t(`common.item.${item}`) }])),
);
/** A reason's name ('Kurang', 'Lebih', 'Rusak'), in the device's language when read. */
export const REASON_LABEL: Record<string, string> = Object.defineProperties(
  {},
  Object.fromEntries(
    REASONS.map((reason) => [reason, { enumerable: true, get: () => t(`common.reason.${reason}`) }]),
  ),
);

/** 'Kurang 2 TV', 'Rusak 1 Bracket'. */
export function describeDiscrepancy(d: Pick<DiscrepancyLike, 'item' | 'reason' | 'quantity'>): string {
  const item = ITEM_LABEL[d.item] ?? d.item;
  return isReason(d.reason)
    ? t(`handover.discrepancies.describe.${d.reason}`, { quantity: d.quantity, item })
    : `${d.reason} ${d.quantity} ${item}`;
}

/** Only tower control and admins resolve (the server refuses everyone else). */
export function mayResolve(role: Role): boolean {
  return role === 'admin' || role === 'tower_control';
}

/** When it was reported: the server's time once synced, the row's own time before. */
export function reportedAt(d: DiscrepancyLike): string | null {
  return d.reported_at ?? d.created_at ?? null;
}

const time = (value: string | null | undefined) => {
  const t = value ? Date.parse(value) : NaN;
  return Number.isNaN(t) ? 0 : t;
};

/** The open ones, the longest waiting first. */
export function openDiscrepancies<D extends DiscrepancyLike>(rows: readonly D[]): D[] {
  return rows
    .filter((d) => !d.deleted && d.status === 'open')
    .sort((a, b) => time(reportedAt(a)) - time(reportedAt(b)) || a.id.localeCompare(b.id));
}

/**
 * The discrepancies of shipments from or to a hub (open first, then the latest resolved),
 * or of every hub for null (staff).
 */
export function discrepanciesOfHub<D extends DiscrepancyLike>(rows: readonly D[], hubId: string | null): D[] {
  return rows
    .filter(
      (d) => !d.deleted && (hubId === null || d.origin_hub_id === hubId || d.destination_hub_id === hubId),
    )
    .sort(
      (a, b) =>
        Number(a.status !== 'open') - Number(b.status !== 'open') ||
        (a.status === 'open'
          ? time(reportedAt(a)) - time(reportedAt(b))
          : time(b.resolved_at) - time(a.resolved_at)) ||
        a.id.localeCompare(b.id),
    );
}

/** A shipment's discrepancies, in the order the receipt listed them (item, then reason). */
export function discrepanciesOfShipment<D extends DiscrepancyLike>(
  rows: readonly D[],
  shipmentId: string,
): D[] {
  const itemOrder = (item: string) => (item === 'smartboard' ? 0 : 1);
  return rows
    .filter((d) => !d.deleted && d.shipment_id === shipmentId)
    .sort(
      (a, b) =>
        itemOrder(a.item) - itemOrder(b.item) || a.reason.localeCompare(b.reason) || a.id.localeCompare(b.id),
    );
}

/**
 * Who a user id is, as far as this device knows: the signed-in user, a profile it holds (an
 * admin's device holds every profile), else the fallback.
 */
export function nameOf(
  userId: string | null | undefined,
  names: ReadonlyMap<string, string>,
  fallback: string,
): string {
  if (!userId) return fallback;
  return names.get(userId) ?? fallback;
}

/** Who resolved it: 'Diselesaikan oleh X' (the screen adds when and the note). */
export function resolvedByText(d: DiscrepancyLike, names: ReadonlyMap<string, string>): string {
  return t('handover.discrepancies.resolvedBy', { who: resolverName(d, names) });
}

/** The resolver's name as far as this device knows, else 'tower control / admin'. */
export function resolverName(d: DiscrepancyLike, names: ReadonlyMap<string, string>): string {
  return nameOf(d.resolved_by, names, t('handover.discrepancies.staffFallback'));
}
