// Live reads of the sync engine's own store shared by every screen: the rows
// that commands still waiting in the outbox touch (the "waiting to sync"
// markers), and a toast for each rejection that arrives while a screen is open.
import { liveQuery } from 'dexie';
import { useEffect, useMemo, useRef } from 'react';
import { toast } from 'sonner';
import type { OutboxEntry } from '../../sync/pure';
import { ERROR_TITLE } from './messages';
import { pendingIds } from './pending-ids';
import { useSyncEngine } from './sync-engine';
import { useObservable } from './use-observable';

const NO_ENTRIES: OutboxEntry[] = [];

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
