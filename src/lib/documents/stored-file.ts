// The folder src/lib/documents: the shipments' files. The handover's papers made on the tablet
// (surat-jalan-pdf.ts, bast-pdf.ts, their drawing helpers pdf-layout.ts, the QR qr-payload.ts, the
// BAST made again with the server's time bast-server-time.ts), what seals them (evidence.ts) and
// checks them (verify-document.ts, verify-sources.ts), a shipment's Dokumen list and handing a
// file to the user (document-list.ts, use-shipment-documents.ts, document-file.ts), and the stored
// files themselves: this file, stored-file-path.ts, use-stored-file-url.ts, photo compression
// (compress-image.ts) and the location that evidence carries (evidence-location.ts).
//
// Issue 40: the shipments' files (the shipping forms' photos, the handover's documents) live
// in the private bucket shipment-documents. A row names its object (the image columns keep
// the spec's relative public URL, documents their path); the app shows it from the tablet's
// own copy when it holds one (offline too), else through a short-lived signed URL that the
// server issues only to the shipment's readers (its storage.objects select policy).
import { DOCUMENTS_BUCKET } from './stored-file-path';
import { supabase } from '../session/supabase';

export { DOCUMENTS_BUCKET, objectPathOf } from './stored-file-path';

/** How long a signed URL opens its file: long enough to show and open it, no longer. */
export const SIGNED_URL_SECONDS = 300;

/** A signed URL of the object for the signed-in user, or null when the server refuses (or is unreachable). */
export async function signedFileUrl(path: string): Promise<string | null> {
  const { data, error } = await supabase.storage
    .from(DOCUMENTS_BUCKET)
    .createSignedUrl(path, SIGNED_URL_SECONDS);
  return error || !data ? null : data.signedUrl;
}
