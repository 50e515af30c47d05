// Live reads of the sync engine's own store (Dexie): photo uploads per shipment.
// (Pending markers and rejection toasts: src/lib/use-outbox.ts.)
import { liveQuery } from 'dexie';
import { useMemo } from 'react';
import type { ImageUpload, UploadEntry } from '../../../sync/pure';
import { useSyncEngine } from '../../lib/sync-engine';
import { useObservable } from '../../lib/hooks/use-observable';

const NO_UPLOADS: UploadEntry[] = [];

const isPhoto = (u: UploadEntry): u is ImageUpload => !u.document;

/**
 * The photo uploads of the given shipments (thumbnail bytes and whether each is uploaded);
 * their documents (issue 28) are listed by src/lib/documents/use-shipment-documents.ts.
 */
export function useUploads(shipmentIds: readonly string[]): Map<string, ImageUpload[]> {
  const engine = useSyncEngine();
  const ids = [...new Set(shipmentIds)].sort();
  const key = `uploads:${ids.join(',')}:${engine ? 1 : 0}`;
  const { value } = useObservable<UploadEntry[]>(
    () =>
      engine && ids.length
        ? liveQuery(() => engine.local.store.uploads.where('shipment_id').anyOf(ids).toArray())
        : null,
    key,
    NO_UPLOADS,
  );
  return useMemo(() => {
    const byShipment = new Map<string, ImageUpload[]>();
    for (const u of value.filter(isPhoto)) byShipment.set(u.shipment_id, [...(byShipment.get(u.shipment_id) ?? []), u]);
    for (const list of byShipment.values())
      list.sort((a, b) => (a.slot === 'delivery_record' ? -1 : b.slot === 'delivery_record' ? 1 : 0));
    return byShipment;
  }, [value]);
}
