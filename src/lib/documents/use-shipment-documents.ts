// A shipment's documents (issue 28) for its detail's Dokumen section: the rows the server
// recorded (attach_document, replicated) merged with this device's queued uploads, by
// document id. A document made here has its bytes here (opened offline, even before it is
// uploaded); one made on another tablet is fetched from storage when opened.
import { liveQuery } from 'dexie';
import { useMemo } from 'react';
import type { MangoQuery } from 'rxdb';
import type { DocumentUpload, ShipmentDocument } from '../../../sync/pure';
import { useSyncEngine } from '../sync-engine';
import { useObservable } from '../hooks/use-observable';
import { useRxQuery } from '../hooks/use-rx-query';
import { mergeDocuments, type ShipmentDocumentItem } from './document-list';

export type { ShipmentDocumentItem } from './document-list';

const NO_UPLOADS: DocumentUpload[] = [];

// Upload entries come back from IndexedDB as new objects on every change: one Blob per
// path and content (a BAST made again with the server time is another), so a list that renders
// again keeps its blobs (and their object URLs).
const blobs = new Map<string, Blob>();
function blobOf(entry: DocumentUpload): Blob {
  const key = `${entry.path}:${entry.document.sha256}`;
  let blob = blobs.get(key);
  if (!blob) {
    blob = new Blob([entry.bytes], { type: entry.mime });
    blobs.set(key, blob);
  }
  return blob;
}

/** The shipment's documents, live: recorded ones and those waiting to upload. */
export function useShipmentDocuments(shipmentId: string): {
  documents: ShipmentDocumentItem[];
  ready: boolean;
} {
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
