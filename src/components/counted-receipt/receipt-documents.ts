// The receipt's images into the engine's document queue (issue 28): both signatures and every
// discrepancy photo, each under the id the receipt names, so the command and its files meet
// on the server whatever order they arrive in. Uploaded when online, then attach_document.
import type { SyncEngine } from '../../../sync/pure';
import type { BastData } from '../../lib/documents/bast-pdf';
import { locationAllowed } from '../../lib/documents/evidence-location';

export type DocumentKind =
  'surat_jalan' | 'bast' | 'signature_receiver' | 'signature_driver' | 'discrepancy_photo';

export interface DocumentLocation {
  latitude: number;
  longitude: number;
  accuracy_m: number;
}

export interface QueuedDocument {
  id: string;
  shipmentId: string;
  kind: DocumentKind;
  bytes: Uint8Array;
  mime: 'application/pdf' | 'image/png' | 'image/jpeg';
  discrepancyId?: string;
  location?: DocumentLocation;
  /**
   * The BAST's data: kept with the queued PDF, which the queue makes again with the receipt's
   * server time before it goes up (sync/uploads/server-time.ts).
   */
  bast?: BastData;
}

type QueueDocument = (doc: QueuedDocument) => Promise<{ id: string }>;

/** The engine's document queue (engine.queueDocument); refused while the engine is not ready. */
export function documentQueue(engine: SyncEngine | null): QueueDocument {
  if (!engine) return () => Promise.reject(new Error('Database lokal belum siap.'));
  return ({ bast, ...doc }) =>
    engine.queueDocument(
      bast?.receiptId ? { ...doc, remake: { receiptId: bast.receiptId, data: bast } } : doc,
    );
}

export async function blobBytes(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

export function dataUrlBytes(dataUrl: string): Uint8Array {
  const body = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function imageMime(blob: Blob): 'image/png' | 'image/jpeg' {
  return blob.type === 'image/png' ? 'image/png' : 'image/jpeg';
}

/**
 * Where the tablet is, only when this device's setting says so (Settings: Sertakan lokasi pada
 * foto bukti) and the browser already allowed it (no prompt in the middle of a count), and
 * only if it answers quickly; otherwise none.
 */
export async function knownLocation(): Promise<DocumentLocation | undefined> {
  if (!locationAllowed()) return undefined;
  try {
    const permission = await navigator.permissions?.query({ name: 'geolocation' });
    if (permission?.state !== 'granted') return undefined;
    return await new Promise<DocumentLocation | undefined>((resolve) => {
      navigator.geolocation.getCurrentPosition(
        (p) =>
          resolve({
            latitude: p.coords.latitude,
            longitude: p.coords.longitude,
            accuracy_m: p.coords.accuracy,
          }),
        () => resolve(undefined),
        { timeout: 3_000, maximumAge: 60_000 },
      );
    });
  } catch {
    return undefined;
  }
}
