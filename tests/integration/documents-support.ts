// The handover documents' files on the local stack's Storage, as the upload queue stores them
// (sealed-documents.test.ts, documents-measured-hosted.test.ts).
import { createHash, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { rowsWhere } from './commands-support';

export const BUCKET = 'shipment-documents';
export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
export const pdf = (text: string) => new Uint8Array(Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`));

export const put = (client: SupabaseClient, path: string, bytes: Uint8Array, type: string, upsert: boolean) =>
  client.storage
    .from(BUCKET)
    .upload(path, new Blob([bytes.slice()], { type }), { contentType: type, upsert });

export async function downloaded(client: SupabaseClient, path: string): Promise<Buffer | null> {
  const { data } = await client.storage.from(BUCKET).download(path);
  return data ? Buffer.from(await data.arrayBuffer()) : null;
}

export async function objectRow(path: string) {
  const [row] = await rowsWhere<{ metadata: Record<string, unknown> }>(
    'select metadata from storage.objects where bucket_id = $1 and name = $2',
    [BUCKET, path],
  );
  return row;
}

/** A document of the shipment as the upload queue records it, with the facts of these bytes. */
export function documentOf(shipmentId: string, kind: string, bytes: Uint8Array, mime: string, extra = {}) {
  const id = randomUUID();
  return {
    id,
    shipment_id: shipmentId,
    kind,
    path: `shipments/${shipmentId}/documents/${id}.${mime === 'application/pdf' ? 'pdf' : 'png'}`,
    mime,
    size_bytes: bytes.byteLength,
    sha256: sha256(bytes),
    device_time: new Date().toISOString(),
    latitude: null,
    longitude: null,
    accuracy_m: null,
    ...extra,
  };
}
