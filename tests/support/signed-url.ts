// Issue 40: the shipment-documents bucket is private. A test reads a stored file as the app
// does: through a short-lived signed URL issued to a reader of the shipment.
import type { SupabaseClient } from '@supabase/supabase-js';

export async function signedUrl(client: SupabaseClient, path: string, bucket = 'shipment-documents'): Promise<string> {
  const { data, error } = await client.storage.from(bucket).createSignedUrl(path, 60);
  if (error || !data) throw new Error(`no signed URL for ${path}: ${error?.message}`);
  return data.signedUrl;
}
