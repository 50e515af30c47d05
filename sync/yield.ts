// Background work in slices (issue 14, P3): the periodic reconcile walks every id of every
// table (60,000 and more on a hub tablet). Done in one go it holds the main thread for tens of
// milliseconds at a time, and a tap that lands then waits for it. Between slices the thread is
// given back, so the tap's event and its render run first.

/** Items handled between two returns of the main thread. */
export const SLICE = 2_000;

type Scheduler = { yield?: () => Promise<void> };

/** Ends the current task: `scheduler.yield()` where the browser has it, else a zero timeout. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Calls `each` on every item, giving the main thread back after every `slice` items. */
export async function eachInSlices<T>(
  items: readonly T[],
  each: (item: T) => void,
  slice = SLICE,
): Promise<void> {
  for (let start = 0; start < items.length; start += slice) {
    if (start > 0) await yieldToMain();
    const end = Math.min(items.length, start + slice);
    for (let i = start; i < end; i++) each(items[i]!);
  }
}

type IdleWindow = { requestIdleCallback?: (run: () => void, options: { timeout: number }) => number };

/**
 * Runs `run` once the main thread is first idle, or after `timeoutMs` whatever it is doing;
 * at once where the platform has no idle callbacks (Node, the tests' engine).
 */
export function whenIdle(run: () => void, timeoutMs: number): void {
  const idle = (globalThis as IdleWindow).requestIdleCallback;
  if (typeof idle === 'function') idle(run, { timeout: timeoutMs });
  else run();
}
