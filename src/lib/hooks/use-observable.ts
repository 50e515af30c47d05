// The folder src/lib/hooks: React hooks of no one screen family. Live local reads (this file,
// use-rx-query.ts, use-confirmed-missing.ts), reads only the server answers (use-server-query.ts),
// whether the device is online (use-online.ts), a ticking clock (use-now.ts), the device's screen
// and storage (use-mobile.ts, use-storage.ts) and mounting after the first paint
// (use-mounted-after-paint.ts).
//
// The latest value of an observable (RxDB queries, Dexie liveQuery, the engine's
// status), re-subscribed when its key changes. Until the first value of the
// current key arrives it returns the fallback; when the observable fails it says so
// (`error`), and the shell shows the failing read (src/lib/read-errors.ts).
import { startTransition, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { watchRead } from '../read-errors';

export interface Subscribable<T> {
  subscribe(observer: { next: (value: T) => void; error?: (error: unknown) => void }): {
    unsubscribe(): void;
  };
}

interface Latest<T> {
  key: string;
  value: T;
  error: unknown;
}

/** Inside `presentNow`: what the observables emit is a tap's own effect. */
let presenting = 0;

/**
 * Renders what `apply` makes the observables emit at once, within the calling task (a tap's
 * predicted effect, the sync engine's `present`, issue 14 P3).
 */
export function presentNow(apply: () => void): void {
  flushSync(() => {
    presenting++;
    try {
      apply();
    } finally {
      presenting--;
    }
  });
}

/**
 * Everything else the observables emit (a pull's rows, a rebase, the sync status) arrives
 * from the background and renders as a transition: React renders it in slices and lets a tap
 * that comes meanwhile render first, instead of holding the tap behind a whole re-render of
 * the screen (issue 14, P3).
 */
export function deliver<T>(set: (latest: T) => void, latest: T): void {
  if (presenting > 0) set(latest);
  else startTransition(() => set(latest));
}

/**
 * `source` builds the observable; `key` names what it observes (when the key
 * changes the old subscription ends and the fallback shows until the new one
 * answers). `source` may return null when there is nothing to observe yet.
 */
export function useObservable<T>(
  source: () => Subscribable<T> | null,
  key: string,
  fallback: T,
): { value: T; ready: boolean; error: unknown } {
  const [latest, setLatest] = useState<Latest<T> | null>(null);
  useEffect(() => {
    const observable = source();
    if (!observable) return;
    return watchRead(
      observable,
      key,
      (value) => deliver(setLatest, { key, value, error: null }),
      // The last value stays on screen (or the fallback, if none came), with the error beside it.
      (error) => setLatest((last) => ({ key, value: last?.key === key ? last.value : fallback, error })),
    );
    // The key stands for everything the source reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!latest || latest.key !== key) return { value: fallback, ready: false, error: null };
  return { value: latest.value, ready: latest.error === null, error: latest.error };
}
