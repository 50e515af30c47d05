// Issue 40: the sealed QR of the surat jalan and the BAST (read back from the made PDF) and
// the judgement of "Periksa Dokumen" (verify-document.ts) over what the sources found.
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { makeBastPdf, type BastData } from '../../src/lib/documents/bast-pdf';
import { contentSha256, evidenceOfPdf, sha256Hex } from '../../src/lib/documents/evidence';
import { encodeShipmentQr, parseShipmentQr } from '../../src/lib/documents/qr-payload';
import { makeSuratJalanPdf } from '../../src/lib/documents/surat-jalan-pdf';
import { verifyDocument, type SealedRow, type VerifyInput } from '../../src/lib/documents/verify-document';
import { KARAWANG_TO_CIKARANG, pdfQrCodes } from '../support/handover-pdf';

const SHIPMENT = '0b9d3c51-2a4e-4f6b-9c1d-7e8f90a1b2c3';
const BAST_ID = '5f0c1d2e-3a4b-4c5d-8e6f-708192a3b4c5';
const RECEIVER_SIG = '6a1b2c3d-4e5f-4a6b-8c7d-8e9fa0b1c2d3';
const DRIVER_SIG = '7b2c3d4e-5f6a-4b7c-8d8e-9fa0b1c2d3e4';
const RECEIPT = '8c3d4e5f-6a7b-4c8d-9e9f-a0b1c2d3e4f5';

const receiverPng = async () => QRCode.toDataURL('receiver');
const driverPng = async () => new Uint8Array(await QRCode.toBuffer('driver'));

const bast = async (): Promise<BastData> => ({
  appOrigin: 'https://dermaga.example',
  shipmentId: SHIPMENT,
  receiptId: RECEIPT,
  documentId: BAST_ID,
  receiverSignatureId: RECEIVER_SIG,
  driverSignatureId: DRIVER_SIG,
  batchNumber: 'KRW-20261126-01',
  ...KARAWANG_TO_CIKARANG,
  smartboard: { sent: 10, received: 8, damaged: 0 },
  bracket: { sent: 20, received: 20, damaged: 0 },
  discrepancies: [{ item: 'smartboard', reason: 'kurang', quantity: 2, note: 'Dua dus tidak ada' }],
  receiver: { name: 'Dewi Lestari', signedAt: '2026-11-26T09:30:00Z', image: await receiverPng() },
  driver: { name: 'Slamet Riyadi', signedAt: '2026-11-26T09:30:00Z', image: await driverPng() },
  deviceTime: '2026-11-26T09:32:00Z',
});

const pngBytes = (dataUrl: string) => Uint8Array.from(atob(dataUrl.split(',')[1]!), (c) => c.charCodeAt(0));

// Making a PDF and reading its QR code takes seconds on a loaded machine: more than the unit
// project's default of 5 s per test.
const PDF_WORK = { timeout: 30_000 };

describe('the sealed QR', PDF_WORK, () => {
  it('old codes (shipment and batch only) still read as before; new ones name the document and its hash', () => {
    const old = encodeShipmentQr('https://dermaga.example', SHIPMENT, 'B-1');
    expect(parseShipmentQr(old)).toEqual({ shipmentId: SHIPMENT, batchNumber: 'B-1' });
    const hash = 'ab'.repeat(32);
    const sealed = encodeShipmentQr('https://dermaga.example', SHIPMENT, 'B-1', {
      documentId: BAST_ID,
      contentSha256: hash,
    });
    expect(sealed).toBe(`https://dermaga.example/terima/${SHIPMENT}?batch=B-1&doc=${BAST_ID}&sha256=${hash}`);
    expect(parseShipmentQr(sealed)).toEqual({
      shipmentId: SHIPMENT,
      batchNumber: 'B-1',
      documentId: BAST_ID,
      contentSha256: hash,
    });
  });

  it('the BAST’s QR carries its id and the hash of the content its Keywords carry, made again or not', async () => {
    const data = await bast();
    const made = await makeBastPdf(data);
    const remade = await makeBastPdf({ ...data, serverReceivedAt: '2026-11-26T09:40:00Z' });
    const codes = (await pdfQrCodes(made)).map(parseShipmentQr).filter((q) => q?.documentId);
    expect(codes).toHaveLength(1);
    const evidence = evidenceOfPdf(made)!;
    expect(codes[0]).toMatchObject({ shipmentId: SHIPMENT, documentId: BAST_ID, contentSha256: await contentSha256(evidence) });
    // The server's time changes the file, not the content the paper proves.
    expect(await sha256Hex(remade)).not.toBe(await sha256Hex(made));
    expect(await contentSha256(evidenceOfPdf(remade)!)).toBe(codes[0]!.contentSha256);
    // The receipt under it holds both signatures' hashes, as attached.
    const receipt = evidence.receipt as { receiver: { signature_sha256: string }; driver: { signature_sha256: string } };
    expect(receipt.receiver.signature_sha256).toBe(await sha256Hex(pngBytes(data.receiver.image as string)));
    expect(receipt.driver.signature_sha256).toBe(await sha256Hex(data.driver.image as Uint8Array));
  });

  it('a BAST or surat jalan made without a document id (queued before) has the old code and no evidence', async () => {
    const { documentId: _, ...old } = await bast();
    const made = await makeBastPdf(old);
    expect(evidenceOfPdf(made)).toBeNull();
    expect((await pdfQrCodes(made)).filter((c) => c.includes('/terima/'))).toEqual([]);
    const sj = await makeSuratJalanPdf({
      appOrigin: 'https://dermaga.example',
      shipmentId: SHIPMENT,
      batchNumber: 'B-1',
      madeAt: '2026-11-26T07:05:00Z',
      ...KARAWANG_TO_CIKARANG,
      vendor: null,
      transport: { mode: 'darat', vehiclePlate: null, driverName: null },
      smartboard: 1,
      bracket: 0,
      documentId: BAST_ID,
    });
    const [code] = await pdfQrCodes(sj);
    expect(parseShipmentQr(code!)?.contentSha256).toBe(await contentSha256(evidenceOfPdf(sj)!));
  });
});

describe('the judgement', PDF_WORK, () => {
  let made: ReturnType<typeof makeSealedCase> | undefined;
  /** One sealed BAST for every case here (made once: each case only reads it). */
  const sealedCase = () => (made ??= makeSealedCase());
  async function makeSealedCase() {
    const data = await bast();
    const bytes = await makeBastPdf({ ...data, serverReceivedAt: '2026-11-26T09:40:00Z' });
    const evidence = evidenceOfPdf(bytes)!;
    const row: SealedRow = {
      id: BAST_ID,
      shipment_id: SHIPMENT,
      kind: 'bast',
      sha256: await sha256Hex(bytes),
      received_at: '2026-11-26T09:41:00+00:00',
    };
    const sig = async (id: string, kind: string, b: Uint8Array): Promise<SealedRow> => ({
      id,
      shipment_id: SHIPMENT,
      kind,
      sha256: await sha256Hex(b),
      received_at: '2026-11-26T09:40:30+00:00',
    });
    const signatures = new Map<string, SealedRow>([
      [RECEIVER_SIG, await sig(RECEIVER_SIG, 'signature_receiver', pngBytes(data.receiver.image as string))],
      [DRIVER_SIG, await sig(DRIVER_SIG, 'signature_driver', data.driver.image as Uint8Array)],
    ]);
    const input: VerifyInput = {
      claim: { from: 'qr', shipmentId: SHIPMENT, documentId: BAST_ID, contentSha256: await contentSha256(evidence) },
      source: 'server',
      row,
      pending: false,
      copy: { sha256: row.sha256, evidence },
      signatures,
      receipt: {
        receiver_name: 'Dewi Lestari',
        driver_name: 'Slamet Riyadi',
        signed_at: '2026-11-26T09:30:00+00:00',
        smartboard_received: 8,
        bracket_received: 20,
        smartboard_damaged: 0,
        bracket_damaged: 0,
      },
      others: [row, ...signatures.values()],
    };
    return { bytes, input };
  }

  it('sesuai: the sealed one, with who signed and when the server received it', async () => {
    const { input } = await sealedCase();
    const result = await verifyDocument(input);
    expect(result).toMatchObject({ verdict: 'sesuai', reasons: [], receivedAt: '2026-11-26T09:41:00+00:00', kind: 'bast' });
    expect(result.signers.map((s) => [s.role, s.name])).toEqual([
      ['receiver', 'Dewi Lestari'],
      ['driver', 'Slamet Riyadi'],
    ]);
    // Offline, against the tablet's copy (no server receipt to compare): sesuai too.
    expect((await verifyDocument({ ...input, source: 'device', receipt: null })).verdict).toBe('sesuai');
  });

  it('a file with one changed byte is flagged; the sealed file itself is sesuai', async () => {
    const { bytes, input } = await sealedCase();
    const changed = bytes.slice();
    const at = Math.floor(changed.length / 2);
    changed[at] = changed[at]! ^ 1;
    const file = (b: Uint8Array) => ({ from: 'file' as const, fileSha256: '', evidence: evidenceOfPdf(b) });
    const sealed = await verifyDocument({ ...input, claim: { ...file(bytes), fileSha256: await sha256Hex(bytes) } });
    expect(sealed.verdict).toBe('sesuai');
    const flagged = await verifyDocument({ ...input, claim: { ...file(changed), fileSha256: await sha256Hex(changed) } });
    expect(flagged).toMatchObject({ verdict: 'tidakSesuai', reasons: ['fileDiffers'] });
  });

  it('a QR whose hash differs, a signature attached with other bytes, a server count that differs: flagged', async () => {
    const { input } = await sealedCase();
    const claim = { ...input.claim, contentSha256: 'f'.repeat(64) };
    expect(await verifyDocument({ ...input, claim })).toMatchObject({ verdict: 'tidakSesuai', reasons: ['contentDiffers'] });
    const signatures = new Map(input.signatures);
    signatures.set(DRIVER_SIG, { ...signatures.get(DRIVER_SIG)!, sha256: '0'.repeat(64) });
    expect(await verifyDocument({ ...input, signatures })).toMatchObject({ verdict: 'tidakSesuai', reasons: ['signatureDiffers'] });
    const receipt = { ...input.receipt!, smartboard_received: 10 };
    expect(await verifyDocument({ ...input, receipt })).toMatchObject({ verdict: 'tidakSesuai', reasons: ['receiptDiffers'] });
    expect(await verifyDocument({ ...input, receipt: null })).toMatchObject({ verdict: 'tidakSesuai' });
  });

  it('a later BAST of the shipment replaced it: diganti, naming the later one', async () => {
    const { input } = await sealedCase();
    const later: SealedRow = { ...input.row!, id: RECEIPT, sha256: 'e'.repeat(64), received_at: '2026-11-27T01:00:00+00:00' };
    const result = await verifyDocument({ ...input, others: [...input.others, later] });
    expect(result).toMatchObject({ verdict: 'diganti', replacedBy: { id: RECEIPT, receivedAt: later.received_at } });
  });

  it('old code, not on this tablet, not registered, still waiting to upload', async () => {
    const { input } = await sealedCase();
    expect((await verifyDocument({ ...input, claim: { from: 'qr', shipmentId: SHIPMENT } })).verdict).toBe('kodeLama');
    const missing = { ...input, row: null, copy: null, others: [] };
    expect(await verifyDocument({ ...missing, source: 'device' })).toMatchObject({ verdict: 'perluOnline', reasons: ['notOnDevice'] });
    expect(await verifyDocument(missing)).toMatchObject({ verdict: 'tidakDikenal', reasons: ['notRegistered'] });
    const pending = await verifyDocument({ ...input, source: 'device', row: null, pending: true, signatures: new Map(), receipt: null });
    expect(pending).toMatchObject({ verdict: 'belumTersegel' });
  });
});
