// Photo uploads (delivery record, BAST, container images): kept as bytes in
// IndexedDB until the object is in the bucket, then the shipment points at it
// through a set_shipment_image command. The path is deterministic per
// shipment and slot, so a retried or repeated upload rewrites one object.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Local } from '../db/database';
import type { UploadEntry } from '../db/engine-store';

export const BUCKET = 'shipment-documents';
const MAX_BACKOFF_MS = 5 * 60_000;

export type ImageSlot = UploadEntry['slot'];

export function uploadPath(shipmentId: string, slot: ImageSlot, mime: string): string {
  return `shipments/${shipmentId}/${slot}.${mime === 'image/png' ? 'png' : 'jpg'}`;
}

export function backoffMs(attempts: number): number {
  return Math.min(1000 * 2 ** attempts, MAX_BACKOFF_MS);
}

export async function queueUpload(
  local: Local,
  input: { shipmentId: string; slot: ImageSlot; bytes: ArrayBuffer; mime: string },
): Promise<UploadEntry> {
  const entry: UploadEntry = {
    path: uploadPath(input.shipmentId, input.slot, input.mime),
    shipment_id: input.shipmentId,
    slot: input.slot,
    mime: input.mime,
    bytes: input.bytes,
    state: 'pending',
    attempts: 0,
    next_attempt_at: 0,
    last_error: null,
    created_at: new Date().toISOString(),
  };
  await local.store.uploads.put(entry);
  return entry;
}

/** Uploads what is due; each success hands the path to onUploaded (which dispatches the command). */
export async function drainUploads(
  supabase: SupabaseClient,
  local: Local,
  onUploaded: (entry: UploadEntry) => Promise<void>,
  now = Date.now(),
): Promise<{ uploaded: number; failed: number }> {
  let uploaded = 0;
  let failed = 0;
  const due = (await local.store.uploads.where('state').equals('pending').toArray()).filter(
    (u) => u.next_attempt_at <= now,
  );
  for (const entry of due) {
    const { error } = await supabase.storage
      .from(BUCKET)
      .upload(entry.path, new Blob([entry.bytes], { type: entry.mime }), {
        contentType: entry.mime,
        upsert: true,
      });
    if (error) {
      failed++;
      await local.store.uploads.update(entry.path, {
        attempts: entry.attempts + 1,
        next_attempt_at: Date.now() + backoffMs(entry.attempts),
        last_error: error.message,
      });
      continue;
    }
    await onUploaded(entry);
    // The bytes stay for the thumbnail until sign-out; the state says it is safe.
    await local.store.uploads.update(entry.path, { state: 'uploaded', last_error: null });
    uploaded++;
  }
  return { uploaded, failed };
}
