// The BAST's server receipt time (issue 28): what the upload queue does with a queued BAST
// before its upload (sync/uploads/server-time.ts), and the app's maker that makes it again
// with the time (src/lib/documents/bast-server-time.ts); and the location setting's answers.
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import type { DocumentRemake } from '../../sync/db/engine-store';
import { receiptPending, serverTimeStep } from '../../sync/uploads/server-time';
import type { BastData } from '../../src/lib/documents/bast-pdf';
import { remakeDocument } from '../../src/lib/documents/bast-server-time';
import { answerOfError } from '../../src/lib/documents/evidence-location';
import { displayLocale, setDisplayLocale } from '../../src/lib/format-date';
import { KARAWANG_TO_CIKARANG, pdfText } from '../support/handover-pdf';

const RECEIPT = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
const remake = (server_time: string | null = null): DocumentRemake => ({
  receipt_id: RECEIPT,
  data: {},
  server_time,
});

describe('a queued BAST before its upload', () => {
  it('is made again with the receipt time once the server has the receipt', () => {
    expect(serverTimeStep(remake(), '2026-11-26T09:40:00+00:00', false)).toEqual({
      do: 'remake',
      serverTime: '2026-11-26T09:40:00+00:00',
    });
  });

  it('waits while the command carrying the receipt is still in the outbox', () => {
    expect(serverTimeStep(remake(), null, true)).toEqual({ do: 'wait' });
  });

  it('goes as made when the receipt never reached the server (refused)', () => {
    expect(serverTimeStep(remake(), null, false)).toEqual({ do: 'as-made' });
  });

  it('goes as it is once made again, or when it shows no server time', () => {
    expect(serverTimeStep(remake('2026-11-26T09:40:00Z'), '2026-11-26T09:40:00Z', false)).toEqual({
      do: 'upload',
    });
    expect(serverTimeStep(undefined, null, true)).toEqual({ do: 'upload' });
  });

  it('finds the pending completion command by the receipt it carries', () => {
    const entry = (type: string, state: 'pending' | 'applied', receiptId: string | null) => ({
      type,
      state,
      payload: { shipment_id: 'x', receipt: receiptId ? { receipt_id: receiptId } : null },
    });
    expect(receiptPending([entry('complete_unloading', 'pending', RECEIPT)], RECEIPT)).toBe(true);
    expect(receiptPending([entry('pod_complete', 'pending', RECEIPT)], RECEIPT)).toBe(true);
    expect(receiptPending([entry('complete_unloading', 'applied', RECEIPT)], RECEIPT)).toBe(false);
    expect(receiptPending([entry('complete_unloading', 'pending', null)], RECEIPT)).toBe(false);
    expect(receiptPending([entry('attach_document', 'pending', RECEIPT)], RECEIPT)).toBe(false);
    expect(receiptPending([entry('complete_unloading', 'pending', crypto.randomUUID())], RECEIPT)).toBe(
      false,
    );
  });
});

describe("the app's maker", () => {
  it('makes the BAST again from its data with the server time (in the receiving hub zone)', async () => {
    const data: BastData = {
      shipmentId: '0b9d3c51-2a4e-4f6b-9c1d-7e8f90a1b2c3',
      receiptId: RECEIPT,
      batchNumber: 'KRW-20261126-07',
      timeZone: 'Asia/Makassar',
      originHub: 'Hub Karawang',
      destinationHub: 'POD Makassar',
      smartboard: { sent: 10, received: 8, damaged: 0 },
      bracket: { sent: 4, received: 4, damaged: 0 },
      discrepancies: [{ item: 'smartboard', reason: 'kurang', quantity: 2 }],
      receiver: {
        name: 'Dewi',
        signedAt: new Date('2026-11-26T09:30:00Z'),
        image: await QRCode.toDataURL('r'),
      },
      driver: {
        name: 'Slamet',
        signedAt: new Date('2026-11-26T09:30:00Z'),
        image: await QRCode.toDataURL('d'),
      },
      deviceTime: new Date('2026-11-26T09:30:00Z'),
      serverReceivedAt: null,
    };
    const text = (await pdfText(await remakeDocument('bast', data, '2026-11-26T09:41:00+00:00'))).replace(
      /\s+/g,
      ' ',
    );
    expect(text).toContain('Diterima server : 26 Nov 2026 17:41 WITA');
    expect(text).toContain('Waktu perangkat : 26 Nov 2026 17:30 WITA');
    expect(text).not.toContain('Belum tersinkron');
    await expect(remakeDocument('surat_jalan', data, '2026-11-26T09:41:00Z')).rejects.toThrow();
  });
});

describe('the BAST in another language', () => {
  it('keeps Indonesian dates and numbers when the device shows English', async () => {
    const data: BastData = {
      shipmentId: '0b9d3c51-2a4e-4f6b-9c1d-7e8f90a1b2c3',
      batchNumber: 'KRW-20260805-01',
      ...KARAWANG_TO_CIKARANG,
      smartboard: { sent: 1200, received: 1200, damaged: 0 },
      bracket: { sent: 4, received: 4, damaged: 0 },
      discrepancies: [],
      receiver: { name: 'Dewi', signedAt: '2026-08-05T07:30:00Z', image: await QRCode.toDataURL('r') },
      driver: { name: 'Slamet', signedAt: '2026-08-05T07:30:00Z', image: await QRCode.toDataURL('d') },
      deviceTime: '2026-08-05T07:30:00Z',
    };
    setDisplayLocale('en-GB');
    try {
      const text = (await pdfText(await remakeDocument('bast', data, '2026-08-05T07:31:00Z'))).replace(
        /\s+/g,
        ' ',
      );
      expect(text).toContain('Diterima server : 05 Agu 2026 14:31 WIB');
      expect(text).toContain('Smartboard TV 1.200 1.200 0 1.200');
      // The device's own language is left as it was.
      expect(displayLocale()).toBe('en-GB');
    } finally {
      setDisplayLocale('id-ID');
    }
  });
});

describe('location with evidence', () => {
  it('tells a refusal from a position that cannot be read', () => {
    expect(answerOfError({ code: 1 })).toBe('denied');
    expect(answerOfError({ code: 2 })).toBe('unavailable');
    expect(answerOfError({ code: 3 })).toBe('unavailable');
  });
});
