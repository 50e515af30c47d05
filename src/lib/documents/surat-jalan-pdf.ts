// The surat jalan (delivery note) the truck or the container carries (issue 28), made on
// the tablet without a server from plain data: the shipment, how it travels, what it
// carries, a QR code that opens its arrival step (qr-payload.ts) and the lines to sign.
// jspdf and qrcode load only here (pdf-layout.ts), when a document is made.
// Issue 40: given its document id, the note is sealed: its QR also carries the id and the hash
// of its canonical content (evidence.ts), and that content rides in the PDF's Keywords.
import { formatDateTime, formatNumber, inLocale } from '../format-date';
import type { TimeZone } from '../time-zone';
import type { jsPDF } from 'jspdf';
import { sealOf, suratJalanContent, type Seal, type SuratJalanEvidence } from './evidence';
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

export const SURAT_JALAN_TITLE = 'SURAT JALAN';

/** What the note says (evidence.ts: what its seal covers), and how it is made. */
export interface SuratJalanData extends Omit<SuratJalanEvidence, 'documentId'> {
  /** The app's origin, for the QR code's link (location.origin). */
  appOrigin: string;
  /** SJ-<batch> unless given. */
  documentNumber?: string;
  /** The origin hub's zone: the note's times are its clock (WIB, WITA). */
  timeZone: TimeZone;
  /** Issue 40: the shipment_documents id the note gets; with it, the note is sealed. */
  documentId?: string;
}

/** The note's seal (evidence.ts), or null without a document id. */
export async function sealOfSuratJalan(data: SuratJalanData): Promise<Seal | null> {
  if (!data.documentId) return null;
  return sealOf(data.documentId, { content: suratJalanContent({ ...data, documentId: data.documentId }) });
}

export function suratJalanNumber(batchNumber: string): string {
  return `SJ-${batchNumber}`;
}

const orDash = (value: string | null | undefined) => (value && value.trim() ? value.trim() : '-');

/** The surat jalan as PDF bytes. */
export async function makeSuratJalanPdf(data: SuratJalanData): Promise<Uint8Array> {
  const number = data.documentNumber ?? suratJalanNumber(data.batchNumber);
  const seal = await sealOfSuratJalan(data);
  const { doc, qr } = await newDocument(SURAT_JALAN_TITLE, {
    number,
    seal,
    qrText: encodeShipmentQr(data.appOrigin, data.shipmentId, data.batchNumber, seal ?? undefined),
  });

  let y = heading(doc, SURAT_JALAN_TITLE, number, PAGE.margin + 6);
  const qrSize = 42;
  if (qr) doc.addImage(qr, 'PNG', PAGE.width - PAGE.margin - qrSize, y - 4, qrSize, qrSize);
  doc.setFontSize(8);
  doc.text('Pindai saat barang tiba', PAGE.width - PAGE.margin - qrSize / 2, y + qrSize - 2, {
    align: 'center',
  });

  const transport: [string, string][] =
    data.transport.mode === 'darat'
      ? [
          ['Moda', 'Darat (truk)'],
          ['No. Polisi', orDash(data.transport.vehiclePlate)],
          ['Pengemudi', orDash(data.transport.driverName)],
        ]
      : [
          ['Moda', 'Laut'],
          ['Kapal', orDash(data.transport.shipName)],
          ['Pelayaran', orDash(data.transport.shippingLine)],
          ['No. Kontainer', data.transport.containers.length ? data.transport.containers.join(', ') : '-'],
        ];
  y = fields(
    doc,
    [
      ['No. Batch', data.batchNumber],
      // The document is Indonesian whatever the screen's language: its date and counts too.
      ['Tanggal', inLocale('id-ID', () => formatDateTime(data.madeAt, data.timeZone))],
      ['Asal', data.originHub],
      ['Tujuan', data.destinationHub],
      ['Vendor', orDash(data.vendor)],
      ...transport,
    ],
    PAGE.margin,
    y,
    34,
    CONTENT_WIDTH - qrSize - 4,
  );
  y = Math.max(y, PAGE.margin + 25 + qrSize) + 6;

  y = sectionTitle(doc, 'Barang', y);
  y = table(
    doc,
    [
      { title: 'No.', width: 14 },
      { title: 'Barang', width: 96 },
      { title: 'Jumlah', width: 34, align: 'right' },
      { title: 'Satuan', width: CONTENT_WIDTH - 144 },
    ],
    [
      ['1', 'Smartboard TV', inLocale('id-ID', () => formatNumber(data.smartboard)), 'unit'],
      ['2', 'Bracket', inLocale('id-ID', () => formatNumber(data.bracket)), 'unit'],
    ],
    y,
  );
  const serials = data.tvSerials ?? [];
  const annexed = serials.length > INLINE_SERIALS;
  if (serials.length > 0) {
    y = sectionTitle(doc, `Nomor Seri Smartboard TV (${serials.length})`, room(doc, y + 10, 20));
    if (annexed) y = fields(doc, [['Daftar', ANNEX_NOTE]], PAGE.margin, y + 2, 34);
    else y = serialTable(doc, serials, y);
  }
  if (data.notes) {
    y += 6;
    y = fields(doc, [['Catatan', data.notes]], PAGE.margin, y, 34);
  }

  y = room(doc, y + 10, 50);
  doc.setFontSize(9);
  doc.text(
    'Barang di atas diterima dalam keadaan baik dan jumlah yang sesuai, kecuali dicatat lain pada BAST.',
    PAGE.margin,
    y,
  );
  y += 12;
  signatureLines(doc, ['Pengirim', 'Pengemudi', 'Penerima'], y);
  if (annexed) {
    doc.addPage();
    y = heading(doc, 'LAMPIRAN SURAT JALAN', number, PAGE.margin + 6);
    y = sectionTitle(doc, `Nomor Seri Smartboard TV (${serials.length})`, y);
    serialTable(doc, serials, y);
  }
  return bytesOf(doc);
}

export { ANNEX_NOTE, INLINE_SERIALS } from './pdf-layout';
function signatureLines(doc: jsPDF, roles: readonly string[], y: number) {
  const width = CONTENT_WIDTH / roles.length;
  doc.setFontSize(10);
  roles.forEach((role, i) => {
    const x = PAGE.margin + i * width;
    doc.setFont('helvetica', 'bold');
    doc.text(role, x + width / 2, y, { align: 'center' });
    doc.setFont('helvetica', 'normal');
    doc.line(x + 6, y + 26, x + width - 6, y + 26);
    doc.text('Nama & tanda tangan', x + width / 2, y + 31, { align: 'center' });
  });
}
