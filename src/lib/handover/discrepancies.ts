// Issue 28: the discrepancies of a counted receipt (selisih) as the screens show them: what,
// how many, why, who reported and when, and whether tower control or an admin has resolved
// it. Pure: the dashboard's "Selisih terbuka", the shipment detail and the hub page give it
// the device's rows (the `discrepancies` collection, scoped by the server to admin, tower
// control and the shipment's origin and destination hubs). The UI strings are listed here.
import type { Role } from '../roles';

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

// --- strings (Indonesian, in the style of the spec's messages) ---
export const DISCREPANCY_OPEN_TITLE = 'Selisih terbuka';
export const DISCREPANCY_HUB_TITLE = 'Selisih pengiriman';
export const DISCREPANCY_SECTION_TITLE = 'Selisih';
export const DISCREPANCY_NONE_OPEN = 'Tidak ada selisih terbuka saat ini.';
export const DISCREPANCY_NONE = 'Belum ada selisih untuk pengiriman hub ini.';
export const DISCREPANCY_OPEN = 'Terbuka';
export const DISCREPANCY_RESOLVED = 'Selesai';
export const RESOLVE_LABEL = 'Selesaikan';
export const RESOLVE_TITLE = 'Selesaikan Selisih';
export const RESOLVE_SUBMIT = 'Simpan Penyelesaian';
export const RESOLVE_NOTE_LABEL = 'Catatan penyelesaian';
export const RESOLVE_NOTE_HINT =
  'Tindak lanjut yang disepakati, misalnya klaim ke vendor atau kiriman susulan.';
export const RESOLVED_TOAST = 'Selisih berhasil diselesaikan';
export const PHOTOS_LABEL = 'Foto bukti';
export const WAITING_SYNC = 'menunggu sinkron';
export const STAFF_FALLBACK = 'tower control / admin';

export const ITEM_LABEL: Record<string, string> = { smartboard: 'TV', bracket: 'Bracket' };
export const REASON_LABEL: Record<string, string> = { kurang: 'Kurang', lebih: 'Lebih', rusak: 'Rusak' };

/** 'Kurang 2 TV', 'Rusak 1 Bracket'. */
export function describeDiscrepancy(d: Pick<DiscrepancyLike, 'item' | 'reason' | 'quantity'>): string {
  return `${REASON_LABEL[d.reason] ?? d.reason} ${d.quantity} ${ITEM_LABEL[d.item] ?? d.item}`;
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

/** "Diselesaikan oleh X, 26/11/2026 10.00: catatan" is composed by the screen; this is its first part. */
export function resolvedByText(d: DiscrepancyLike, names: ReadonlyMap<string, string>): string {
  return `Diselesaikan oleh ${nameOf(d.resolved_by, names, STAFF_FALLBACK)}`;
}
