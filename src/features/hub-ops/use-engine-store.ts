// Live reads of the sync engine's own store (Dexie): photo uploads per shipment.
// (Pending markers and rejection toasts: src/lib/use-outbox.ts.)
import { liveQuery } from 'dexie';
import { useMemo } from 'react';
import type { UploadEntry } from '../../../sync/pure';
import { useSyncEngine } from '../../lib/sync-engine';
import { useObservable } from '../../lib/use-observable';

const NO_UPLOADS: UploadEntry[] = [];

/** The photo uploads of the given shipments (thumbnail bytes and whether each is uploaded). */
export function useUploads(shipmentIds: readonly string[]): Map<string, UploadEntry[]> {
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
    const byShipment = new Map<string, UploadEntry[]>();
    for (const u of value) byShipment.set(u.shipment_id, [...(byShipment.get(u.shipment_id) ?? []), u]);
    for (const list of byShipment.values())
      list.sort((a, b) => (a.slot === 'delivery_record' ? -1 : b.slot === 'delivery_record' ? 1 : 0));
    return byShipment;
  }, [value]);
}
