// Live reads of the sync engine's own store shared by every screen: the rows
// that commands still waiting in the outbox touch (the "waiting to sync"
// markers), and a toast for each rejection that arrives (the app shell shows them on every screen).
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { t } from './i18n';
import { serverMessage } from './i18n/server-message';
import { pendingIds } from './pending-ids';
import { PendingMarks } from './pending-marks';
import { useSyncEngine } from './sync-engine';
import { deliver } from './hooks/use-observable';

/**
 * The ids of every row a command not yet accepted by the server touches, as a store that
 * cards read one id each (`useIsPending`): the screen that holds
 * it does not render again when the outbox changes, only the cards whose marker changes.
 */
export function usePendingMarks(): PendingMarks {
  const engine = useSyncEngine();
  const [marks] = useState(() => new PendingMarks());
  useEffect(() => {
    if (!engine) return;
    const subscription = engine.pendingCommands$.subscribe({
      next: (entries) => marks.update(pendingIds(entries)),
      error: (error: unknown) => console.error('observable failed', 'outbox', error),
    });
    return () => subscription.unsubscribe();
  }, [engine, marks]);
  return marks;
}

/** Whether a command waiting in the outbox touches this row (its card's marker). */
export function useIsPending(marks: PendingMarks, id: string): boolean {
  const [pending, setPending] = useState(() => marks.has(id));
  useEffect(() => {
    // Rendered in the background, as the other live values are (hooks/use-observable.ts).
    const read = () => deliver(setPending, marks.has(id));
    // What changed between the render and this subscription.
    read();
    return marks.subscribe(id, read);
  }, [marks, id]);
  return pending;
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
        toast.error(t('common.errorTitle'), { description: serverMessage(rejection.key, rejection.message) });
      }
    });
    return () => subscription.unsubscribe();
  }, [engine]);
}
