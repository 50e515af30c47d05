// Issue 40: the canonical content of the handover documents and the hash chain
// (signature -> receipt -> BAST -> QR), against cases computed by hand: each expected
// string below was written out by hand and its SHA-256 taken with `printf %s '...' | sha256sum`.
import { describe, expect, it } from 'vitest';
import {
  bastContent,
  bastSeal,
  canonicalJson,
  evidenceKeywords,
  evidenceOfPdf,
  receiptContent,
  sha256Hex,
  suratJalanContent,
  type ReceiptEvidence,
} from '../../src/lib/documents/evidence';

const id = (tail: string) => `00000000-0000-4000-8000-0000000000${tail}`;
const SIG_RECEIVER = new TextEncoder().encode('receiver-png');
const SIG_DRIVER = new TextEncoder().encode('driver-png');
// printf %s 'receiver-png' | sha256sum ; printf %s 'driver-png' | sha256sum
const SIG_RECEIVER_SHA = '43945a815a250a7beb26cf3328f382ee22bc0993934db8e9144e74569566a9a8';
const SIG_DRIVER_SHA = '1d2290687429e5797ecac0b06af810475a883caa7a2c5056dde5cb9521930ef5';

const receipt = (over: Partial<ReceiptEvidence> = {}): ReceiptEvidence => ({
  receiptId: id('a1'),
  shipmentId: id('e1'),
  smartboard: { sent: 12, received: 10, damaged: 1 },
  bracket: { sent: 7, received: 7, damaged: 0 },
  // Given out of order: the canonical form sorts them (item, then kurang, lebih, rusak).
  discrepancies: [
    { item: 'smartboard', reason: 'rusak', quantity: 1, note: null },
    { item: 'smartboard', reason: 'kurang', quantity: 2, note: ' dus sobek ' },
  ],
  receiver: { name: ' Siti ', signatureId: id('d1'), signatureSha256: SIG_RECEIVER_SHA },
  driver: { name: 'Budi', signatureId: id('d2'), signatureSha256: SIG_DRIVER_SHA },
  signedAt: '2026-11-28T12:00:00+07:00',
  ...over,
});

const RECEIPT_JSON =
  '{"bracket":{"damaged":0,"received":7,"sent":7},' +
  '"discrepancies":[{"item":"smartboard","note":"dus sobek","quantity":2,"reason":"kurang"},' +
  '{"item":"smartboard","note":null,"quantity":1,"reason":"rusak"}],' +
  `"driver":{"name":"Budi","signature_id":"${id('d2')}","signature_sha256":"${SIG_DRIVER_SHA}"},` +
  `"receipt_id":"${id('a1')}",` +
  `"receiver":{"name":"Siti","signature_id":"${id('d1')}","signature_sha256":"${SIG_RECEIVER_SHA}"},` +
  `"shipment_id":"${id('e1')}","signed_at":"2026-11-28T05:00:00.000Z",` +
  '"smartboard":{"damaged":1,"received":10,"sent":12},"type":"dermaga.receipt","v":1}';
const RECEIPT_SHA = 'e1b7609de0bb9d300636ed7d5559637e516214353aa1652e122e5a0247deaffd';

const BAST = {
  documentId: id('b1'),
  shipmentId: id('e1'),
  batchNumber: 'KRW-01',
  originHub: 'Hub Karawang',
  destinationHub: 'Hub Cikarang',
};
const BAST_JSON =
  `{"batch_number":"KRW-01","destination_hub":"Hub Cikarang","document_id":"${id('b1')}",` +
  `"origin_hub":"Hub Karawang","receipt_sha256":"${RECEIPT_SHA}","shipment_id":"${id('e1')}",` +
  '"type":"dermaga.bast","v":1}';
const BAST_SHA = '1258b26258e2189be5f018511f514cff3d901294ed99643cb44ce60a33caaac8';

describe('canonical JSON and SHA-256', () => {
  it('sorts keys, drops undefined, writes no spaces and NFC strings', () => {
    expect(canonicalJson({ b: 1, a: { d: 'x', c: [2, 1] }, e: undefined, f: null })).toBe(
      '{"a":{"c":[2,1],"d":"x"},"b":1,"f":null}',
    );
    // "é" typed as e + combining acute is written as the one code point U+00E9.
    expect(canonicalJson('Jose\u0301')).toBe('"José"');
    expect(canonicalJson('Jose\u0301')).toBe(canonicalJson('Jos\u00e9'));
  });

  it('hashes as SHA-256 does (the FIPS 180-2 "abc" vector)', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await sha256Hex(SIG_RECEIVER)).toBe(SIG_RECEIVER_SHA);
  });
});

describe('the hash chain: signatures into the receipt, the receipt into the BAST', () => {
  it('the receipt: counts, sorted differences, trimmed names, both signatures’ hashes, the instant in UTC', async () => {
    expect(canonicalJson(receiptContent(receipt()))).toBe(RECEIPT_JSON);
    expect(await sha256Hex(canonicalJson(receiptContent(receipt())))).toBe(RECEIPT_SHA);
  });

  it('the BAST: its document, its shipment and the receipt’s hash; the QR’s hash is this', async () => {
    expect(canonicalJson(bastContent({ ...BAST, receiptSha256: RECEIPT_SHA }))).toBe(BAST_JSON);
    const seal = await bastSeal(BAST, receipt());
    expect(seal.documentId).toBe(id('b1'));
    expect(seal.contentSha256).toBe(BAST_SHA);
    expect(canonicalJson(seal.evidence.receipt!)).toBe(RECEIPT_JSON);
  });

  it('a change to one signature, one count, a name or the time changes the BAST’s hash', async () => {
    const changedSignature = new Uint8Array(SIG_DRIVER);
    changedSignature[0] = changedSignature[0]! ^ 1;
    const variants: ReceiptEvidence[] = [
      receipt({ driver: { name: 'Budi', signatureId: id('d2'), signatureSha256: await sha256Hex(changedSignature) } }),
      receipt({ smartboard: { sent: 12, received: 11, damaged: 1 } }),
      receipt({ receiver: { name: 'Sita', signatureId: id('d1'), signatureSha256: SIG_RECEIVER_SHA } }),
      receipt({ signedAt: '2026-11-28T12:00:01+07:00' }),
    ];
    const hashes = await Promise.all(variants.map(async (r) => (await bastSeal(BAST, r)).contentSha256));
    for (const h of hashes) expect(h).not.toBe(BAST_SHA);
    expect(new Set(hashes).size).toBe(variants.length);
    // And the same receipt written another way (same instant, other zone) is the same.
    expect((await bastSeal(BAST, receipt({ signedAt: '2026-11-28T05:00:00Z' }))).contentSha256).toBe(BAST_SHA);
  });

  it('the surat jalan: everything its page says, canonical', async () => {
    const content = suratJalanContent({
      documentId: id('c1'),
      shipmentId: id('e1'),
      batchNumber: 'KRW-01',
      madeAt: new Date('2026-11-27T08:30:00+07:00'),
      originHub: 'Hub Karawang',
      destinationHub: 'Hub Cikarang',
      vendor: 'PT Angkut',
      transport: { mode: 'darat', vehiclePlate: 'B 1234 XY', driverName: 'Agus' },
      smartboard: 12,
      bracket: 7,
    });
    const json =
      `{"batch_number":"KRW-01","bracket":7,"destination_hub":"Hub Cikarang","document_id":"${id('c1')}",` +
      '"made_at":"2026-11-27T01:30:00.000Z","notes":null,"origin_hub":"Hub Karawang",' +
      `"shipment_id":"${id('e1')}","smartboard":12,` +
      '"transport":{"driver_name":"Agus","mode":"darat","vehicle_plate":"B 1234 XY"},' +
      '"type":"dermaga.surat_jalan","v":1,"vendor":"PT Angkut"}';
    expect(canonicalJson(content)).toBe(json);
    expect(await sha256Hex(canonicalJson(content))).toBe(
      'f2168702a2f3a7fa4dfeb4e768a9fb5c1968e01e7b77d041eb3f982f154c42b0',
    );
  });
});

describe('the evidence a PDF carries in its Keywords', () => {
  it('is read back from the bytes whole, and is absent from a file without it', async () => {
    const seal = await bastSeal(BAST, receipt({ receiver: { name: 'Siti Nur’aini', signatureId: id('d1'), signatureSha256: SIG_RECEIVER_SHA } }));
    const keywords = evidenceKeywords(seal.evidence);
    expect(keywords).toMatch(/^dermaga-evidence:[A-Za-z0-9_-]+$/);
    const pdf = new TextEncoder().encode(`%PDF-1.3\n<< /Keywords (${keywords}) >>\n%%EOF`);
    const back = evidenceOfPdf(pdf);
    expect(canonicalJson(back!.content)).toBe(canonicalJson(seal.evidence.content));
    expect(await sha256Hex(canonicalJson(back!.content))).toBe(seal.contentSha256);
    expect(evidenceOfPdf(new TextEncoder().encode('%PDF-1.3\n%%EOF'))).toBeNull();
  });
});
