// "Perlu perhatian": a counted receipt whose signatures or discrepancy photos have not arrived
// (the server's evidence_awaited, security audit 2026-12-03), against hand-computed cases: shown
// once the device threshold has passed since the receipt was stored, measured up to when the
// list was read, linked to the shipment's own view where it was counted, for those who may open it.
import { describe, expect, it } from 'vitest';
import {
  attentionItems,
  DEFAULT_THRESHOLDS,
  shipmentHref,
  type EvidenceAwaited,
} from '../../src/lib/attention/attention';
import { deriveHubInfo } from '../../src/lib/session/hub-info';
import type { Viewer } from '../../src/lib/session/access';
import { attentionInput, H, HUBS as hubs, karawangUser, NOW, tower } from './attention-world';

const M = 60_000;
// The default device threshold: 240 minutes.
const LIMIT = DEFAULT_THRESHOLDS.deviceSilentMinutes * M;

const awaited = (over: Partial<EvidenceAwaited>): EvidenceAwaited => ({
  shipment_id: 's1',
  batch_number: 'B-1',
  hub_id: 'h-ckr',
  named_at: new Date(NOW - LIMIT - M).toISOString(),
  missing: 2,
  ...over,
});

const cikarangUser: Viewer = {
  role: 'hub_user',
  hubId: 'h-ckr',
  hubInfo: deriveHubInfo({ name: 'Hub Cikarang', city: 'Cikarang', type: 'cikarang' }),
};

describe('attentionItems: evidence not arrived', () => {
  it('a receipt named longer ago than the device threshold, not one within it or with nothing missing', () => {
    const items = attentionItems(
      attentionInput({
        hubs,
        evidence: [
          awaited({
            shipment_id: 'old',
            batch_number: 'OLD',
            named_at: new Date(NOW - 5 * H).toISOString(),
            missing: 1,
          }),
          awaited({ shipment_id: 'edge', named_at: new Date(NOW - LIMIT).toISOString() }),
          awaited({ shipment_id: 'fresh', named_at: new Date(NOW - 10 * M).toISOString() }),
          awaited({ shipment_id: 'none', missing: 0 }),
          awaited({ shipment_id: 'bad', named_at: 'kemarin' }),
        ],
      }),
    );
    expect(items).toEqual([
      {
        kind: 'evidence',
        id: 'old',
        hubId: 'h-ckr',
        subject: 'OLD',
        sinceMs: 5 * H,
        missing: 1,
        href: '/hub-cikarang/shipment/old',
      },
    ]);
  });

  it('follows the threshold an admin set', () => {
    const evidence = [awaited({ named_at: new Date(NOW - 45 * M).toISOString() })];
    const at = (minutes: number) =>
      attentionItems(
        attentionInput({
          hubs,
          evidence,
          thresholds: { ...DEFAULT_THRESHOLDS, deviceSilentMinutes: minutes },
        }),
      ).map((i) => i.id);
    expect(at(30)).toEqual(['s1']);
    expect(at(60)).toEqual([]);
  });

  it('measures up to when the list was read, when that was long ago (an offline desk)', () => {
    const evidence = [awaited({ named_at: new Date(NOW - 5 * H).toISOString() })];
    const asOf = (ms: number) =>
      attentionItems(attentionInput({ hubs, evidence, evidenceAsOf: NOW - ms })).map((i) => i.sinceMs);
    expect(asOf(3 * H)).toEqual([]);
    expect(asOf(30 * M)).toEqual([5 * H - 30 * M]);
    // A read "in the future" (a clock set back) counts as now.
    expect(asOf(-H)).toEqual([5 * H]);
  });

  it('comes after the discrepancies and before the devices, the longest waiting first', () => {
    const items = attentionItems(
      attentionInput({
        hubs,
        evidence: [
          awaited({ shipment_id: 'a', named_at: new Date(NOW - 5 * H).toISOString() }),
          awaited({ shipment_id: 'b', named_at: new Date(NOW - 9 * H).toISOString() }),
        ],
        devices: [
          {
            device_id: 'd1',
            user_id: 'u1',
            email: 'karawang@demo.local',
            full_name: null,
            hub_id: 'h-krw',
            last_sync_at: new Date(NOW - 6 * H).toISOString(),
            outbox_size: 3,
            app_version: null,
          },
        ],
        discrepancies: [
          {
            id: 'x1',
            shipment_id: 's9',
            status: 'open',
            deleted: false,
            item: 'smartboard',
            reason: 'kurang',
            quantity: 1,
            destination_hub_id: 'h-ckr',
            reported_at: new Date(NOW - H).toISOString(),
            created_at: new Date(NOW - H).toISOString(),
          } as never,
        ],
      }),
    );
    expect(items.map((i) => `${i.kind}:${i.id}`)).toEqual([
      'discrepancy:x1',
      'evidence:b',
      'evidence:a',
      'device:d1',
    ]);
  });
});

describe('shipmentHref', () => {
  const [karawang, cikarang, makassar] = hubs as unknown as Parameters<typeof shipmentHref>[0][];
  it("is the shipment's view at a hub or a POD, for a viewer who may open it", () => {
    expect(shipmentHref(cikarang, 's 1', tower)).toBe('/hub-cikarang/shipment/s%201');
    expect(shipmentHref(makassar, 's1', tower)).toBe('/pod/shipment/s1');
    expect(shipmentHref(cikarang, 's1', cikarangUser)).toBe('/hub-cikarang/shipment/s1');
    expect(shipmentHref(karawang, 's1', karawangUser)).toBe('/hub-karawang/shipment/s1');
  });

  it('is none for a hub the viewer may not open, or an unknown or deleted hub', () => {
    expect(shipmentHref(cikarang, 's1', karawangUser)).toBeNull();
    expect(shipmentHref(makassar, 's1', karawangUser)).toBeNull();
    expect(shipmentHref(undefined, 's1', tower)).toBeNull();
    expect(shipmentHref({ ...cikarang!, deleted: true }, 's1', tower)).toBeNull();
  });
});
