import { describe, expect, it } from 'vitest';
import { COUNTED_BY_BUDI } from '../support/receipt';
import {
  checkReceiptDraft,
  neededDiscrepancies,
  parseCount,
  receiptPayload,
  type ReceiptDraft,
} from '../../src/lib/handover/receipt-draft';

const draft = (over: Partial<ReceiptDraft> = {}): ReceiptDraft => ({
  sent: { smartboard: 12, bracket: 7 },
  counts: { smartboard_received: '12', smartboard_damaged: '0', bracket_received: '7', bracket_damaged: '0' },
  notes: {},
  photoCounts: {},
  receiverName: 'Budi',
  driverName: 'Slamet',
  receiverSigned: true,
  driverSigned: true,
  ...over,
});
const counts = (c: Partial<ReceiptDraft['counts']>) => ({ ...draft().counts, ...c });

describe('the counted receipt on the device', () => {
  it('takes whole counts 0..100000 only', () => {
    expect(parseCount(' 12 ')).toBe(12);
    for (const bad of ['', '-1', '1.5', 'dua']) expect(parseCount(bad)).toBeNull();
    expect(checkReceiptDraft(draft({ counts: counts({ bracket_received: '100000' }), photoCounts: { 'bracket-lebih': 1 } }))).toEqual({});
    expect(checkReceiptDraft(draft({ counts: counts({ bracket_received: '100001', smartboard_damaged: '1.5' }) }))).toEqual({
      bracket_received: 'Jumlah harus bilangan bulat 0 sampai 100.000',
      smartboard_damaged: 'Jumlah harus bilangan bulat 0 sampai 100.000',
    });
  });

  it('derives one discrepancy per difference: kurang, lebih, rusak', () => {
    expect(neededDiscrepancies(draft())).toEqual([]);
    expect(
      neededDiscrepancies(draft({ counts: counts({ smartboard_received: '10', bracket_received: '8', bracket_damaged: '2' }) })),
    ).toEqual([
      { key: 'smartboard-kurang', item: 'smartboard', reason: 'kurang', quantity: 2 },
      { key: 'bracket-lebih', item: 'bracket', reason: 'lebih', quantity: 1 },
      { key: 'bracket-rusak', item: 'bracket', reason: 'rusak', quantity: 2 },
    ]);
  });

  it('asks a photo for each difference, both names and both signatures', () => {
    expect(checkReceiptDraft(draft())).toEqual({});
    const short = draft({ counts: counts({ smartboard_received: '10' }) });
    expect(checkReceiptDraft(short)).toEqual({ 'smartboard-kurang.photos': 'Setiap selisih wajib disertai minimal satu foto' });
    expect(checkReceiptDraft({ ...short, photoCounts: { 'smartboard-kurang': 1 } })).toEqual({});
    expect(checkReceiptDraft(draft({ receiverName: ' ', driverSigned: false, receiverSigned: false }))).toEqual({
      receiver_name: 'Nama penerima wajib diisi',
      receiver_signature: 'Tanda tangan penerima wajib diisi',
      driver_signature: 'Tanda tangan sopir wajib diisi',
    });
  });

  it('refuses bad counts and more damaged than received', () => {
    expect(checkReceiptDraft(draft({ counts: counts({ smartboard_received: '-1', bracket_damaged: '8', bracket_received: '7' }) }))).toMatchObject({
      smartboard_received: 'Jumlah harus bilangan bulat 0 sampai 100.000',
      bracket_damaged: 'Jumlah rusak tidak boleh melebihi jumlah diterima',
    });
  });

  it('builds the command’s receipt with the ids its documents get', () => {
    const d = draft({ counts: counts({ smartboard_received: '10' }), notes: { 'smartboard-kurang': ' dua hilang ' } });
    const payload = receiptPayload(
      d,
      {
        receiptId: 'r',
        receiverSignatureId: 'sr',
        driverSignatureId: 'sd',
        discrepancyIds: { 'smartboard-kurang': 'd1' },
        photoIds: { 'smartboard-kurang': ['p1'] },
      },
      new Date('2026-11-26T08:00:00Z'),
    );
    expect(payload).toEqual({
      receipt_id: 'r',
      ...COUNTED_BY_BUDI,
      receiver_signature_id: 'sr',
      driver_signature_id: 'sd',
      signed_at: '2026-11-26T08:00:00.000Z',
      discrepancies: [{ id: 'd1', item: 'smartboard', reason: 'kurang', quantity: 2, note: 'dua hilang', photo_ids: ['p1'] }],
    });
  });
});
