// The BAST (berita acara serah terima) of a counted receipt (issue 28), made on the tablet
// without a server right after the count: what was sent and what was received per item,
// what arrived damaged, each discrepancy with its reason, both signatures with their names
// and times, the device's time and, once the receipt has synced, the server's.
// jspdf loads only here (pdf-layout.ts), when a document is made.
// Issue 40: given its document id and the signatures' ids, the BAST is sealed: a QR code with
// its id and the hash of its canonical content (evidence.ts: the receipt's hash, which holds
// both signatures' hashes), and that content in the PDF's Keywords.
// Issue 42: a receipt by serial lists the TVs' serials (received, damaged, missing, unexpected)
// on the BAST, or on an annex page when they are many, as the surat jalan does; its seal names them.
import { displayLocale, formatDateTime, formatNumber, setDisplayLocale } from '../format-date';
import type { TimeZone } from '../time-zone';
import type { jsPDF } from 'jspdf';
import { bastSeal, sha256Hex, type Seal } from './evidence';
import { encodeShipmentQr } from './qr-payload';
import {
  ANNEX_NOTE,
  INLINE_SERIALS,
  serialTable,
  bytesOf,
  CONTENT_WIDTH,
  fields,
  heading,
  newDocument,
  PAGE,
  room,
  sectionTitle,
  table,
} from './pdf-layout';

export const BAST_TITLE = 'BERITA ACARA SERAH TERIMA';

export interface BastItemCount {
  sent: number;
  received: number;
  damaged: number;
}

export interface BastSignature {
  name: string;
  signedAt: Date | string;
  /** The drawn signature: PNG bytes or a PNG data URL (signature_pad's toDataURL()). */
  image: Uint8Array | string;
}

export type DiscrepancyReason = 'kurang' | 'lebih' | 'rusak';

/** Issue 42: a receipt by serial's TVs, by the contract's tally (sync's tallySerials). */
export interface BastSerials {
  /** Every TV scanned (the Diterima count), in scan order. */
  received: readonly string[];
  /** Scanned and marked damaged (rusak). */
  damaged: readonly string[];
  /** Loaded and not scanned (kurang). */
  missing: readonly string[];
  /** Scanned and not loaded on this shipment (lebih). */
  unexpected: readonly string[];
}

export interface BastData {
  shipmentId: string;
  /**
   * The counted receipt's id (shipment_receipts.id): the upload queue reads its server time
   * with it and makes the BAST again before the upload (sync/uploads/server-time.ts).
   */
  receiptId?: string;
  batchNumber: string;
  /** BAST-<batch> unless given. */
  documentNumber?: string;
  /** The receiving hub's zone: the BAST's times are its clock (WIB, WITA). */
  timeZone: TimeZone;
  originHub: string;
  destinationHub: string;
  smartboard: BastItemCount;
  bracket: BastItemCount;
  discrepancies: readonly {
    item: 'smartboard' | 'bracket';
    reason: DiscrepancyReason;
    quantity: number;
    note?: string | null;
  }[];
  receiver: BastSignature;
  driver: BastSignature;
  /** Issue 42: the serials of a receipt by serial; absent for one by counts. */
  tvSerials?: BastSerials;
  /** When the tablet made the receipt. */
  deviceTime: Date | string;
  /** The receipt row's received_at once synced; absent or null before. */
  serverReceivedAt?: string | null;
  /** Issue 40: the shipment_documents id the BAST gets; with the two below, it is sealed. */
  documentId?: string;
  /** The shipment_documents ids of the two signatures (the receipt's receiver_/driver_signature_id). */
  receiverSignatureId?: string;
  driverSignatureId?: string;
  /** The app's origin for the QR's link (location.origin by default). */
  appOrigin?: string;
}

export function bastNumber(batchNumber: string): string {
  return `BAST-${batchNumber}`;
}

export const ITEM_LABEL = { smartboard: 'Smartboard TV', bracket: 'Bracket' } as const;
export const REASON_LABEL: Record<DiscrepancyReason, string> = {
  kurang: 'Kurang',
  lebih: 'Lebih',
  rusak: 'Rusak',
};

/**
 * The BAST as PDF bytes. A document for the receiver: Indonesian dates and numbers whatever
 * the device's language (the drawing below is synchronous, so the switch is only its own).
 */
export async function makeBastPdf(data: BastData): Promise<Uint8Array> {
  const number = data.documentNumber ?? bastNumber(data.batchNumber);
  const seal = await sealOfBast(data);
  const origin = data.appOrigin ?? globalThis.location?.origin ?? 'https://dermaga.invalid';
  const { doc, qr } = await newDocument(BAST_TITLE, {
    number,
    seal,
    qrText: seal ? encodeShipmentQr(origin, data.shipmentId, data.batchNumber, seal) : undefined,
  });
  const shown = displayLocale();
  setDisplayLocale('id-ID');
  try {
    draw(doc, data, number, qr);
  } finally {
    setDisplayLocale(shown);
  }
  return bytesOf(doc);
}

/** The PNG bytes of a signature given as bytes or as a data URL. */
export function signatureBytes(image: Uint8Array | string): Uint8Array {
  if (typeof image !== 'string') return image;
  const binary = atob(image.slice(image.indexOf(',') + 1));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The BAST's seal (evidence.ts), or null for one made without its ids (before issue 40). */
export async function sealOfBast(data: BastData): Promise<Seal | null> {
  if (!data.documentId || !data.receiptId || !data.receiverSignatureId || !data.driverSignatureId)
    return null;
  const signer = async (s: BastSignature, id: string) => ({
    name: s.name,
    signatureId: id,
    signatureSha256: await sha256Hex(signatureBytes(s.image)),
  });
  return bastSeal(
    {
      documentId: data.documentId,
      shipmentId: data.shipmentId,
      batchNumber: data.batchNumber,
      originHub: data.originHub,
      destinationHub: data.destinationHub,
    },
    {
      receiptId: data.receiptId,
      shipmentId: data.shipmentId,
      smartboard: data.smartboard,
      bracket: data.bracket,
      discrepancies: data.discrepancies,
      receiver: await signer(data.receiver, data.receiverSignatureId),
      driver: await signer(data.driver, data.driverSignatureId),
      signedAt: data.receiver.signedAt,
      tvSerials: data.tvSerials,
    },
  );
}

function draw(doc: jsPDF, data: BastData, number: string, qr: string | null): void {
  const zone = data.timeZone;

  let y = heading(doc, BAST_TITLE, number, PAGE.margin + 6);
  const qrSize = 38;
  const top = y;
  if (qr) {
    doc.addImage(qr, 'PNG', PAGE.width - PAGE.margin - qrSize, y - 4, qrSize, qrSize);
    doc.setFontSize(8);
    doc.text('Pindai untuk memeriksa dokumen', PAGE.width - PAGE.margin - qrSize / 2, y + qrSize - 2, {
      align: 'center',
    });
  }
  y = fields(
    doc,
    [
      ['No. Batch', data.batchNumber],
      ['Asal', data.originHub],
      ['Tujuan', data.destinationHub],
      ['Waktu perangkat', formatDateTime(data.deviceTime, zone)],
      [
        'Diterima server',
        data.serverReceivedAt ? formatDateTime(data.serverReceivedAt, zone) : 'Belum tersinkron',
      ],
    ],
    PAGE.margin,
    y,
    40,
    qr ? CONTENT_WIDTH - qrSize - 4 : CONTENT_WIDTH,
  );
  if (qr) y = Math.max(y, top + qrSize);

  y = sectionTitle(doc, 'Jumlah barang', y + 6);
  const n = formatNumber;
  y = table(
    doc,
    [
      { title: 'Barang', width: 58 },
      { title: 'Dikirim', width: 30, align: 'right' },
      { title: 'Diterima', width: 30, align: 'right' },
      { title: 'Rusak', width: 30, align: 'right' },
      { title: 'Baik', width: CONTENT_WIDTH - 148, align: 'right' },
    ],
    (['smartboard', 'bracket'] as const).map((item) => {
      const c = data[item];
      return [ITEM_LABEL[item], n(c.sent), n(c.received), n(c.damaged), n(c.received - c.damaged)];
    }),
    y,
  );

  y = sectionTitle(doc, 'Selisih', y + 10);
  if (data.discrepancies.length === 0) {
    doc.setFontSize(10);
    doc.text('Tidak ada selisih.', PAGE.margin, y + 4);
    y += 8;
  } else {
    y = table(
      doc,
      [
        { title: 'Barang', width: 40 },
        { title: 'Alasan', width: 26 },
        { title: 'Jumlah', width: 24, align: 'right' },
        { title: 'Catatan', width: CONTENT_WIDTH - 90 },
      ],
      data.discrepancies.map((d) => [
        ITEM_LABEL[d.item],
        REASON_LABEL[d.reason],
        n(d.quantity),
        d.note?.trim() || '-',
      ]),
      y,
    );
  }

  const serials = serialGroups(data.tvSerials);
  const annexed = serials.reduce((sum, [, list]) => sum + list.length, 0) > INLINE_SERIALS;
  if (serials.length > 0) {
    y = sectionTitle(doc, 'Nomor Seri Smartboard TV', room(doc, y + 10, 20));
    if (annexed) y = fields(doc, [['Daftar', ANNEX_NOTE]], PAGE.margin, y + 2, 34);
    else y = drawSerialGroups(doc, serials, y);
  }

  y = room(doc, y + 10, 64);
  y = sectionTitle(doc, 'Tanda tangan', y);
  const width = CONTENT_WIDTH / 2;
  (
    [
      ['Penerima', data.receiver],
      ['Pengemudi', data.driver],
    ] as const
  ).forEach(([role, signature], i) => {
    const x = PAGE.margin + i * width;
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(10);
    doc.text(role, x + width / 2, y + 4, { align: 'center' });
    doc.setFont('helvetica', 'normal');
    doc.addImage(signature.image, 'PNG', x + 10, y + 7, width - 20, 30);
    doc.line(x + 6, y + 39, x + width - 6, y + 39);
    doc.text(signature.name, x + width / 2, y + 45, { align: 'center' });
    doc.setFontSize(9);
    doc.text(formatDateTime(signature.signedAt, zone), x + width / 2, y + 50, { align: 'center' });
  });
  if (annexed) {
    doc.addPage();
    y = heading(doc, 'LAMPIRAN BAST', number, PAGE.margin + 6);
    y = sectionTitle(doc, 'Nomor Seri Smartboard TV', y);
    drawSerialGroups(doc, serials, y);
  }
}

/** The serial lists a BAST shows, each with its title and count; empty ones left out. */
function serialGroups(s: BastSerials | undefined): [string, readonly string[]][] {
  if (!s) return [];
  const groups: [string, readonly string[]][] = [
    ['Diterima', s.received],
    [REASON_LABEL.rusak, s.damaged],
    [REASON_LABEL.kurang, s.missing],
    [REASON_LABEL.lebih, s.unexpected],
  ];
  return groups.filter(([, list]) => list.length > 0);
}

function drawSerialGroups(doc: jsPDF, groups: [string, readonly string[]][], y: number): number {
  for (const [title, list] of groups) {
    y = sectionTitle(doc, `${title} (${formatNumber(list.length)})`, room(doc, y + 7, 20));
    y = serialTable(doc, list, y);
  }
  return y;
}
