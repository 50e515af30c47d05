// One writer at a time for the view and the engine's store, across tabs:
// a dispatch in one tab must not interleave with a pull or a rebase in the
// leader tab. Web Locks where the platform has them, a promise chain otherwise.
let chain: Promise<unknown> = Promise.resolve();

export function withWriteLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (locks) return locks.request(`${name}:write`, work) as Promise<T>;
  const run = chain.then(work, work);
  chain = run.catch(() => undefined);
  return run;
}
