// Reads of local data that failed (a live query whose observable errored: IndexedDB gone,
// a broken query): before, the error went to the console and the screen stayed on its
// fallback for good, looking empty. Now each failing read is held here, by its key, until
// the same read answers again, and the shell shows them (src/components/read-error-alert.tsx).
export interface ReadError {
  key: string;
  message: string;
}

type Listener = () => void;

const failing = new Map<string, ReadError>();
const listeners = new Set<Listener>();
let snapshot: readonly ReadError[] = [];

function changed(): void {
  snapshot = [...failing.values()];
  for (const listener of listeners) listener();
}

export const readErrors = {
  report(key: string, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    if (failing.get(key)?.message === message) return;
    failing.set(key, { key, message });
    changed();
  },
  /** The read answered again, or its screen went away. */
  clear(key: string): void {
    if (failing.delete(key)) changed();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The same array until something changes (for useSyncExternalStore). */
  current(): readonly ReadError[] {
    return snapshot;
  },
};

/**
 * Subscribes to one observable for a screen: its values go to `onValue`, its error to
 * `onError` and to the shell's list of failing reads, cleared again by the next value and
 * when the subscription ends. Returns the unsubscribe.
 */
export function watchRead<T>(
  observable: {
    subscribe(observer: { next: (value: T) => void; error: (error: unknown) => void }): { unsubscribe(): void };
  },
  key: string,
  onValue: (value: T) => void,
  onError: (error: unknown) => void,
): () => void {
  const subscription = observable.subscribe({
    next: (value) => {
      readErrors.clear(key);
      onValue(value);
    },
    error: (error) => {
      console.error('local read failed', key, error);
      readErrors.report(key, error);
      onError(error);
    },
  });
  return () => {
    subscription.unsubscribe();
    readErrors.clear(key);
  };
}
