// Drawing helpers shared by the surat jalan and the BAST (issue 28). Only types come from
// jspdf here: the library itself is loaded by import() inside the two documents' functions,
// so nothing of it reaches the first screen's code.
import type { jsPDF } from 'jspdf';
import { evidenceKeywords, type Seal } from './evidence';

export const PAGE = { width: 210, height: 297, margin: 16 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

/**
 * A new A4 portrait document in millimetres with the documents' font, titled with its number;
 * a sealed one carries its seal's canonical content in its Keywords (evidence.ts). With
 * `qrText`, the QR code the document shows, ready to draw (null without).
 */
export async function newDocument(
  title: string,
  { number, seal, qrText }: { number: string; seal: Seal | null; qrText?: string },
): Promise<{ doc: jsPDF; qr: string | null }> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'mm', format: 'a4', orientation: 'portrait', compress: true });
  doc.setProperties({ title: `${title} ${number}`, creator: 'Dermaga' });
  doc.setFont('helvetica', 'normal');
  if (seal) doc.setProperties({ keywords: evidenceKeywords(seal.evidence) });
  return { doc, qr: qrText === undefined ? null : await qrPng(qrText) };
}

/** The QR code of `text` as a PNG data URL (qrcode, loaded here only). */
async function qrPng(text: string): Promise<string> {
  const QRCode = await import('qrcode');
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 4, scale: 8 });
}

/** The document's heading: title, centred and bold, with its number under it. */
export function heading(doc: jsPDF, title: string, number: string, y: number): number {
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(18);
  doc.text(title, PAGE.width / 2, y, { align: 'center' });
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(11);
  doc.text(`No. ${number}`, PAGE.width / 2, y + 7, { align: 'center' });
  doc.setLineWidth(0.4);
  doc.line(PAGE.margin, y + 11, PAGE.width - PAGE.margin, y + 11);
  return y + 19;
}

/** Label: value lines in two columns of text; returns the y below them. */
export function fields(
  doc: jsPDF,
  rows: readonly (readonly [string, string])[],
  x: number,
  y: number,
  labelWidth = 38,
  width = CONTENT_WIDTH,
): number {
  doc.setFontSize(10);
  for (const [label, value] of rows) {
    doc.setFont('helvetica', 'bold');
    doc.text(label, x, y);
    doc.setFont('helvetica', 'normal');
    const lines = doc.splitTextToSize(`: ${value}`, width - labelWidth) as string[];
    doc.text(lines, x + labelWidth, y);
    y += 5.5 * lines.length;
  }
  return y;
}

/** A table with a header row; columns by width in mm; returns the y below it. */
export function table(
  doc: jsPDF,
  columns: readonly { title: string; width: number; align?: 'left' | 'right' }[],
  rows: readonly (readonly string[])[],
  y: number,
): number {
  const rowHeight = 7.5;
  const drawRow = (cells: readonly string[], bold: boolean) => {
    let x = PAGE.margin;
    doc.setFont('helvetica', bold ? 'bold' : 'normal');
    columns.forEach((column, i) => {
      doc.rect(x, y, column.width, rowHeight);
      const text = cells[i] ?? '';
      if (column.align === 'right') doc.text(text, x + column.width - 2, y + 5, { align: 'right' });
      else doc.text(doc.splitTextToSize(text, column.width - 4)[0] ?? '', x + 2, y + 5);
      x += column.width;
    });
    y += rowHeight;
  };
  doc.setFontSize(10);
  doc.setLineWidth(0.2);
  drawRow(
    columns.map((c) => c.title),
    true,
  );
  for (const row of rows) drawRow(row, false);
  return y;
}

/** A section's title in bold; returns the y to write under it. */
export function sectionTitle(doc: jsPDF, text: string, y: number): number {
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(11);
  doc.text(text, PAGE.margin, y);
  doc.setFont('helvetica', 'normal');
  return y + 4;
}

/** Starts a new page when `needed` mm do not fit under y; returns where to write. */
export function room(doc: jsPDF, y: number, needed: number): number {
  if (y + needed <= PAGE.height - PAGE.margin) return y;
  doc.addPage();
  return PAGE.margin + 6;
}

/** Issue 42: up to this many serials stand on a document's first page; more go to an annex. */
export const INLINE_SERIALS = 24;
export const ANNEX_NOTE = 'pada Lampiran (halaman berikut)';
const SERIAL_COLUMNS = 3;

/**
 * Serial numbers (issue 42), numbered, in three columns, over as many pages as they need;
 * returns the y below.
 */
export function serialTable(doc: jsPDF, serials: readonly string[], y: number): number {
  const width = CONTENT_WIDTH / SERIAL_COLUMNS;
  const columns = Array.from({ length: SERIAL_COLUMNS }, () => ({ title: 'No. / Nomor Seri', width }));
  const rows: string[][] = [];
  for (let i = 0; i < serials.length; i += SERIAL_COLUMNS)
    rows.push(serials.slice(i, i + SERIAL_COLUMNS).map((serial, j) => `${i + j + 1}. ${serial}`));
  // A page holds its header row and as many rows as fit below y (7.5 mm each).
  let at = 0;
  while (at < rows.length) {
    y = room(doc, y, 15);
    const fit = Math.max(1, Math.floor((PAGE.height - PAGE.margin - y) / 7.5) - 1);
    y = table(doc, columns, rows.slice(at, at + fit), y);
    at += fit;
  }
  return y;
}

/** The document's bytes. */
export function bytesOf(doc: jsPDF): Uint8Array {
  return new Uint8Array(doc.output('arraybuffer'));
}
