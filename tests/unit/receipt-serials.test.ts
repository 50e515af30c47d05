// Issue 42, the counted receipt by serial (the form's half): the scan as the form holds it, what it
// calls for against the loaded serials (figures, and the TV discrepancies naming their serials),
// the TV counts that follow the scan, and the payload's tv_serials (only when received by serial).
import { describe, expect, it } from 'vitest';
import { neededDiscrepancies } from '../../src/lib/handover/receipt-draft';
import {
  receiptScanRule,
  serialExpectations,
  withDamagedToggled,
  withoutScanned,
  withScanned,
  type SerialReceipt,
} from '../../src/lib/handover/receipt-serials';
import {
  receiptDefaults,
  receiptOf,
  receiptSchema,
  type ReceiptFormValues,
} from '../../src/components/counted-receipt/receipt-form';

const LOADED = ['SN-A1', 'SN-A2', 'SN-A3', 'SN-A4'];
const SENT = { smartboard: 4, bracket: 2 };
const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const photo = (id: string) => ({ id, blob: new Blob(['x'], { type: 'image/jpeg' }), url: 'blob:x' });

/** Three of four scanned (A2 missing), a foreign one, A3 marked damaged. */
function scanned(): SerialReceipt {
  let r: SerialReceipt = { loaded: LOADED, received: [], damaged: [] };
  for (const s of ['SN-A3', 'SN-X9', 'SN-A1', 'SN-A4']) r = withScanned(r, s);
  return withDamagedToggled(r, 'SN-A3');
}

/** The form as the section leaves it: the scan, the TV counts with it. */
const filled = (serials: SerialReceipt | null, over: Partial<ReceiptFormValues> = {}): ReceiptFormValues => ({
  ...receiptDefaults(SENT, false, 'Slamet'),
  receiver_name: 'Budi',
  receiver_signature: PNG,
  driver_signature: PNG,
  ...(serials
    ? {
        serials,
        smartboard_received: String(serials.received.length),
        smartboard_damaged: String(serials.damaged.length),
      }
    : {}),
  ...over,
});

describe('the receipt by serial', () => {
  it('keeps the scan: each serial once, taken out with its damage mark, damaged in scan order', () => {
    const r = scanned();
    expect(r.received).toEqual(['SN-A3', 'SN-X9', 'SN-A1', 'SN-A4']);
    expect(withScanned(r, 'SN-A1')).toBe(r);
    const two = withDamagedToggled(withDamagedToggled(r, 'SN-A4'), 'SN-X9');
    expect(two.damaged).toEqual(['SN-A3', 'SN-X9', 'SN-A4']);
    expect(withDamagedToggled(two, 'SN-A3').damaged).toEqual(['SN-X9', 'SN-A4']);
    // Not scanned: cannot be marked.
    expect(withDamagedToggled(r, 'SN-A2')).toBe(r);
    const out = withoutScanned(r, 'SN-A3');
    expect(out).toMatchObject({ received: ['SN-X9', 'SN-A1', 'SN-A4'], damaged: [] });
    // The scanner's own rules refuse what is not a serial or scanned twice; the receipt's takes any other.
    expect(receiptScanRule()).toBeNull();
  });

  it('shows missing and unexpected as it goes, and calls for kurang, lebih and rusak naming their serials', () => {
    expect(serialExpectations({ loaded: LOADED, received: [], damaged: [] })).toMatchObject({
      missing: LOADED,
      unexpected: [],
      needed: [{ reason: 'kurang', serials: LOADED }],
    });
    expect(serialExpectations(scanned())).toEqual({
      missing: ['SN-A2'],
      unexpected: ['SN-X9'],
      damaged: ['SN-A3'],
      needed: [
        { reason: 'kurang', serials: ['SN-A2'] },
        { reason: 'lebih', serials: ['SN-X9'] },
        { reason: 'rusak', serials: ['SN-A3'] },
      ],
    });
  });

  it('takes the TV discrepancies from the scan (not the counts), the brackets’ from their counts', () => {
    const values = filled(scanned(), { bracket_received: '1' });
    // By counts 4 of 4 TVs arrived: only rusak 1. By serial one is missing and one unexpected.
    expect(
      neededDiscrepancies({
        sent: SENT,
        counts: {
          smartboard_received: values.smartboard_received,
          smartboard_damaged: values.smartboard_damaged,
          bracket_received: values.bracket_received,
          bracket_damaged: values.bracket_damaged,
        },
        serials: values.serials,
      }),
    ).toEqual([
      { key: 'smartboard-kurang', item: 'smartboard', reason: 'kurang', quantity: 1, serials: ['SN-A2'] },
      { key: 'smartboard-lebih', item: 'smartboard', reason: 'lebih', quantity: 1, serials: ['SN-X9'] },
      { key: 'smartboard-rusak', item: 'smartboard', reason: 'rusak', quantity: 1, serials: ['SN-A3'] },
      { key: 'bracket-kurang', item: 'bracket', reason: 'kurang', quantity: 1 },
    ]);
  });

  it('asks a photo of each, then sends the counts of the scan and tv_serials', () => {
    const messages = (values: ReceiptFormValues) => {
      const result = receiptSchema(SENT).safeParse(values);
      return result.success ? [] : result.error.issues.map((i) => i.path.join('.')).sort();
    };
    expect(messages(filled(scanned()))).toEqual([
      'discrepancies.smartboard-kurang.photos',
      'discrepancies.smartboard-lebih.photos',
      'discrepancies.smartboard-rusak.photos',
    ]);
    const ids = [
      '5d7f1a52-3f0e-4c1b-9a43-2f4a7c1e0b11',
      '6d7f1a52-3f0e-4c1b-9a43-2f4a7c1e0b12',
      '7d7f1a52-3f0e-4c1b-9a43-2f4a7c1e0b13',
    ];
    const discrepancies = Object.fromEntries(
      ['kurang', 'lebih', 'rusak'].map((reason, i) => [
        `smartboard-${reason}`,
        { id: ids[i]!, note: '', photos: [photo(`0b3c2f0e-8d1a-4e5b-9c7d-1a2b3c4d5e6${i}`)] },
      ]),
    );
    const values = filled(scanned(), { discrepancies });
    expect(messages(values)).toEqual([]);
    const receipt = receiptOf(values, SENT, new Date('2026-11-29T08:00:00.000Z'));
    expect(receipt).toMatchObject({
      smartboard_received: 4,
      smartboard_damaged: 1,
      tv_serials: { received: ['SN-A3', 'SN-X9', 'SN-A1', 'SN-A4'], damaged: ['SN-A3'] },
    });
    expect(receipt.discrepancies.map((d) => [d.reason, d.quantity, d.id])).toEqual([
      ['kurang', 1, ids[0]],
      ['lebih', 1, ids[1]],
      ['rusak', 1, ids[2]],
    ]);
  });

  it('leaves a receipt by counts as it was: no tv_serials', () => {
    const receipt = receiptOf(filled(null), SENT, new Date('2026-11-29T08:00:00.000Z'));
    expect(receipt.discrepancies).toEqual([]);
    expect('tv_serials' in receipt).toBe(false);
  });
});
