// "Perlu perhatian" (src/lib/attention/attention.ts, issue 30) against hand-computed cases: which
// shipments, trucks and devices need a person at a given time and thresholds, where each
// is handled, and in what order.
import { describe, expect, it } from 'vitest';
import { attentionItems, DEFAULT_THRESHOLDS, etaDayEnd, formatSince, thresholdsFrom, type AttentionInput, type DeviceReport } from '../../src/lib/attention/attention';
import { admin, attentionInput, H, HUBS as hubs, karawangUser, NOW, vehicle } from './attention-world';

const M = 60_000;

const shipment = (over: Record<string, unknown>) =>
  ({
    id: 's1',
    batch_number: 'B-1',
    status: 'otw_cikarang',
    eta: null,
    deleted: false,
    destination_hub_id: 'h-ckr',
    current_hub_id: null,
    arrival_gdt: null,
    unloading_started_at: null,
    ...over,
  }) as never;
const device = (over: Partial<DeviceReport>): DeviceReport => ({
  device_id: 'd1',
  user_id: 'u1',
  email: 'karawang@demo.local',
  full_name: null,
  hub_id: 'h-krw',
  last_sync_at: new Date(NOW).toISOString(),
  outbox_size: 0,
  app_version: null,
  ...over,
});

const input = (over: Partial<AttentionInput>): AttentionInput => attentionInput({ hubs, ...over });

describe('etaDayEnd', () => {
  it('is the next midnight in Jakarta', () => {
    expect(new Date(etaDayEnd('2026-11-25')!).toISOString()).toBe('2026-11-25T17:00:00.000Z');
    expect(new Date(etaDayEnd('2026-11-25', 'Asia/Makassar')!).toISOString()).toBe('2026-11-25T16:00:00.000Z');
    expect(etaDayEnd(null)).toBeNull();
    expect(etaDayEnd('25/11/2026')).toBeNull();
  });
});

describe('attentionItems: ETA', () => {
  it("a shipment on its way whose ETA day ended (yesterday's), not one due today or arrived", () => {
    const items = attentionItems(
      input({
        shipments: [
          shipment({ id: 'late', batch_number: 'LATE', eta: '2026-11-25' }),
          shipment({ id: 'today', eta: '2026-11-26' }),
          shipment({ id: 'none', eta: null }),
          shipment({ id: 'arrived', eta: '2026-11-20', status: 'confirm_tiba', arrival_gdt: new Date(NOW - M).toISOString() }),
          shipment({ id: 'deleted', eta: '2026-11-20', deleted: true }),
        ],
      }),
    );
    // The 25th ended at 17:00Z on the 25th: 10 hours before NOW.
    expect(items).toEqual([
      { kind: 'eta', id: 'late', hubId: 'h-ckr', subject: 'LATE', sinceMs: 10 * H, href: '/in-transit-detail?open=late' },
    ]);
  });

  it("on the destination's clock: a POD Makassar ETA ends an hour earlier (WITA)", () => {
    const items = attentionItems(
      input({ shipments: [shipment({ id: 'mks', eta: '2026-11-25', destination_hub_id: 'h-mks' })] }),
    );
    expect(items.map((i) => [i.id, i.sinceMs])).toEqual([['mks', 11 * H]]);
  });

  it('waits out the grace', () => {
    const late = [shipment({ id: 'late', eta: '2026-11-25' })];
    expect(attentionItems(input({ shipments: late, thresholds: { ...DEFAULT_THRESHOLDS, etaGraceMinutes: 10 * 60 } }))).toEqual([]);
    expect(
      attentionItems(input({ shipments: late, thresholds: { ...DEFAULT_THRESHOLDS, etaGraceMinutes: 10 * 60 - 1 } })),
    ).toHaveLength(1);
  });
});

describe('attentionItems: trucks waiting', () => {
  it("a truck queued longer than its hub's threshold, with the hub's Siap Muat tab", () => {
    const items = attentionItems(
      input({
        vehicles: [
          vehicle({ id: 'long', license_plate: 'B 9 LONG', queued_at: new Date(NOW - 2 * H - M).toISOString() }),
          vehicle({ id: 'short', queued_at: new Date(NOW - 2 * H + M).toISOString() }),
          vehicle({ id: 'loading', sedang_muat: true, queued_at: new Date(NOW - 5 * H).toISOString() }),
          vehicle({ id: 'idle', siap_muat: false, queued_at: new Date(NOW - 5 * H).toISOString() }),
        ],
      }),
    );
    expect(items).toEqual([
      { kind: 'waiting_load', id: 'long', hubId: 'h-krw', subject: 'B 9 LONG', sinceMs: 2 * H + M, href: '/hub-karawang/ready' },
    ]);
  });

  it('a per-hub threshold wins over the default', () => {
    const trucks = [vehicle({ queued_at: new Date(NOW - 40 * M).toISOString() })];
    expect(attentionItems(input({ vehicles: trucks }))).toEqual([]);
    const items = attentionItems(
      input({ vehicles: trucks, thresholds: { ...DEFAULT_THRESHOLDS, waitingByHub: { 'h-krw': 30 } } }),
    );
    expect(items.map((i) => i.id)).toEqual(['v1']);
  });

  it('a shipment arrived and not unloading past the threshold: the Confirm Tiba tab (POD: the POD screen)', () => {
    const arrived = (id: string, hub: string, ago: number) =>
      shipment({ id, status: 'confirm_tiba', current_hub_id: hub, arrival_gdt: new Date(NOW - ago).toISOString() });
    const items = attentionItems(
      input({
        shipments: [arrived('ckr', 'h-ckr', 3 * H), arrived('mks', 'h-mks', 4 * H), arrived('fresh', 'h-ckr', H)],
      }),
    );
    expect(items.map((i) => [i.kind, i.id, i.href, i.sinceMs])).toEqual([
      ['waiting_unload', 'mks', '/pod', 4 * H],
      ['waiting_unload', 'ckr', '/hub-cikarang/arrival', 3 * H],
    ]);
  });

  it("links only where the viewer may go: not another hub's tab", () => {
    const items = attentionItems(
      input({
        viewer: karawangUser,
        shipments: [shipment({ id: 'ckr', status: 'confirm_tiba', current_hub_id: 'h-ckr', arrival_gdt: new Date(NOW - 3 * H).toISOString() })],
        vehicles: [vehicle({ queued_at: new Date(NOW - 3 * H).toISOString() })],
      }),
    );
    expect(items.map((i) => [i.id, i.href])).toEqual([
      ['ckr', null],
      ['v1', '/hub-karawang/ready'],
    ]);
  });
});

describe('attentionItems: devices', () => {
  it('a device silent longer than the threshold, with its outbox; the Users page for an admin only', () => {
    const devices = [
      device({ device_id: 'old', full_name: 'Budi', last_sync_at: new Date(NOW - 5 * H).toISOString(), outbox_size: 7 }),
      device({ device_id: 'recent', last_sync_at: new Date(NOW - 3 * H).toISOString() }),
    ];
    expect(attentionItems(input({ devices }))).toEqual([
      {
        kind: 'device',
        id: 'old',
        hubId: 'h-krw',
        subject: 'Budi (karawang@demo.local)',
        sinceMs: 5 * H,
        outboxSize: 7,
        href: null,
      },
    ]);
    expect(attentionItems(input({ devices, viewer: admin }))[0]!.href).toBe('/users');
    expect(
      attentionItems(input({ devices, thresholds: { ...DEFAULT_THRESHOLDS, deviceSilentMinutes: 60 } })).map((i) => i.id),
    ).toEqual(['old', 'recent']);
  });
});

describe('attentionItems: devices, read long ago', () => {
  it('measures silence up to when the reports were read, not now (a later report may exist)', () => {
    // Synced 3 h before NOW; the reports were read 2 h before NOW (then offline).
    const devices = [device({ last_sync_at: new Date(NOW - 3 * H).toISOString() })];
    expect(attentionItems(input({ devices }))).toHaveLength(0);
    expect(attentionItems(input({ devices, thresholds: { ...DEFAULT_THRESHOLDS, deviceSilentMinutes: 150 } }))).toHaveLength(1);
    expect(
      attentionItems(
        input({ devices, devicesAsOf: NOW - 2 * H, thresholds: { ...DEFAULT_THRESHOLDS, deviceSilentMinutes: 30 } }),
      ).map((i) => i.sinceMs),
    ).toEqual([H]);
    expect(
      attentionItems(
        input({ devices, devicesAsOf: NOW - 2 * H, thresholds: { ...DEFAULT_THRESHOLDS, deviceSilentMinutes: 150 } }),
      ),
    ).toHaveLength(0);
  });
});

describe('order, thresholds and wording', () => {
  it('by kind, then the longest first', () => {
    const items = attentionItems(
      input({
        shipments: [shipment({ id: 'e1', eta: '2026-11-25' }), shipment({ id: 'e2', eta: '2026-11-20' })],
        vehicles: [vehicle({ id: 'w1', queued_at: new Date(NOW - 3 * H).toISOString() })],
        devices: [device({ last_sync_at: new Date(NOW - 9 * H).toISOString() })],
      }),
    );
    expect(items.map((i) => i.id)).toEqual(['e2', 'e1', 'w1', 'd1']);
  });

  it("the server's settings, malformed values falling back to the defaults", () => {
    expect(thresholdsFrom(null)).toEqual(DEFAULT_THRESHOLDS);
    expect(
      thresholdsFrom({
        eta_grace_minutes: 30,
        waiting_minutes: '5',
        waiting_by_hub: { 'h-krw': 45, 'h-ckr': -1, 'h-x': 'a' },
        device_silent_minutes: 0,
      }),
    ).toEqual({ etaGraceMinutes: 30, waitingMinutes: 120, waitingByHub: { 'h-krw': 45 }, deviceSilentMinutes: 240 });
  });

  it('durations in Indonesian', () => {
    expect(formatSince(45_000)).toBe('45 detik');
    expect(formatSince(12 * M)).toBe('12 menit');
    expect(formatSince(2 * H + 5 * M)).toBe('2 jam 5 menit');
    expect(formatSince(27 * H)).toBe('1 hari 3 jam');
  });
});
