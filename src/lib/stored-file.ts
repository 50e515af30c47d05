// Issue 40: the shipments' files (the shipping forms' photos, the handover's documents) live
// in the private bucket shipment-documents. A row names its object (the image columns keep
// the spec's relative public URL, documents their path); the app shows it from the tablet's
// own copy when it holds one (offline too), else through a short-lived signed URL that the
// server issues only to the shipment's readers (its storage.objects select policy).
import { DOCUMENTS_BUCKET } from './stored-file-path';
import { supabase } from './supabase';

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
