// A shipment's documents (issue 28) for its detail's Dokumen section: the rows the server
// recorded (attach_document, replicated) merged with this device's queued uploads, by
// document id. A document made here has its bytes here (opened offline, even before it is
// uploaded); one made on another tablet is fetched from storage when opened.
import { liveQuery } from 'dexie';
import { useMemo } from 'react';
import type { MangoQuery } from 'rxdb';
import type { DocumentKind, DocumentUpload, ShipmentDocument } from '../../../sync/pure';
import { useSyncEngine } from '../sync-engine';
import { useObservable } from '../use-observable';
import { useRxQuery } from '../use-rx-query';

export interface ShipmentDocumentItem {
  id: string;
  kind: DocumentKind;
  mime: string;
  path: string;
  /** When it was made or captured on its device. */
  deviceTime: string;
  /** pending: queued on this device, not yet recorded by the server. */
  state: 'pending' | 'uploaded';
  /** The bytes, when this device holds them. */
  blob: Blob | null;
}

const NO_UPLOADS: DocumentUpload[] = [];
const ORDER: Record<DocumentKind, number> = {
  surat_jalan: 0,
  bast: 1,
  signature_receiver: 2,
  signature_driver: 3,
  discrepancy_photo: 4,
};

// Upload entries come back from IndexedDB as new objects on every change: one Blob per
// path and size, so a list that renders again keeps its blobs (and their object URLs).
const blobs = new Map<string, Blob>();
function blobOf(entry: DocumentUpload): Blob {
  const key = `${entry.path}:${entry.bytes.byteLength}`;
  let blob = blobs.get(key);
  if (!blob) {
    blob = new Blob([entry.bytes], { type: entry.mime });
    blobs.set(key, blob);
  }
  return blob;
}

/** Merges the server's rows with the device's queued documents (pure; tested). */
export function mergeDocuments(
  rows: readonly Pick<ShipmentDocument, 'id' | 'kind' | 'mime' | 'path' | 'device_time' | 'deleted'>[],
  uploads: readonly DocumentUpload[],
  blob: (entry: DocumentUpload) => Blob | null = () => null,
): ShipmentDocumentItem[] {
  const local = new Map(uploads.map((u) => [u.document.id, u]));
  const items: ShipmentDocumentItem[] = rows
    .filter((r) => !r.deleted)
    .map((r) => {
      const mine = local.get(r.id);
      return {
        id: r.id,
        kind: r.kind,
        mime: r.mime,
        path: r.path,
        deviceTime: r.device_time,
        state: 'uploaded',
        blob: mine ? blob(mine) : null,
      };
    });
  const recorded = new Set(items.map((i) => i.id));
  for (const u of uploads) {
    if (recorded.has(u.document.id)) continue;
    items.push({
      id: u.document.id,
      kind: u.document.kind,
      mime: u.mime,
      path: u.path,
      deviceTime: u.document.device_time,
      // Stored but not yet recorded (its attach_document still on its way) waits too.
      state: 'pending',
      blob: blob(u),
    });
  }
  return items.sort(
    (a, b) => ORDER[a.kind] - ORDER[b.kind] || a.deviceTime.localeCompare(b.deviceTime) || a.id.localeCompare(b.id),
  );
}

/** The shipment's documents, live: recorded ones and those waiting to upload. */
export function useShipmentDocuments(shipmentId: string): { documents: ShipmentDocumentItem[]; ready: boolean } {
  const engine = useSyncEngine();
  const { rows, ready } = useRxQuery('shipment_documents', {
    selector: { shipment_id: shipmentId },
  } as MangoQuery<ShipmentDocument>);
  const { value: uploads } = useObservable<DocumentUpload[]>(
    () =>
      engine
        ? liveQuery(async () =>
            (await engine.local.store.uploads.where('shipment_id').equals(shipmentId).toArray()).filter(
              (u): u is DocumentUpload => !!u.document,
            ),
          )
        : null,
    `documents:${shipmentId}:${engine ? 1 : 0}`,
    NO_UPLOADS,
  );
  const documents = useMemo(() => mergeDocuments(rows, uploads, blobOf), [rows, uploads]);
  return { documents, ready };
}
