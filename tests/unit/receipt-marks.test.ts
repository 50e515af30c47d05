// Issue 41: counts that mean something. A received shipment's counts and marks come from its
// discrepancy rows (src/lib/handover/receipt-marks.ts): received = sent - kurang + lebih,
// damaged = rusak, per item; the dashboard's hub card sums the open ones received there.
// Each case computed by hand.
import { afterAll, describe, expect, it } from 'vitest';
import type { DiscrepancyLike } from '../../src/lib/handover/discrepancies';
import {
  itemText,
  markText,
  openMarksOfHub,
  receiptCell,
  receivedCounts,
  receivedText,
} from '../../src/lib/handover/receipt-marks';
import { setLanguage } from '../../src/lib/i18n';

const shipment = { id: 's1', smartboard_quantity: 12, bracket_quantity: 7, selesai_bongkar: true };
let n = 0;
const d = (over: Partial<DiscrepancyLike>): DiscrepancyLike => ({
  id: `d${++n}`,
  shipment_id: 's1',
  item: 'smartboard',
  reason: 'kurang',
  quantity: 1,
  origin_hub_id: 'h-krw',
  destination_hub_id: 'h-ckr',
  status: 'open',
  ...over,
});

describe('receivedCounts', () => {
  afterAll(() => setLanguage('id'));

  it('is null before the shipment is received (no receipt yet)', () => {
    expect(receivedCounts({ ...shipment, selesai_bongkar: false }, [d({})])).toBeNull();
  });

  it('a full count: what was sent, no marks', () => {
    expect(receivedCounts(shipment, [])).toEqual({
      smartboard: { sent: 12, received: 12, damaged: 0 },
      bracket: { sent: 7, received: 7, damaged: 0 },
      marks: [],
    });
  });

  it('11 of 12 TVs: kurang 1 TV; the bracket as sent', async () => {
    const counts = receivedCounts(shipment, [d({ quantity: 1 })])!;
    expect(counts.smartboard).toEqual({ sent: 12, received: 11, damaged: 0 });
    expect(counts.bracket).toEqual({ sent: 7, received: 7, damaged: 0 });
    expect(counts.marks).toEqual([{ item: 'smartboard', reason: 'kurang', quantity: 1 }]);
    setLanguage('id');
    expect(receivedText(counts)).toBe('11/12 TV · 7 Bracket');
    expect(counts.marks.map(markText)).toEqual(['Kurang 1 TV']);
    expect(receiptCell(counts)).toBe('11/12 TV · 7 Bracket (Kurang 1 TV)');
    await setLanguage('en');
    expect(receiptCell(counts)).toBe('11/12 TV · 7 Bracket (Short 1 TV)');
  });

  it('brackets: 9 arrived of 7 (lebih 2), 3 of them rusak; resolved ones still count; other shipments and deleted rows do not', () => {
    const rows = [
      d({ item: 'bracket', reason: 'lebih', quantity: 2, status: 'resolved' }),
      d({ item: 'bracket', reason: 'rusak', quantity: 3 }),
      d({ shipment_id: 's2', quantity: 5 }),
      d({ quantity: 4, deleted: true }),
    ];
    const counts = receivedCounts(shipment, rows)!;
    expect(counts.smartboard).toEqual({ sent: 12, received: 12, damaged: 0 });
    expect(counts.bracket).toEqual({ sent: 7, received: 9, damaged: 3 });
    expect(counts.marks).toEqual([
      { item: 'bracket', reason: 'lebih', quantity: 2 },
      { item: 'bracket', reason: 'rusak', quantity: 3 },
    ]);
    setLanguage('id');
    expect(receiptCell(counts)).toBe('12 TV · 9/7 Bracket (Lebih 2 Bracket, Rusak 3 Bracket)');
  });

  it('marks come item by item (TV first), kurang, lebih, rusak', () => {
    const counts = receivedCounts(shipment, [
      d({ item: 'bracket', reason: 'kurang', quantity: 7 }),
      d({ item: 'smartboard', reason: 'rusak', quantity: 2 }),
      d({ item: 'smartboard', reason: 'kurang', quantity: 3 }),
    ])!;
    expect(counts.marks.map((m) => `${m.item}:${m.reason}:${m.quantity}`)).toEqual([
      'smartboard:kurang:3',
      'smartboard:rusak:2',
      'bracket:kurang:7',
    ]);
    expect(counts.smartboard).toEqual({ sent: 12, received: 9, damaged: 2 });
    expect(counts.bracket).toEqual({ sent: 7, received: 0, damaged: 0 });
  });

  it('itemText shows sent only where it differs, with thousands in the id-ID way', () => {
    setLanguage('id');
    expect(itemText('smartboard', { sent: 1200, received: 1200, damaged: 0 })).toBe('1.200 TV');
    expect(itemText('bracket', { sent: 1200, received: 1199, damaged: 0 })).toBe('1.199/1.200 Bracket');
    expect(receiptCell(null)).toBe('-');
  });
});

describe('openMarksOfHub', () => {
  it('sums the open discrepancies received at the hub, by item and reason', () => {
    const rows = [
      d({ shipment_id: 's1', quantity: 1 }),
      d({ shipment_id: 's2', quantity: 2 }),
      d({ shipment_id: 's2', item: 'bracket', reason: 'rusak', quantity: 4 }),
      d({ shipment_id: 's3', quantity: 8, status: 'resolved' }),
      d({ shipment_id: 's4', quantity: 16, destination_hub_id: 'h-pj' }),
      d({ shipment_id: 's5', quantity: 32, origin_hub_id: 'h-ckr', destination_hub_id: 'h-pj' }),
    ];
    expect(openMarksOfHub(rows, 'h-ckr')).toEqual([
      { item: 'smartboard', reason: 'kurang', quantity: 3 },
      { item: 'bracket', reason: 'rusak', quantity: 4 },
    ]);
    expect(openMarksOfHub(rows, 'h-pj')).toEqual([{ item: 'smartboard', reason: 'kurang', quantity: 48 }]);
    expect(openMarksOfHub(rows, 'h-krw')).toEqual([]);
  });
});
