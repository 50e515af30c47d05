// The BAST's server receipt time (issue 28). The BAST is made on the tablet at once, offline,
// showing "Belum tersinkron" where the server's time goes; its queued upload keeps what it was
// made from (DocumentUpload.remake). Just before the upload, online, the queue reads the
// receipt's received_at (shipment_receipts, read from the server: the device does not hold
// it) and, once the completion command that carries the receipt has been applied, makes the
// BAST again with that time, stores the new bytes and their hash in the entry, and only then
// uploads them. So the stored BAST shows the server's time in the normal flow (counted
// offline, then back online), and the tablet's own copy (Dokumen) does too.
//
// The guarantees of the queue hold: the entry is rewritten (bytes, hash, size, the time)
// before its first upload, so a retry or a restart uploads and attaches the same bytes
// (attach_document is idempotent by id and hash); nothing is dropped: a receipt the server
// refused (another tablet counted first) lets the BAST go as it was made.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Local } from '../db/database';
import type { DocumentRemake, DocumentUpload, OutboxEntry, UploadEntry } from '../db/engine-store';
import type { DocumentKind } from '../model/rows';
import { sha256Hex } from './queue';

/** Makes a document again from its data with the server's receipt time (the app's maker, jspdf). */
export type RemakeDocument = (kind: DocumentKind, data: unknown, serverTime: string) => Promise<Uint8Array>;

/** Failed makes before the document goes up as it was made (a maker that cannot make it). */
export const REMAKE_ATTEMPTS = 3;

/** The commands that carry a counted receipt. */
const RECEIPT_COMMANDS: ReadonlySet<string> = new Set(['complete_unloading', 'pod_complete']);

/** Is the command that carries this receipt still waiting in the outbox (not yet applied)? */
export function receiptPending(
  outbox: readonly Pick<OutboxEntry, 'type' | 'state' | 'payload'>[],
  receiptId: string,
) {
  return outbox.some(
    (e) =>
      e.state === 'pending' &&
      RECEIPT_COMMANDS.has(e.type) &&
      (e.payload as { receipt?: { receipt_id?: unknown } } | null)?.receipt?.receipt_id === receiptId,
  );
}

export type ServerTimeStep =
  /** Nothing to wait for: upload the entry as it is. */
  | { do: 'upload' }
  /** The receipt's command has not reached the server yet: leave the entry for a later round. */
  | { do: 'wait' }
  /** The receipt is on the server: make the document again with its time, then upload. */
  | { do: 'remake'; serverTime: string }
  /** The receipt never reached the server (refused): upload the document as it was made. */
  | { do: 'as-made' };

/** What to do with a queued document before its upload, from what the server and the outbox say. */
export function serverTimeStep(
  remake: DocumentRemake | undefined,
  receivedAt: string | null,
  pending: boolean,
): ServerTimeStep {
  if (!remake || remake.server_time) return { do: 'upload' };
  if (receivedAt) return { do: 'remake', serverTime: receivedAt };
  return pending ? { do: 'wait' } : { do: 'as-made' };
}

/**
 * The queue's PrepareUpload for documents that show the server's time: the entry to upload
 * (made again first when the receipt is on the server), or null to wait. A failed read of
 * the receipt throws (the entry backs off, as a failed upload does).
 */
export async function withServerTime(
  supabase: SupabaseClient,
  local: Local,
  entry: UploadEntry,
  remake: RemakeDocument | undefined,
): Promise<UploadEntry | null> {
  if (!entry.document || !entry.remake || entry.remake.server_time || !remake) return entry;
  const r = entry.remake;
  const { data, error } = await supabase
    .from('shipment_receipts')
    .select('received_at')
    .eq('id', r.receipt_id)
    .maybeSingle<{ received_at: string }>();
  if (error) throw new Error(`shipment_receipts: ${error.message}`);
  const receivedAt = data?.received_at ?? null;
  const pending = receivedAt ? false : receiptPending(await local.store.outbox.toArray(), r.receipt_id);
  const step = serverTimeStep(r, receivedAt, pending);
  if (step.do === 'wait') return null;
  if (step.do === 'upload') return entry;
  if (step.do === 'as-made') return asMade(local, entry);
  let bytes: Uint8Array;
  try {
    bytes = await remake(entry.document.kind, r.data, step.serverTime);
  } catch (error) {
    if (entry.attempts + 1 < REMAKE_ATTEMPTS) throw error;
    console.warn('document not made again with the server time; uploaded as made', error);
    return asMade(local, entry);
  }
  const buffer = bytes.slice().buffer as ArrayBuffer;
  const remade: DocumentUpload = {
    ...entry,
    bytes: buffer,
    document: { ...entry.document, size_bytes: buffer.byteLength, sha256: await sha256Hex(buffer) },
    remake: { ...r, server_time: step.serverTime },
  };
  // Stored before the upload: a retry or a restart uploads and attaches these very bytes.
  await local.store.uploads.put(remade);
  return remade;
}

async function asMade(local: Local, entry: DocumentUpload): Promise<DocumentUpload> {
  const settled: DocumentUpload = { ...entry, remake: undefined };
  await local.store.uploads.put(settled);
  return settled;
}
