// The `unload` package (pubkey/unload 2.4.1), as the browser build has it: vite.config.ts aliases
// the bare specifier `unload` to this file (issue 43; Node, the tests, keeps the package).
// broadcast-channel, under RxDB's leader election, calls add() when this tab becomes the leader;
// the callback is the elector's die(), which tells the other tabs and lets go of the leader's
// lock so another tab takes over at once. The package ran its callbacks on `beforeunload` and on
// `unload`. An `unload` listener is deprecated (Lighthouse's best practices: 82) and keeps the
// page out of the back/forward cache; here they run on `pagehide`, which browsers recommend
// instead, on every page hide, as `beforeunload` ran them, also when the page goes into the
// back/forward cache: Chromium keeps a page there with the lock held, and a tab waiting for it
// waited until the cache dropped the page (minutes). A page that let go of its lead and is shown
// again from the cache (`pageshow`, persisted) reloads, to take part in the election again (its
// elector is dead): what going back to it was when its `unload` listener kept it out of the cache.
// Same API as the package.

type Listener = () => unknown;

const LISTENERS = new Set<Listener>();
let listening = false;
/** This page ran its callbacks on a page hide (it was the leader and let go). */
let resigned = false;

interface WorkerScope {
  close(): void;
}

function startListening(): void {
  if (listening) return;
  listening = true;
  const WorkerScope = (globalThis as { WorkerGlobalScope?: abstract new () => WorkerScope }).WorkerGlobalScope;
  if (typeof WorkerScope === 'function' && self instanceof WorkerScope) {
    // A worker has no page events: its close(), as the package does.
    const scope = self as unknown as WorkerScope;
    const close = scope.close.bind(scope);
    scope.close = () => {
      void runAll();
      close();
    };
    return;
  }
  if (typeof window === 'undefined' || typeof window.addEventListener !== 'function') return;
  window.addEventListener(
    'pagehide',
    () => {
      if (LISTENERS.size > 0) resigned = true;
      void runAll();
    },
    true,
  );
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && resigned) window.location.reload();
  });
}

export function add(fn: Listener): { remove: () => void; run: () => unknown } {
  startListening();
  if (typeof fn !== 'function') throw new Error('Listener is no function');
  LISTENERS.add(fn);
  return {
    remove: () => LISTENERS.delete(fn),
    run: () => {
      LISTENERS.delete(fn);
      return fn();
    },
  };
}

export function runAll(): Promise<unknown[]> {
  const results: unknown[] = [];
  for (const fn of LISTENERS) {
    results.push(fn());
    LISTENERS.delete(fn);
  }
  return Promise.all(results);
}

export function removeAll(): void {
  LISTENERS.clear();
}

export function getSize(): number {
  return LISTENERS.size;
}
