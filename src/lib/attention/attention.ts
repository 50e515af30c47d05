// The folder src/lib/attention: "Perlu perhatian", the rules (this file, pure) and their live
// inputs for the dashboard's board and the bell (attention-live.ts).
//
// "Perlu perhatian" (issue 30): what needs a person, computed on the device from its
// working set, the devices' sync reports and the thresholds an admin set (Settings).
// Pure: the dashboard's board and the bell give it their rows and a clock.
//   - a shipment on its way (status otw_*) whose ETA day (on its destination's clock: WIB,
//     WITA at Makassar) ended more than the
//     ETA grace ago; handled when it arrives (Confirm Tiba);
//   - a truck queued at a hub (Siap Muat, not loading) longer than that hub's waiting
//     threshold; handled by Proses Muat;
//   - a shipment arrived at a hub (Confirm Tiba) and not yet unloading for longer than
//     that threshold; handled by Mulai Bongkar;
//   - a hub user's device whose last sync the server recorded longer ago than the device
//     threshold; handled when it syncs again;
//   - an open discrepancy of a counted receipt (issue 28), at once; handled when tower
//     control or an admin resolves it (the dashboard's Selisih terbuka).
import type { Hub, Shipment, Vehicle } from '../../../sync/pure';
import { accessDenial, type Viewer } from '../session/access';
import {
  describeDiscrepancy,
  mayResolve,
  openDiscrepancies,
  reportedAt,
  type DiscrepancyLike,
} from '../handover/discrepancies';
import { deriveHubType } from '../session/hub-info';
import { t } from '../i18n';
import {
  HUB_ROUTES,
  hubSlugForType,
  podShipmentViewPath,
  shipmentViewPath,
  type HubSlug,
  type TabSlug,
} from '../hub-routes';
import { WIB, zoneOfHub, type TimeZone } from '../time-zone';

export interface AttentionThresholds {
  etaGraceMinutes: number;
  waitingMinutes: number;
  /** Per hub id, over waitingMinutes. */
  waitingByHub: Readonly<Record<string, number>>;
  deviceSilentMinutes: number;
}

/** As the server's attention_settings() answers them (snake case, minutes). */
export interface AttentionSettingsRow {
  eta_grace_minutes?: unknown;
  waiting_minutes?: unknown;
  waiting_by_hub?: unknown;
  device_silent_minutes?: unknown;
}

export const DEFAULT_THRESHOLDS: AttentionThresholds = {
  etaGraceMinutes: 0,
  waitingMinutes: 120,
  waitingByHub: {},
  deviceSilentMinutes: 240,
};

const minutes = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback;

/** The server's row as thresholds; whatever is missing or malformed keeps its default. */
export function thresholdsFrom(row: AttentionSettingsRow | null | undefined): AttentionThresholds {
  const byHub: Record<string, number> = {};
  if (row?.waiting_by_hub && typeof row.waiting_by_hub === 'object') {
    for (const [hub, value] of Object.entries(row.waiting_by_hub as Record<string, unknown>)) {
      if (typeof value === 'number' && Number.isInteger(value) && value > 0) byHub[hub] = value;
    }
  }
  return {
    etaGraceMinutes: minutes(row?.eta_grace_minutes, DEFAULT_THRESHOLDS.etaGraceMinutes),
    waitingMinutes:
      minutes(row?.waiting_minutes, DEFAULT_THRESHOLDS.waitingMinutes) || DEFAULT_THRESHOLDS.waitingMinutes,
    waitingByHub: byHub,
    deviceSilentMinutes:
      minutes(row?.device_silent_minutes, DEFAULT_THRESHOLDS.deviceSilentMinutes) ||
      DEFAULT_THRESHOLDS.deviceSilentMinutes,
  };
}

/** A device's report as device_sync_report_list() answers it. */
export interface DeviceReport {
  device_id: string;
  user_id: string;
  email: string | null;
  full_name: string | null;
  hub_id: string | null;
  last_sync_at: string;
  outbox_size: number;
  app_version: string | null;
}

/** A shipment whose receipt's named files have not arrived, as evidence_awaited() answers it. */
export interface EvidenceAwaited {
  shipment_id: string;
  batch_number: string;
  /** Where it was counted (the shipment's destination). */
  hub_id: string | null;
  /** When the first of the files was named (the receipt stored, a discrepancy reported). */
  named_at: string;
  /** How many named files have no document yet. */
  missing: number;
}

export type AttentionKind = 'eta' | 'waiting_load' | 'waiting_unload' | 'discrepancy' | 'evidence' | 'device';

export interface AttentionItem {
  kind: AttentionKind;
  /** The row it is about: a shipment, a vehicle, a device or a discrepancy id. */
  id: string;
  /** The hub it happens at (the destination for an ETA), when known. */
  hubId: string | null;
  /** What it is: a batch number, a plate, a user's e-mail, a batch and what differs. */
  subject: string;
  /**
   * How long past its threshold's start: since the ETA day ended, the truck waited, the device
   * synced, the discrepancy was reported (ms).
   */
  sinceMs: number;
  /** The device's outbox size as last reported (devices only). */
  outboxSize?: number;
  /** How many of the receipt's files have not arrived (evidence only). */
  missing?: number;
  /** Where it is handled, for this viewer; null when no screen it may open handles it. */
  href: string | null;
}

export interface AttentionInput {
  now: number;
  thresholds: AttentionThresholds;
  viewer: Viewer;
  hubs: readonly Hub[];
  /** Shipments of the working set (only those on their way or arrived matter). */
  shipments: readonly Shipment[];
  /** Vehicles of the working set (only those queued matter). */
  vehicles: readonly Vehicle[];
  /** The devices' reports (none while they could not be read). */
  devices: readonly DeviceReport[];
  /**
   * When the reports were read, if that is long ago (an offline tower): a device's silence is
   * measured up to then, not now, since a report after it may exist. Now by default.
   */
  devicesAsOf?: number;
  /** The discrepancies on the device (only the open ones matter; issue 28). */
  discrepancies?: readonly DiscrepancyLike[];
  /** Batch numbers by shipment id, for the discrepancies' shipments. */
  batches?: ReadonlyMap<string, string>;
  /** The receipts whose files have not arrived (none while they could not be read). */
  evidence?: readonly EvidenceAwaited[];
  /** When that list was read, if long ago (as devicesAsOf). Now by default. */
  evidenceAsOf?: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function instant(value: string | null | undefined): number | null {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : t;
}

// Indonesia keeps no daylight saving time: each zone is a fixed offset.
const OFFSET: Record<TimeZone, string> = {
  'Asia/Jakarta': '+07:00',
  'Asia/Makassar': '+08:00',
  'Asia/Jayapura': '+09:00',
};

/** When an ETA date (yyyy-MM-dd) ends on the zone's clock (WIB by default), or null for none or a malformed one. */
export function etaDayEnd(eta: string | null | undefined, zone: TimeZone = WIB): number | null {
  if (!eta || !/^\d{4}-\d{2}-\d{2}$/.test(eta)) return null;
  const start = Date.parse(`${eta}T00:00:00${OFFSET[zone]}`);
  return Number.isNaN(start) ? null : start + DAY;
}

export function waitingMinutesAt(thresholds: AttentionThresholds, hubId: string | null): number {
  return (hubId && thresholds.waitingByHub[hubId]) || thresholds.waitingMinutes;
}

/**
 * Where this viewer works on a hub: its operations screen (the route of its type, by slug) or
 * the POD screen; null for a deleted hub, one of no type, or a screen the viewer may not open.
 * The one rule behind hubTab and shipmentHref.
 */
function hubRoute(
  hub: Hub | undefined,
  viewer: Viewer,
): { pod: true } | { pod: false; slug: HubSlug } | null {
  if (!hub || hub.deleted) return null;
  const hubType = deriveHubType(hub);
  if (hubType === 'pod') return accessDenial({ kind: 'pod' }, viewer) === null ? { pod: true } : null;
  const slug = hubSlugForType(hubType);
  if (!slug || accessDenial({ kind: 'hub-operations', hubType }, viewer) !== null) return null;
  return { pod: false, slug };
}

/** The hub's operations tab for this viewer, the POD screen for a POD hub, else null. */
function hubTab(hub: Hub | undefined, tab: TabSlug, viewer: Viewer): string | null {
  const route = hubRoute(hub, viewer);
  if (!route) return null;
  if (route.pod) return '/pod';
  return HUB_ROUTES[route.slug].tabs.includes(tab) ? `/${route.slug}/${tab}` : null;
}

const KIND_ORDER: Record<AttentionKind, number> = {
  eta: 0,
  waiting_unload: 1,
  waiting_load: 2,
  discrepancy: 3,
  evidence: 4,
  device: 5,
};

/** Where an open discrepancy is resolved: the dashboard's Selisih terbuka, for those who may. */
export function discrepancyHref(id: string, viewer: Viewer): string | null {
  return mayResolve(viewer.role) ? `/?selisih=${encodeURIComponent(id)}` : null;
}

/** A shipment's own view where it was counted, for this viewer (the hub's or the POD's), else null. */
export function shipmentHref(hub: Hub | undefined, shipmentId: string, viewer: Viewer): string | null {
  const route = hubRoute(hub, viewer);
  if (!route) return null;
  return route.pod ? podShipmentViewPath(shipmentId) : shipmentViewPath(route.slug, shipmentId);
}

/**
 * Every item, by kind (ETA, unloading, loading, discrepancies, evidence, devices), the longest
 * waiting first within a kind.
 */
export function attentionItems(input: AttentionInput): AttentionItem[] {
  const { now, thresholds, viewer } = input;
  const hubsById = new Map(input.hubs.map((h) => [h.id, h]));
  const items: AttentionItem[] = [];

  for (const s of input.shipments) {
    if (s.deleted) continue;
    if (s.status.startsWith('otw_')) {
      const end = etaDayEnd(s.eta, zoneOfHub(hubsById.get(s.destination_hub_id)));
      if (end !== null && now - end > thresholds.etaGraceMinutes * MINUTE) {
        items.push({
          kind: 'eta',
          id: s.id,
          hubId: s.destination_hub_id,
          subject: s.batch_number,
          sinceMs: now - end,
          href: `/in-transit-detail?open=${s.id}`,
        });
      }
    } else if (s.status === 'confirm_tiba' && !s.unloading_started_at) {
      const since = instant(s.arrival_gdt);
      const hubId = s.current_hub_id ?? s.destination_hub_id;
      if (since !== null && now - since > waitingMinutesAt(thresholds, hubId) * MINUTE) {
        items.push({
          kind: 'waiting_unload',
          id: s.id,
          hubId,
          subject: s.batch_number,
          sinceMs: now - since,
          href: hubTab(hubsById.get(hubId), 'arrival', viewer),
        });
      }
    }
  }

  for (const v of input.vehicles) {
    if (v.deleted || !v.is_active || !v.siap_muat || v.sedang_muat || v.loading_started_at) continue;
    const since = instant(v.queued_at);
    if (since === null || !v.current_hub_id) continue;
    if (now - since > waitingMinutesAt(thresholds, v.current_hub_id) * MINUTE) {
      items.push({
        kind: 'waiting_load',
        id: v.id,
        hubId: v.current_hub_id,
        subject: v.license_plate,
        sinceMs: now - since,
        href: hubTab(hubsById.get(v.current_hub_id), 'ready', viewer),
      });
    }
  }

  for (const d of openDiscrepancies(input.discrepancies ?? [])) {
    const since = instant(reportedAt(d));
    items.push({
      kind: 'discrepancy',
      id: d.id,
      hubId: d.destination_hub_id,
      subject: `${input.batches?.get(d.shipment_id) ?? '-'} · ${describeDiscrepancy(d)}`,
      sinceMs: since === null ? 0 : Math.max(0, now - since),
      href: discrepancyHref(d.id, viewer),
    });
  }

  const evidenceAsOf = Math.min(now, input.evidenceAsOf ?? now);
  for (const e of input.evidence ?? []) {
    const since = instant(e.named_at);
    if (since === null || !(e.missing > 0)) continue;
    if (evidenceAsOf - since > thresholds.deviceSilentMinutes * MINUTE) {
      items.push({
        kind: 'evidence',
        id: e.shipment_id,
        hubId: e.hub_id,
        subject: e.batch_number,
        sinceMs: evidenceAsOf - since,
        missing: e.missing,
        href: shipmentHref(e.hub_id ? hubsById.get(e.hub_id) : undefined, e.shipment_id, viewer),
      });
    }
  }

  const usersPage = accessDenial({ kind: 'users' }, viewer) === null;
  const asOf = Math.min(now, input.devicesAsOf ?? now);
  for (const d of input.devices) {
    const since = instant(d.last_sync_at);
    if (since === null) continue;
    if (asOf - since > thresholds.deviceSilentMinutes * MINUTE) {
      items.push({
        kind: 'device',
        id: d.device_id,
        hubId: d.hub_id,
        subject: d.full_name ? `${d.full_name} (${d.email ?? '-'})` : (d.email ?? d.user_id),
        sinceMs: asOf - since,
        outboxSize: d.outbox_size,
        href: usersPage ? '/users' : null,
      });
    }
  }

  return items.sort(
    (a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || b.sinceMs - a.sinceMs || a.id.localeCompare(b.id),
  );
}

/**
 * '45 detik', '12 menit', '2 jam 5 menit', '1 hari 3 jam' (floored), as the hub screens say
 * durations; in the device's language at the moment it is called.
 */
export function formatSince(totalMs: number): string {
  const seconds = Math.max(0, Math.floor(totalMs / 1000));
  if (seconds < 60) return t('tower.duration.seconds', { count: seconds });
  const mins = Math.floor(seconds / 60);
  if (mins < 60) return t('tower.duration.minutes', { count: mins });
  const hours = Math.floor(mins / 60);
  if (hours < 24)
    return mins % 60
      ? t('tower.duration.hoursMinutes', { hours, minutes: mins % 60 })
      : t('tower.duration.hours', { count: hours });
  const days = Math.floor(hours / 24);
  return hours % 24
    ? t('tower.duration.daysHours', { days, hours: hours % 24 })
    : t('tower.duration.days', { count: days });
}
