// Uploads of a shipment's files, kept as bytes in IndexedDB until the object is in the
// bucket; only then does a command point at it (no synced row names a missing file):
// - photos of the shipping forms (delivery record, BAST): shipments/<id>/<slot>.<ext>,
//   then set_shipment_image;
// - documents (issue 28: surat jalan, BAST, signatures, discrepancy photos):
//   shipments/<id>/documents/<document id>.<pdf|png|jpg>, measured by the server
//   (measure-document: hosted Storage keeps no hash), then attach_document with the facts
//   fixed on the device (hash, device time, location).
// Each path is deterministic, so a retried or repeated upload rewrites one object.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Local } from '../db/database';
import { DOCUMENT_EXTENSION, DOCUMENT_KINDS, documentObjectPath } from '../commands/handover';
import type { DocumentFacts, DocumentUpload, ImageUpload, UploadEntry } from '../db/engine-store';
import type { DocumentKind, DocumentMime } from '../model/rows';
import { HANDOVER_MESSAGES as M } from '../messages-handover';

export const BUCKET = 'shipment-documents';
const MAX_BACKOFF_MS = 5 * 60_000;

export type ImageSlot = ImageUpload['slot'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function uploadPath(shipmentId: string, slot: ImageSlot, mime: string): string {
  return `shipments/${shipmentId}/${slot}.${mime === 'image/png' ? 'png' : 'jpg'}`;
}

/** SHA-256 of the bytes as 64 lowercase hex digits (Web Crypto: the browser's and Node's). */
export async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function backoffMs(attempts: number): number {
  return Math.min(1000 * 2 ** attempts, MAX_BACKOFF_MS);
}

export async function queueUpload(
  local: Local,
  input: { shipmentId: string; slot: ImageSlot; bytes: ArrayBuffer; mime: string },
): Promise<ImageUpload> {
  const entry: ImageUpload = {
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

export interface DocumentInput {
  shipmentId: string;
  kind: DocumentKind;
  bytes: ArrayBuffer;
  mime: DocumentMime;
  /** The document's id when the caller needs it first (a receipt names its signatures' ids). */
  id?: string;
  /** A correction (issue 40): the id of the sealed document of the same shipment and kind it replaces. */
  replaces?: string | null;
  discrepancyId?: string | null;
  location?: { latitude: number; longitude: number; accuracy_m?: number | null } | null;
  /** When it was captured or made; now by default. */
  deviceTime?: Date;
  /**
   * A document that shows the receipt's server time (the BAST): what it was made from, kept
   * until the upload, which makes it again once the receipt is on the server (server-time.ts).
   */
  remake?: { receiptId: string; data: unknown };
}

/**
 * Queues a document: its facts (hash, size, device time, location) are fixed now, on the
 * device; the bytes wait here until uploaded. Queuing the same id again replaces the entry
 * (the same path) unless it is already uploaded, which stays as it is.
 */
export async function queueDocumentUpload(local: Local, input: DocumentInput): Promise<DocumentUpload> {
  const id = (input.id ?? crypto.randomUUID()).toLowerCase();
  if (!UUID.test(id) || !UUID.test(input.shipmentId)) throw new Error('Dokumen: id tidak valid.');
  if (!(input.mime in DOCUMENT_EXTENSION)) throw new Error(`Dokumen: jenis ${input.mime} tidak didukung.`);
  if (!(DOCUMENT_KINDS as readonly string[]).includes(input.kind))
    throw new Error(`Dokumen: ${input.kind} tidak dikenal.`);
  if (input.bytes.byteLength === 0) throw new Error('Dokumen kosong.');
  const path = documentObjectPath(input.shipmentId, id, input.mime);
  const existing = await local.store.uploads.get(path);
  if (existing?.document && existing.state === 'uploaded') return existing;
  const loc = input.location ?? null;
  const document: DocumentFacts = {
    id,
    kind: input.kind,
    size_bytes: input.bytes.byteLength,
    sha256: await sha256Hex(input.bytes),
    device_time: (input.deviceTime ?? new Date()).toISOString(),
    latitude: loc?.latitude ?? null,
    longitude: loc?.longitude ?? null,
    accuracy_m: loc?.accuracy_m ?? null,
    discrepancy_id: input.discrepancyId ?? null,
    ...(input.replaces ? { replaces: input.replaces.toLowerCase() } : {}),
  };
  const entry: DocumentUpload = {
    path,
    shipment_id: input.shipmentId,
    mime: input.mime,
    bytes: input.bytes,
    document,
    state: 'pending',
    attempts: 0,
    next_attempt_at: 0,
    last_error: null,
    created_at: new Date().toISOString(),
    ...(input.remake
      ? {
          remake: {
            receipt_id: input.remake.receiptId.toLowerCase(),
            data: input.remake.data,
            server_time: null,
          },
        }
      : {}),
  };
  await local.store.uploads.put(entry);
  return entry;
}

/**
 * Readies an entry just before its upload: the entry to upload (its bytes may be made again
 * and stored first), or null to leave it pending for a later round. A throw backs it off.
 */
export type PrepareUpload = (entry: UploadEntry) => Promise<UploadEntry | null>;

/** attach_document's payload for an uploaded document (attach_correction's adds `replaces`). */
export function attachPayload(entry: DocumentUpload) {
  const d = entry.document;
  return {
    ...(d.replaces ? { replaces: d.replaces } : {}),
    id: d.id,
    shipment_id: entry.shipment_id,
    kind: d.kind,
    path: entry.path,
    mime: entry.mime as DocumentMime,
    size_bytes: d.size_bytes,
    sha256: d.sha256,
    device_time: d.device_time,
    latitude: d.latitude,
    longitude: d.longitude,
    accuracy_m: d.accuracy_m,
    discrepancy_id: d.discrepancy_id,
  };
}

/**
 * Storage's answers that the same upload would get again (issue 40): no right to write the
 * object (403), a request Storage does not take (400), a bucket that is not there (404), a
 * file too large (413) or of a refused type (415). The rest (no answer, 401 until the token is
 * refreshed, 408, 429, 5xx) may pass later.
 */
const REFUSED_FOR_GOOD: ReadonlySet<number> = new Set([400, 403, 404, 409, 413, 415]);

function statusOf(error: unknown): number | undefined {
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const n = typeof status === 'number' ? status : Number(statusCode);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

export function refusedForGood(error: unknown): boolean {
  const status = statusOf(error);
  return status !== undefined && REFUSED_FOR_GOOD.has(status);
}

/**
 * A document refused because it is sealed already (issue 40): an earlier upload of this entry
 * stored it and its attach_document was applied, but the answer was lost before the entry
 * said so. The object is there: the queue goes on to attach (idempotent by id and hash; the
 * server measures the object, so other bytes at the path are refused there, visibly).
 */
async function storedBefore(supabase: SupabaseClient, entry: UploadEntry, error: unknown): Promise<boolean> {
  if (!entry.document || statusOf(error) !== 403) return false;
  const { data } = await supabase.storage.from(BUCKET).exists(entry.path);
  return data === true;
}

/**
 * The server measures a stored document (the edge function measure-document: its SHA-256 and
 * size, recorded for the attach; issue 40 on hosted Storage, docs/evidence.md). Null once
 * measured; else the failure, with its HTTP status when the function answered (none offline).
 */
async function measureDocument(
  supabase: SupabaseClient,
  path: string,
): Promise<{ status?: number; message: string } | null> {
  const { error } = await supabase.functions.invoke('measure-document', { body: { path } });
  if (!error) return null;
  const answer = (error as { context?: unknown }).context;
  if (!(answer instanceof Response)) return { message: error.message };
  const body = (await answer.json().catch(() => ({}))) as { error?: unknown };
  return { status: answer.status, message: typeof body.error === 'string' ? body.error : error.message };
}

/**
 * Storage's 403 for a document file over the bound on files that no document names (security
 * audit 2026-12-03: document_file_room in supabase/schemas/functions/shipment_documents.sql),
 * told by the code its message starts with. An honest tablet never meets it; it is final as any
 * 403, with its own words. (Older hosted Storage answers every 403 as RLS's refusal: then the
 * entry stops as forbidden.)
 */
export const TOO_MANY_UNATTACHED = 'too_many_unattached_documents';

export function refusedAsTooMany(error: unknown): boolean {
  const { message } = error as { message?: unknown };
  return (
    statusOf(error) === 403 && typeof message === 'string' && message.startsWith(`${TOO_MANY_UNATTACHED}:`)
  );
}

function refusal(error: { message: string }) {
  if (refusedAsTooMany(error)) return { message: M.uploadTooMany, key: 'handover.uploadTooMany' } as const;
  return statusOf(error) === 403
    ? ({ message: M.uploadForbidden, key: 'handover.uploadForbidden' } as const)
    : ({ message: M.uploadRefused, key: 'handover.uploadRefused' } as const);
}

/**
 * An upload Storage refuses for good stops (state 'failed'), never retried, and shows in the
 * sync panel's rejections as a refused command does (Storage's own words stay in last_error).
 */
async function settleRefused(local: Local, entry: UploadEntry, error: { message: string }): Promise<void> {
  const status = statusOf(error);
  const { message, key } = refusal(error);
  await local.store.uploads.update(entry.path, { state: 'failed', last_error: error.message });
  await local.store.conflicts.put({
    command_id: `upload:${entry.path}`,
    type: entry.document
      ? entry.document.replaces
        ? 'attach_correction'
        : 'attach_document'
      : 'set_shipment_image',
    code: status === 403 ? 'forbidden' : 'unsendable',
    message,
    key: { key },
    at: new Date().toISOString(),
    payload: { shipment_id: entry.shipment_id, path: entry.path },
  });
}

/**
 * When the oldest command of this device still waiting to reach the server was issued (ISO),
 * or null. An upload made after it waits (drainUploads): the shipment it belongs to may be
 * that command's, and Storage refuses for good (403) a file of a shipment it does not know.
 */
async function oldestUnsentCommand(local: Local): Promise<string | null> {
  const waiting = await local.store.outbox.where('state').equals('pending').toArray();
  let oldest: string | null = null;
  for (const command of waiting)
    if (oldest === null || command.issued_at < oldest) oldest = command.issued_at;
  return oldest;
}

/**
 * Uploads what is due; each success hands the path to onUploaded (which dispatches the command).
 * An entry goes only after every command this device issued before it reached the server (its
 * shipment's creation among them): a round whose push failed, or a tablet that came back online
 * after its push (the browser's 'online' mid-round), leaves it pending, not refused.
 */
export async function drainUploads(
  supabase: SupabaseClient,
  local: Local,
  onUploaded: (entry: UploadEntry) => Promise<void>,
  now = Date.now(),
  prepare?: PrepareUpload,
): Promise<{ uploaded: number; failed: number }> {
  let uploaded = 0;
  let failed = 0;
  const unsentSince = await oldestUnsentCommand(local);
  const due = (await local.store.uploads.where('state').equals('pending').toArray()).filter(
    (u) => u.next_attempt_at <= now && (unsentSince === null || u.created_at < unsentSince),
  );
  for (const queued of due) {
    let entry: UploadEntry | null;
    try {
      entry = prepare ? await prepare(queued) : queued;
    } catch (error) {
      failed++;
      await local.store.uploads.update(queued.path, {
        attempts: queued.attempts + 1,
        next_attempt_at: Date.now() + backoffMs(queued.attempts),
        last_error: error instanceof Error ? error.message : String(error),
      });
      continue;
    }
    if (!entry) continue;
    const { error } = await supabase.storage
      .from(BUCKET)
      .upload(entry.path, new Blob([entry.bytes], { type: entry.mime }), {
        contentType: entry.mime,
        upsert: true,
      });
    if (error && !(await storedBefore(supabase, entry, error))) {
      failed++;
      if (refusedForGood(error)) await settleRefused(local, entry, error);
      else {
        await local.store.uploads.update(entry.path, {
          attempts: entry.attempts + 1,
          next_attempt_at: Date.now() + backoffMs(entry.attempts),
          last_error: error.message,
        });
      }
      continue;
    }
    // A document is measured by the server before its attach (hosted Storage keeps no hash).
    const measure = entry.document ? await measureDocument(supabase, entry.path) : null;
    if (measure) {
      failed++;
      if (measure.status !== 409 && refusedForGood(measure)) await settleRefused(local, entry, measure);
      else {
        await local.store.uploads.update(entry.path, {
          attempts: entry.attempts + 1,
          next_attempt_at: Date.now() + backoffMs(entry.attempts),
          last_error: measure.message,
        });
      }
      continue;
    }
    try {
      await onUploaded(entry);
    } catch (error) {
      // The command could not be dispatched (refused on the device): the object is stored,
      // the entry waits out its backoff and tries again, without failing the round or
      // holding up the uploads after it.
      failed++;
      await local.store.uploads.update(entry.path, {
        attempts: entry.attempts + 1,
        next_attempt_at: Date.now() + backoffMs(entry.attempts),
        last_error: error instanceof Error ? error.message : String(error),
      });
      continue;
    }
    // The bytes stay for the thumbnail until sign-out; the state says it is safe.
    await local.store.uploads.update(entry.path, { state: 'uploaded', last_error: null });
    uploaded++;
  }
  return { uploaded, failed };
}
