// P3 of the browser bench (tests/bench/browser.ts): 200 taps on Proses Muat with the whole volume
// on the device, timed in the page, with the run's diagnostics: BENCH_PROFILE=1 (each tap's CPU
// profile), BENCH_TRACE=1 (what the main thread did inside the slowest taps) and BENCH_ALLOC=1
// (what the page allocated while the taps and the sync rounds after them ran, by function).
import type pg from 'pg';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { fmt, median, originalPosition, percentile, printTapProfiles, progress } from './browser-page';
import { reportSlowTaps, startTrace } from './browser-trace';
import { QUEUE_WAVE, queueWave, tapToVisible } from './browser-taps';
import type { BenchRow } from './table';

export const TAP_GOAL_P95_MS = 8;
/** BENCH_PROFILE=1 prints where the main thread spends the initial pull and the taps. */
export const PROFILE = process.env.BENCH_PROFILE === '1';
/** BENCH_TRACE=1 prints what the main thread did inside the slowest taps of P3. */
const TRACE = process.env.BENCH_TRACE === '1';
/** BENCH_ALLOC=1 prints what the page allocated during the taps, by function (sampled). */
const ALLOC = process.env.BENCH_ALLOC === '1';

export interface Tap {
  ms: number;
  leftMs: number;
  /** To the animation-frame callback of the frame that draws the card: that frame begins. */
  frameStartMs: number;
  /** To the first task after that frame (its style, layout and paint done): an upper bound of its end. */
  frameMs: number;
}

/** `samples` taps in waves of queued vehicles; the vehicles tapped are added to `tapped`. */
export async function runTaps(
  sql: pg.Client,
  context: BrowserContext,
  page: Page,
  appUrl: string,
  tapped: Set<string>,
  samples: number,
): Promise<{ taps: Tap[]; rows: BenchRow[] }> {
  const taps: Tap[] = [];
  const tapCdp = PROFILE ? await context.newCDPSession(page) : null;
  const traceCdp = TRACE ? await context.newCDPSession(page) : null;
  const allocCdp = ALLOC ? await context.newCDPSession(page) : null;
  if (traceCdp) await startTrace(traceCdp);
  const profiles: Parameters<typeof printTapProfiles>[0] = [];
  if (tapCdp) {
    // Each tap profiled alone (console.profile in the tap): what the slow ones do that the rest do not.
    await tapCdp.send('Profiler.enable');
    await tapCdp.send('Profiler.setSamplingInterval', { interval: 100 });
    tapCdp.on('Profiler.consoleProfileFinished', ({ profile }) => profiles.push({ ms: 0, profile }));
    await page.evaluate(() => ((window as unknown as { __profileTaps: boolean }).__profileTaps = true));
  }
  if (allocCdp) {
    await allocCdp.send('HeapProfiler.enable');
    // One sample per 16 KB allocated on average; objects collected since are kept in the profile.
    await allocCdp.send('HeapProfiler.startSampling', {
      samplingInterval: 16_384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  for (let i = 0; i < samples; i++) {
    if (i % QUEUE_WAVE === 0) await queueWave(sql, page, tapped, Math.min(QUEUE_WAVE, samples - i));
    taps.push(await tapToVisible(page, appUrl, tapped));
    if ((i + 1) % 50 === 0) progress(`P3: ${i + 1} taps, last ${fmt(taps.at(-1)!.ms, 1)} ms`);
  }
  if (allocCdp) await printAllocations(allocCdp, samples);
  const drawn = await page.evaluate(() => ({
    ready: document.querySelectorAll('[data-testid=ready-list] [data-testid=vehicle-card]').length,
    loading: document.querySelectorAll('[data-testid=loading-list] [data-testid=vehicle-card]').length,
    cards: document.querySelectorAll('[data-testid=vehicle-card], [data-testid=shipment-card]').length,
    icons: document.querySelectorAll('svg').length,
    elements: document.querySelectorAll('*').length,
  }));
  progress(
    `P3: after the taps the page holds ${drawn.ready} cards in Siap Muat, ${drawn.loading} in Sedang Muat, ${drawn.cards} cards, ${drawn.icons} icons and ${fmt(drawn.elements)} elements in all`,
  );
  // The profiles arrive in the taps' order.
  profiles.forEach((p, i) => (p.ms = taps[i]?.ms ?? 0));
  if (tapCdp) printTapProfiles(profiles);
  if (traceCdp) await reportSlowTaps(traceCdp, 15);
  // The two predictions of each tap (sync/replication/dispatch.ts): the one shown at once, and
  // the one made again under the write lock, off the path to the screen (docs/sync.md, "Why a
  // tap predicts twice").
  // (No named functions in page code: tsx would wrap them in a helper the page does not have.)
  const predicted = await page.evaluate(() => ({
    shown: performance.getEntriesByName('dermaga:predict:shown').map((e) => e.duration),
    locked: performance.getEntriesByName('dermaga:predict:locked').map((e) => e.duration),
  }));
  const shown = taps.map((t) => t.ms);
  const left = taps.map((t) => t.leftMs).filter((ms) => ms >= 0);
  const framed = taps.map((t) => t.frameMs);
  const frameStarts = taps.map((t) => t.frameStartMs);
  const tapP95 = percentile(shown, 95);
  const slowest = [...shown].sort((a, b) => b - a).slice(0, 12);
  progress(
    `P3: median ${fmt(median(shown), 1)} ms, p95 ${fmt(tapP95, 1)} ms, max ${fmt(Math.max(...shown), 1)} ms; out of Siap Muat: median ${fmt(median(left), 1)} ms, p95 ${fmt(percentile(left, 95), 1)} ms; the frame that draws it begins at median ${fmt(median(frameStarts), 1)} ms, p95 ${fmt(percentile(frameStarts, 95), 1)} ms, and has ended by median ${fmt(median(framed), 1)} ms, p95 ${fmt(percentile(framed, 95), 1)} ms; slowest: ${slowest.map((ms) => fmt(ms, 1)).join(', ')}`,
  );
  const rows: BenchRow[] = [
    [
      `P3 tap on Proses Muat to the card in Sedang Muat (the app moves to that tab), p95 of ${samples} (median ${fmt(median(shown), 1)} ms)`,
      `${fmt(tapP95, 1)} ms`,
      `goal: ${TAP_GOAL_P95_MS} ms`,
      `${(tapP95 / TAP_GOAL_P95_MS).toFixed(2)}x`,
    ],
    [
      `P3 the tap's second prediction, under the write lock (after the card is shown), median of ${predicted.locked.length} (the first, shown at once: median ${fmt(median(predicted.shown), 2)} ms, p95 ${fmt(percentile(predicted.shown, 95), 2)} ms)`,
      `${fmt(median(predicted.locked), 2)} ms`,
      `p95 ${fmt(percentile(predicted.locked, 95), 2)} ms`,
      '',
    ],
    [
      `P3 the same tap until the frame that draws the card has ended (its style, layout and paint; an upper bound: a task queued meanwhile runs first), p95 (median ${fmt(median(framed), 1)} ms; the frame begins at median ${fmt(median(frameStarts), 1)} ms, p95 ${fmt(percentile(frameStarts, 95), 1)} ms). No goal: what the tap leaves to the frame`,
      `${fmt(percentile(framed, 95), 1)} ms`,
      '',
      '',
    ],
    [
      `P3 the same tap to the card leaving Siap Muat (the first change on screen), p95 (median ${fmt(median(left), 1)} ms)`,
      `${fmt(percentile(left, 95), 1)} ms`,
      `goal: ${TAP_GOAL_P95_MS} ms`,
      `${(percentile(left, 95) / TAP_GOAL_P95_MS).toFixed(2)}x`,
    ],
  ];
  return { taps, rows };
}

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

/**
 * BENCH_ALLOC=1: the sampled allocations of the whole tap phase (taps, waves, the sync rounds
 * after them), by allocating function (self) and by the app's or a library's frame nearest to
 * it on the stack (inclusive), per tap, in KB.
 */
async function printAllocations(cdp: CDPSession, taps: number) {
  const { profile } = (await cdp.send('HeapProfiler.stopSampling')) as unknown as {
    profile: { head: SamplingNode };
  };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const name = (frame: SamplingNode['callFrame']) =>
    (frame.url && originalPosition(frame.url, frame.lineNumber, frame.columnNumber)) ||
    `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() || '(native)'}`;
  const walk = (node: SamplingNode, stack: string[]): number => {
    const key = name(node.callFrame);
    let total = node.selfSize;
    if (node.selfSize) self.set(key, (self.get(key) ?? 0) + node.selfSize);
    const here = [...stack, key];
    for (const child of node.children) total += walk(child, here);
    // Counted once per stack, however often a function recurs on it.
    if (!stack.includes(key)) inclusive.set(key, (inclusive.get(key) ?? 0) + total);
    return total;
  };
  const all = walk(profile.head, []);
  const print = (title: string, map: Map<string, number>) => {
    progress(`${title}:`);
    for (const [key, bytes] of [...map].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
      progress(
        `  ${fmt(bytes / 1024 / taps, 1).padStart(8)} KB  ${((bytes / all) * 100).toFixed(1).padStart(5)}%  ${key}`,
      );
    }
  };
  progress(`allocations sampled over ${taps} taps: ${fmt(all / 1024 / taps, 1)} KB a tap`);
  print('allocated by (self, KB a tap)', self);
  print('allocated under (inclusive, KB a tap)', inclusive);
  print(
    "the app's own functions (inclusive, KB a tap)",
    new Map([...inclusive].filter(([key]) => key.includes(' src/'))),
  );
}
