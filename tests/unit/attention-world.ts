// What the attention tests share (attention, attention-discrepancies): the moment they look
// at, the viewers, and the input of Perlu perhatian with nothing in it but what a test puts.
import type { Viewer } from '../../src/lib/session/access';
import { DEFAULT_THRESHOLDS, type AttentionInput } from '../../src/lib/attention/attention';
import { deriveHubInfo } from '../../src/lib/session/hub-info';

// 2026-11-26 10:00 WIB.
export const NOW = Date.parse('2026-11-26T03:00:00Z');
export const H = 3_600_000;

export const tower: Viewer = { role: 'tower_control', hubId: null, hubInfo: deriveHubInfo(null) };
export const admin: Viewer = { role: 'admin', hubId: null, hubInfo: deriveHubInfo(null) };
export const karawangUser: Viewer = {
  role: 'hub_user',
  hubId: 'h-krw',
  hubInfo: deriveHubInfo({ name: 'Hub Karawang', city: 'Karawang', type: 'karawang' }),
};

/** Karawang, Cikarang and POD Makassar, as the tests' hubs. */
export const HUBS = [
  { id: 'h-krw', name: 'Hub Karawang', city: 'Karawang', type: 'karawang', deleted: false },
  { id: 'h-ckr', name: 'Hub Cikarang', city: 'Cikarang', type: 'cikarang', deleted: false },
  { id: 'h-mks', name: 'POD Makassar', city: 'Makassar', type: 'pod', deleted: false },
] as never[];

/** Tower control's input at NOW with the default thresholds: empty but for `over`. */
export const attentionInput = (over: Partial<AttentionInput>): AttentionInput => ({
  now: NOW,
  thresholds: DEFAULT_THRESHOLDS,
  viewer: tower,
  hubs: [],
  shipments: [],
  vehicles: [],
  devices: [],
  ...over,
});

/** A truck queued at Hub Karawang, Siap Muat (`over`: what differs). */
export const vehicle = (over: Record<string, unknown>) =>
  ({
    id: 'v1',
    license_plate: 'B 1 AA',
    deleted: false,
    is_active: true,
    siap_muat: true,
    sedang_muat: false,
    queued_at: null,
    loading_started_at: null,
    current_hub_id: 'h-krw',
    ...over,
  }) as never;
