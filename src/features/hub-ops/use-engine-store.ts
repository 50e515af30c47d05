// Live reads of the sync engine's own store (Dexie): commands still waiting in
// the outbox (the "waiting to sync" markers) and photo uploads per shipment.
import { liveQuery } from 'dexie';
import { useEffect, useMemo, useRef } from 'react';
import { toast } from 'sonner';
import type { OutboxEntry, UploadEntry } from '../../../sync';
import { ERROR_TITLE } from '../../lib/messages';
import { useSyncEngine } from '../../lib/sync-engine';
import { useObservable } from '../../lib/use-observable';
import { pendingIds } from './pending-ids';

const NO_ENTRIES: OutboxEntry[] = [];
const NO_UPLOADS: UploadEntry[] = [];

/** Ids of every row a command not yet accepted by the server touches. */
export function usePendingIds(): Set<string> {
  const engine = useSyncEngine();
  const { value } = useObservable<OutboxEntry[]>(
    () =>
      engine ? liveQuery(() => engine.local.store.outbox.where('state').equals('pending').toArray()) : null,
    engine ? 'outbox' : 'none',
    NO_ENTRIES,
  );
  return useMemo(() => pendingIds(value), [value]);
}

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

/**
 * A destructive toast for every rejection the server sends while the screen is
 * open (the view has already returned to the server's state; the header's sync
 * panel keeps the list). Rejections from before the screen opened are not re-announced.
 */
export function useRejectionToasts(): void {
  const engine = useSyncEngine();
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!engine) return;
    seen.current = null;
    const subscription = engine.status$.subscribe((status) => {
      const ids = status.rejections.map((r) => r.commandId);
      if (seen.current === null) {
        seen.current = new Set(ids);
        return;
      }
      for (const rejection of status.rejections) {
        if (seen.current.has(rejection.commandId)) continue;
        seen.current.add(rejection.commandId);
        toast.error(ERROR_TITLE, { description: rejection.message });
      }
    });
    return () => subscription.unsubscribe();
  }, [engine]);
}
