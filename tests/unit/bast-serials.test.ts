// Issue 42: the BAST of a receipt by serial lists the TVs' serials (received, damaged, missing,
// unexpected) on its page while they fit, else on an annex page with the BAST saying so; the
// seal's receipt content names them (in any scan order, the same hash), and a receipt by counts
// keeps the content it had.
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { makeBastPdf, sealOfBast, type BastData, type BastSerials } from '../../src/lib/documents/bast-pdf';
import { ANNEX_NOTE, INLINE_SERIALS } from '../../src/lib/documents/pdf-layout';
import { KARAWANG_TO_CIKARANG, pdfPages, pdfText } from '../support/handover-pdf';

const flat = (text: string) => text.replace(/\s+/g, ' ');
const serials = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}-${String(i + 1).padStart(4, '0')}`);

// The acceptance's truck: 12 loaded, 11 of them and one foreign serial scanned, one damaged.
const loaded = serials('SB', 12);
const twelve: BastSerials = {
  received: [...loaded.slice(0, 11), 'XX-0001'],
  damaged: ['SB-0003'],
  missing: ['SB-0012'],
  unexpected: ['XX-0001'],
};

async function data(tvSerials?: BastSerials): Promise<BastData> {
  const image = await QRCode.toDataURL('signature');
  return {
    shipmentId: '0b9d3c51-2a4e-4f6b-9c1d-7e8f90a1b2c3',
    receiptId: '0b9d3c51-2a4e-4f6b-9c1d-7e8f90a1b2d1',
    documentId: '0b9d3c51-2a4e-4f6b-9c1d-7e8f90a1b2d2',
    receiverSignatureId: '0b9d3c51-2a4e-4f6b-9c1d-7e8f90a1b2d3',
    driverSignatureId: '0b9d3c51-2a4e-4f6b-9c1d-7e8f90a1b2d4',
    appOrigin: 'https://dermaga.example',
    batchNumber: 'KRW-SN-01',
    ...KARAWANG_TO_CIKARANG,
    smartboard: { sent: 12, received: 12, damaged: 1 },
    bracket: { sent: 0, received: 0, damaged: 0 },
    discrepancies: [
      { item: 'smartboard', reason: 'kurang', quantity: 1 },
      { item: 'smartboard', reason: 'lebih', quantity: 1 },
      { item: 'smartboard', reason: 'rusak', quantity: 1 },
    ],
    receiver: { name: 'Dewi Lestari', signedAt: '2026-11-29T09:30:00Z', image },
    driver: { name: 'Slamet Riyadi', signedAt: '2026-11-29T09:30:00Z', image },
    deviceTime: '2026-11-29T09:31:00Z',
    ...(tvSerials ? { tvSerials } : {}),
  };
}

describe('the BAST of a receipt by serial', () => {
  it('lists on its page the serials received, damaged, missing and unexpected, each numbered', async () => {
    const bytes = await makeBastPdf(await data(twelve));
    const text = flat(await pdfText(bytes));
    expect(text).toContain('Nomor Seri Smartboard TV');
    expect(text).toContain('Diterima (12)');
    expect(text).toContain('Rusak (1) No. / Nomor Seri No. / Nomor Seri No. / Nomor Seri 1. SB-0003');
    expect(text).toContain('Kurang (1) No. / Nomor Seri No. / Nomor Seri No. / Nomor Seri 1. SB-0012');
    expect(text).toContain('Lebih (1) No. / Nomor Seri No. / Nomor Seri No. / Nomor Seri 1. XX-0001');
    for (const [i, s] of twelve.received.entries()) expect(text).toContain(`${i + 1}. ${s}`);
    expect(text).not.toContain('LAMPIRAN');
  });

  it('a long list goes to an annex that lists every serial, the BAST pointing to it', async () => {
    const received = serials('SB', 150);
    const bytes = await makeBastPdf(
      await data({ received, damaged: [], missing: serials('MS', 10), unexpected: [] }),
    );
    const text = flat(await pdfText(bytes));
    expect(text).toContain(`Daftar : ${ANNEX_NOTE}`);
    expect(text).toContain('LAMPIRAN BAST');
    expect(text).toContain('Diterima (150)');
    expect(text).toContain('Kurang (10)');
    for (const [i, s] of received.entries()) expect(text).toContain(`${i + 1}. ${s}`);
    expect(await pdfPages(bytes)).toBeGreaterThanOrEqual(3);
  });

  it('the boundary: as many as fit stay on the BAST, one more goes to the annex', async () => {
    const fits = { received: serials('SB', INLINE_SERIALS), damaged: [], missing: [], unexpected: [] };
    expect(flat(await pdfText(await makeBastPdf(await data(fits))))).not.toContain('LAMPIRAN');
    const over = { ...fits, missing: ['SB-9999'] };
    expect(flat(await pdfText(await makeBastPdf(await data(over))))).toContain('LAMPIRAN BAST');
  });

  it('its seal names the serials, whatever the scan order; a receipt by counts keeps its content', async () => {
    const sealed = await sealOfBast(await data(twelve));
    expect(sealed?.evidence.receipt).toMatchObject({
      tv_serials: {
        received: [...loaded.slice(0, 11), 'XX-0001'].sort(),
        damaged: ['SB-0003'],
        missing: ['SB-0012'],
        unexpected: ['XX-0001'],
      },
    });
    const reordered = await sealOfBast(await data({ ...twelve, received: [...twelve.received].reverse() }));
    expect(reordered?.contentSha256).toBe(sealed?.contentSha256);
    const other = await sealOfBast(await data({ ...twelve, missing: ['SB-0011'] }));
    expect(other?.contentSha256).not.toBe(sealed?.contentSha256);

    const byCounts = await sealOfBast(await data());
    expect(byCounts?.evidence.receipt).not.toHaveProperty('tv_serials');
    // (document-evidence.test.ts holds a receipt by counts' content to the letter.)
  });

  it('a receipt by counts: no serial section', async () => {
    const text = flat(await pdfText(await makeBastPdf(await data())));
    expect(text).not.toContain('Nomor Seri');
  });
});
