// The engine's maker of documents that show the server's receipt time (issue 28): the BAST,
// made again from the data it was first made from, with the receipt's received_at, just
// before its upload (sync/uploads/server-time.ts). jspdf loads only when one is made.
import type { DocumentKind } from '../../../sync/pure';
import type { BastData } from './bast-pdf';

export async function remakeDocument(
  kind: DocumentKind,
  data: unknown,
  serverTime: string,
): Promise<Uint8Array> {
  if (kind !== 'bast') throw new Error(`Dokumen ${kind} tidak dibuat ulang.`);
  const { makeBastPdf } = await import('./bast-pdf');
  return makeBastPdf({ ...(data as BastData), serverReceivedAt: serverTime });
}
