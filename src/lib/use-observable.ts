// The latest value of an observable (RxDB queries, Dexie liveQuery, the engine's
// status), re-subscribed when its key changes. Until the first value of the
// current key arrives it returns the fallback.
import { useEffect, useState } from 'react';

export interface Subscribable<T> {
  subscribe(observer: { next: (value: T) => void; error?: (error: unknown) => void }): {
    unsubscribe(): void;
  };
}

interface Latest<T> {
  key: string;
  value: T;
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
      next: (value) => setLatest({ key, value }),
      error: (error) => console.error('observable failed', key, error),
    });
    return () => subscription.unsubscribe();
    // The key stands for everything the source reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!latest || latest.key !== key) return { value: fallback, ready: false };
  return { value: latest.value, ready: true };
}
