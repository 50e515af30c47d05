// The latest value of an observable (RxDB queries, Dexie liveQuery, the engine's
// status), re-subscribed when its key changes. Until the first value of the
// current key arrives it returns the fallback.
import { startTransition, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

export interface Subscribable<T> {
  subscribe(observer: { next: (value: T) => void; error?: (error: unknown) => void }): {
    unsubscribe(): void;
  };
}

interface Latest<T> {
  key: string;
  value: T;
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
): { value: T; ready: boolean } {
  const [latest, setLatest] = useState<Latest<T> | null>(null);
  useEffect(() => {
    const observable = source();
    if (!observable) return;
    const subscription = observable.subscribe({
      next: (value) => deliver(setLatest, { key, value }),
      error: (error) => console.error('observable failed', key, error),
    });
    return () => subscription.unsubscribe();
    // The key stands for everything the source reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!latest || latest.key !== key) return { value: fallback, ready: false };
  return { value: latest.value, ready: true };
}
