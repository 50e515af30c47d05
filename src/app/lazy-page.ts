import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A screen loaded with its own chunk the first time it is shown (issue 14, P5): the first
 * screen carries only what it needs. Every chunk is precached by the service worker
 * (vite.config.ts), so a lazy screen opens offline too. Rendered under a Suspense
 * boundary: the shell's (src/app/layout/app-shell.tsx) or the router's. `preload()` starts
 * loading it before it renders, so chunks that follow one another load side by side.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: lazy() requires ComponentType<any>
export function lazyPage<K extends string, M extends Record<K, ComponentType<any>>>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> & { preload: () => void } {
  let loading: Promise<M> | undefined;
  const loadOnce = () => (loading ??= load());
  const component = lazy(async () => ({ default: (await loadOnce())[name] }));
  return Object.assign(component, { preload: () => void loadOnce().catch(() => undefined) });
}
