// The surat jalan and the BAST made on the device (issue 28): their text as a reader of
// the PDF gets it, the QR code decoded from the page, and jspdf/qrcode kept out of the
// modules' static imports (they load when a document is made).
import { readFileSync } from 'node:fs';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { makeBastPdf, type BastData } from '../../src/lib/documents/bast-pdf';
import { setLanguage } from '../../src/lib/i18n';
import { parseShipmentQr } from '../../src/lib/documents/qr-payload';
import { makeSuratJalanPdf, type SuratJalanData } from '../../src/lib/documents/surat-jalan-pdf';
import { KARAWANG_TO_CIKARANG, pdfQrCodes, pdfText } from '../support/handover-pdf';

const SHIPMENT = '0b9d3c51-2a4e-4f6b-9c1d-7e8f90a1b2c3';

const darat: SuratJalanData = {
  appOrigin: 'https://dermaga.example',
  shipmentId: SHIPMENT,
  batchNumber: 'KRW-20261126-01',
  madeAt: '2026-11-26T07:05:00Z',
  ...KARAWANG_TO_CIKARANG,
  vendor: 'PT Angkut Jaya',
  transport: { mode: 'darat', vehiclePlate: 'B 9123 KX', driverName: 'Slamet Riyadi' },
  smartboard: 1200,
  bracket: 45,
};

const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('surat jalan', () => {
  it('writes what the road checks read: number, batch, time, route, vendor, truck, driver, items, signature lines', async () => {
    const bytes = await makeSuratJalanPdf(darat);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const text = flat(await pdfText(bytes));
    for (const part of [
      'SURAT JALAN',
      'No. SJ-KRW-20261126-01',
      'No. Batch : KRW-20261126-01',
      'Tanggal : 26 Nov 2026 14:05 WIB',
      'Asal : Hub Karawang',
      'Tujuan : Hub Cikarang',
      'Vendor : PT Angkut Jaya',
      'No. Polisi : B 9123 KX',
      'Pengemudi : Slamet Riyadi',
      'Smartboard TV 1.200 unit',
      'Bracket 45 unit',
      'Pengirim',
      'Penerima',
    ])
      expect(text).toContain(part);
    expect(text).not.toContain('Kontainer');
  });

  it('stays Indonesian, its date and counts too, on a device set to English', async () => {
    await setLanguage('en');
    try {
      const text = flat(await pdfText(await makeSuratJalanPdf(darat)));
      expect(text).toContain('Tanggal : 26 Nov 2026 14:05 WIB');
      expect(text).toContain('Smartboard TV 1.200 unit');
    } finally {
      setLanguage('id');
    }
  });

  it('carries a QR code that names the shipment, read back by the scanner', async () => {
    const codes = await pdfQrCodes(await makeSuratJalanPdf(darat));
    expect(codes).toEqual([`https://dermaga.example/terima/${SHIPMENT}?batch=KRW-20261126-01`]);
    expect(parseShipmentQr(codes[0]!)).toEqual({ shipmentId: SHIPMENT, batchNumber: 'KRW-20261126-01' });
  });

  it('by sea: the ship, its line and the containers, on the clock of a WITA hub', async () => {
    const text = flat(
      await pdfText(
        await makeSuratJalanPdf({
          ...darat,
          documentNumber: 'SJ-PLJ-7',
          timeZone: 'Asia/Makassar',
          originHub: 'Hub PolJak (Jakarta)',
          destinationHub: 'POD Makassar',
          vendor: null,
          transport: {
            mode: 'laut',
            shipName: 'KM Tanto Bersama',
            shippingLine: 'Tanto Intim Line',
            containers: ['TEMU1234567', 'TGHU7654321'],
          },
        }),
      ),
    );
    for (const part of [
      'No. SJ-PLJ-7',
      'Tanggal : 26 Nov 2026 15:05 WITA',
      'Moda : Laut',
      'Kapal : KM Tanto Bersama',
      'Pelayaran : Tanto Intim Line',
      'No. Kontainer : TEMU1234567, TGHU7654321',
      'Vendor : -',
    ])
      expect(text).toContain(part);
    expect(text).not.toContain('No. Polisi');
  });
});

describe('BAST', () => {
  const signature = async (text: string) => QRCode.toDataURL(text);
  const data = async (): Promise<BastData> => ({
    shipmentId: SHIPMENT,
    batchNumber: 'KRW-20261126-01',
    ...KARAWANG_TO_CIKARANG,
    smartboard: { sent: 10, received: 8, damaged: 1 },
    bracket: { sent: 20, received: 20, damaged: 0 },
    discrepancies: [
      { item: 'smartboard', reason: 'kurang', quantity: 2, note: 'Dua dus tidak ada di truk' },
      { item: 'smartboard', reason: 'rusak', quantity: 1 },
    ],
    receiver: { name: 'Dewi Lestari', signedAt: '2026-11-26T09:30:00Z', image: await signature('receiver') },
    driver: {
      name: 'Slamet Riyadi',
      signedAt: '2026-11-26T09:31:00Z',
      image: new Uint8Array(await QRCode.toBuffer('driver')),
    },
    deviceTime: '2026-11-26T09:32:00Z',
  });

  it('writes the counts, the discrepancies with reasons, both signers with their times, the device time', async () => {
    const text = flat(await pdfText(await makeBastPdf(await data())));
    for (const part of [
      'BERITA ACARA SERAH TERIMA',
      'No. BAST-KRW-20261126-01',
      'Asal : Hub Karawang',
      'Tujuan : Hub Cikarang',
      'Waktu perangkat : 26 Nov 2026 16:32 WIB',
      'Diterima server : Belum tersinkron',
      'Barang Dikirim Diterima Rusak Baik',
      'Smartboard TV 10 8 1 7',
      'Bracket 20 20 0 20',
      'Smartboard TV Kurang 2 Dua dus tidak ada di truk',
      'Smartboard TV Rusak 1 -',
      'Penerima',
      'Pengemudi',
      'Dewi Lestari',
      '26 Nov 2026 16:30 WIB',
      'Slamet Riyadi',
      '26 Nov 2026 16:31 WIB',
    ])
      expect(text).toContain(part);
  });

  it("writes the server's receipt time once synced, and says when there is no discrepancy", async () => {
    const text = flat(
      await pdfText(
        await makeBastPdf({
          ...(await data()),
          smartboard: { sent: 10, received: 10, damaged: 0 },
          discrepancies: [],
          serverReceivedAt: '2026-11-26T09:40:00Z',
        }),
      ),
    );
    expect(text).toContain('Diterima server : 26 Nov 2026 16:40 WIB');
    expect(text).toContain('Tidak ada selisih.');
    expect(text).not.toContain('Belum tersinkron');
  });

  it('draws both signatures as images', async () => {
    // The two signature images are QR codes here, so the page's images can be told apart.
    expect((await pdfQrCodes(await makeBastPdf(await data()))).sort()).toEqual(['driver', 'receiver']);
  });
});

describe('loading', () => {
  it('imports jspdf and qrcode only inside functions (the first screen does not carry them)', () => {
    for (const file of ['surat-jalan-pdf.ts', 'bast-pdf.ts', 'pdf-layout.ts']) {
      const source = readFileSync(new URL(`../../src/lib/documents/${file}`, import.meta.url), 'utf8');
      expect(source).not.toMatch(/^import\s+(?!type\b)[^;]*from\s+'(jspdf|qrcode)'/m);
    }
  });
});
