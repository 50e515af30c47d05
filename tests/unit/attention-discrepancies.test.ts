// Issue 28: the discrepancies of counted receipts as the screens list them
// (src/lib/handover/discrepancies.ts) and as Perlu perhatian counts them (src/lib/attention/attention.ts):
// only the open ones, the longest waiting first, each linking to where tower control or an
// admin resolves it.
import { describe, expect, it } from 'vitest';
import { attentionItems } from '../../src/lib/attention/attention';
import {
  describeDiscrepancy,
  discrepanciesOfHub,
  discrepanciesOfShipment,
  mayResolve,
  nameOf,
  openDiscrepancies,
  resolvedByText,
  type DiscrepancyLike,
} from '../../src/lib/handover/discrepancies';
import { admin, attentionInput, H, karawangUser, NOW, vehicle } from './attention-world';

const d = (over: Partial<DiscrepancyLike>): DiscrepancyLike => ({
  id: 'd1',
  shipment_id: 's1',
  item: 'smartboard',
  reason: 'kurang',
  quantity: 2,
  photo_ids: ['p1'],
  origin_hub_id: 'h-krw',
  destination_hub_id: 'h-ckr',
  reported_by: 'u-ckr',
  reported_at: new Date(NOW - 2 * H).toISOString(),
  status: 'open',
  resolved_by: null,
  resolved_at: null,
  resolution_note: null,
  deleted: false,
  ...over,
});

const input = attentionInput;

describe('discrepancies as the screens list them', () => {
  it("says what differs in the receipt form's words", () => {
    expect(describeDiscrepancy(d({}))).toBe('Kurang 2 TV');
    expect(describeDiscrepancy(d({ item: 'bracket', reason: 'rusak', quantity: 1 }))).toBe('Rusak 1 Bracket');
    expect(describeDiscrepancy(d({ reason: 'lebih', quantity: 3 }))).toBe('Lebih 3 TV');
  });

  it('only tower control and admins resolve', () => {
    expect(mayResolve('tower_control')).toBe(true);
    expect(mayResolve('admin')).toBe(true);
    expect(mayResolve('hub_user')).toBe(false);
  });

  it('lists the open ones oldest first, leaving out resolved and deleted rows', () => {
    const rows = [
      d({ id: 'new', reported_at: new Date(NOW - H).toISOString() }),
      d({ id: 'old', reported_at: new Date(NOW - 5 * H).toISOString() }),
      d({ id: 'done', status: 'resolved', resolved_by: 'u-t', resolved_at: new Date(NOW).toISOString() }),
      d({ id: 'gone', deleted: true }),
      // Not yet synced: its own time until the server's.
      d({ id: 'pending', reported_at: null, created_at: new Date(NOW - 3 * H).toISOString() }),
    ];
    expect(openDiscrepancies(rows).map((r) => r.id)).toEqual(['old', 'pending', 'new']);
  });

  it("a hub sees its shipments' discrepancies from and to it, open first, then the latest resolved", () => {
    const rows = [
      d({ id: 'r-old', status: 'resolved', resolved_at: new Date(NOW - 4 * H).toISOString() }),
      d({ id: 'r-new', status: 'resolved', resolved_at: new Date(NOW - H).toISOString() }),
      d({ id: 'open' }),
      d({ id: 'other', origin_hub_id: 'h-pj', destination_hub_id: 'h-mks' }),
      d({
        id: 'inbound',
        origin_hub_id: 'h-pj',
        destination_hub_id: 'h-krw',
        reported_at: new Date(NOW - H).toISOString(),
      }),
    ];
    expect(discrepanciesOfHub(rows, 'h-krw').map((r) => r.id)).toEqual(['open', 'inbound', 'r-new', 'r-old']);
    expect(discrepanciesOfHub(rows, null)).toHaveLength(5);
  });

  it("a shipment's discrepancies: TVs before brackets", () => {
    const rows = [
      d({ id: 'b', item: 'bracket', reason: 'rusak' }),
      d({ id: 'a', item: 'smartboard', reason: 'rusak' }),
      d({ id: 'x', shipment_id: 's2' }),
      d({ id: 'c', item: 'smartboard', reason: 'kurang' }),
    ];
    expect(discrepanciesOfShipment(rows, 's1').map((r) => r.id)).toEqual(['c', 'a', 'b']);
  });

  it('names who resolved as far as the device knows', () => {
    const names = new Map([['u-t', 'Tower Satu']]);
    expect(resolvedByText(d({ status: 'resolved', resolved_by: 'u-t' }), names)).toBe(
      'Diselesaikan oleh Tower Satu',
    );
    expect(resolvedByText(d({ status: 'resolved', resolved_by: 'u-x' }), names)).toBe(
      'Diselesaikan oleh tower control / admin',
    );
    expect(nameOf(null, names, 'petugas Hub Cikarang')).toBe('petugas Hub Cikarang');
  });
});

describe('Perlu perhatian: open discrepancies', () => {
  const batches = new Map([
    ['s1', 'B-001'],
    ['s2', 'B-002'],
  ]);

  it('lists each open one at once, with the batch and what differs, linking to its resolve dialog', () => {
    const items = attentionItems(
      input({
        discrepancies: [
          d({ id: 'd1' }),
          d({
            id: 'd2',
            shipment_id: 's2',
            item: 'bracket',
            reason: 'rusak',
            quantity: 1,
            reported_at: new Date(NOW - 6 * H).toISOString(),
          }),
          d({ id: 'd3', status: 'resolved', resolved_by: 'u-t', resolved_at: new Date(NOW).toISOString() }),
        ],
        batches,
      }),
    );
    expect(items).toEqual([
      {
        kind: 'discrepancy',
        id: 'd2',
        hubId: 'h-ckr',
        subject: 'B-002 · Rusak 1 Bracket',
        sinceMs: 6 * H,
        href: '/?selisih=d2',
      },
      {
        kind: 'discrepancy',
        id: 'd1',
        hubId: 'h-ckr',
        subject: 'B-001 · Kurang 2 TV',
        sinceMs: 2 * H,
        href: '/?selisih=d1',
      },
    ]);
    expect(attentionItems(input({ viewer: admin, discrepancies: [d({})], batches }))[0]?.href).toBe(
      '/?selisih=d1',
    );
  });

  it('a hub user sees them with no link: only tower control and admins resolve', () => {
    const items = attentionItems(input({ viewer: karawangUser, discrepancies: [d({})], batches }));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'discrepancy', href: null });
  });

  it('comes after the floor items and before the devices', () => {
    const items = attentionItems(
      input({
        discrepancies: [d({ reported_at: new Date(NOW - 100 * H).toISOString() })],
        batches,
        vehicles: [vehicle({ queued_at: new Date(NOW - 3 * H).toISOString() })],
        devices: [
          {
            device_id: 'dev1',
            user_id: 'u1',
            email: 'a@b.c',
            full_name: null,
            hub_id: 'h-krw',
            last_sync_at: new Date(NOW - 300 * H).toISOString(),
            outbox_size: 0,
            app_version: null,
          },
        ],
      }),
    );
    expect(items.map((i) => i.kind)).toEqual(['waiting_load', 'discrepancy', 'device']);
  });

  it('a discrepancy not yet synced (no time) counts from now, and an unknown batch shows as -', () => {
    const items = attentionItems(input({ discrepancies: [d({ reported_at: null, created_at: null })] }));
    expect(items[0]).toMatchObject({ subject: '- · Kurang 2 TV', sinceMs: 0 });
  });
});
