// BENCH_TRACE=1 (tests/bench/browser.ts): a Chromium trace of P3's taps, and for the slowest
// taps what the main thread did inside each one (forced style and layout with the script that
// asked for them, garbage collection, the callbacks that ran). Each tap marks itself with a
// user-timing measure named `p3-tap` (tests/bench/browser-taps.ts), which the trace carries
// with the main thread's own clock.
import type { CDPSession } from 'playwright-core';
import { fmt, median, originalPosition, percentile, progress } from './browser-page';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread time: how long the thread itself ran (its clock stops while it waits for a core). */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  id2?: { local?: string };
  args?: {
    name?: string;
    data?: { stackTrace?: Frame[]; functionName?: string; url?: string; lineNumber?: number; type?: string };
    beginData?: { stackTrace?: Frame[] };
  };
}
interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.stack',
  'blink.user_timing',
  'toplevel',
  'v8',
].join(',');

/** What is worth naming inside a tap (the rest is summed as script). */
const SHOWN =
  /^(UpdateLayoutTree|Layout|MinorGC|MajorGC|V8\.GC.*|FunctionCall|TimerFire|RunMicrotasks|EventDispatch|ParseAuthorStyleSheet|RecalculateStyles|v8\.compile|v8\.run|V8\.Execute)$/;

export async function startTrace(cdp: CDPSession): Promise<void> {
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
}

function where(frames: Frame[] | undefined): string {
  // Timeline stacks count lines from 1 (CPU profiles, which originalPosition takes, from 0).
  const named = (frames ?? [])
    .slice(0, 8)
    .map(
      (f) =>
        (f.url && originalPosition(f.url, f.lineNumber - 1, f.columnNumber - 1)) ||
        `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`,
    );
  return named.length ? `\n      <- ${named.join('\n      <- ')}` : '';
}

/** Stops the trace; its events. */
async function stopTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (message) => {
    events.push(...(message.value as unknown as TraceEvent[]));
  });
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await done;
  return events;
}

/** Stops the trace and prints the slowest taps' insides. */
/** The spans of a measure the page made (performance.measure), in the trace's clock. */
function measured(events: TraceEvent[], name: string) {
  const begins = new Map<string, TraceEvent>();
  const spans: Array<{ start: number; end: number; pid: number; tid: number }> = [];
  for (const e of events) {
    if (e.name !== name) continue;
    const key = `${e.pid}:${e.id ?? e.id2?.local}`;
    if (e.ph === 'b') begins.set(key, e);
    else if (e.ph === 'e' && begins.has(key)) {
      const b = begins.get(key)!;
      spans.push({ start: b.ts, end: e.ts, pid: e.pid, tid: b.tid });
    }
  }
  return spans;
}

const STYLE_AND_LAYOUT = new Set(['UpdateLayoutTree', 'Layout']);

/** The elements a style pass styled (Chromium's `UpdateLayoutTree` carries the count). */
function elementCount(e: TraceEvent): number {
  const args = e.args as { elementCount?: number } | undefined;
  return args?.elementCount ?? 0;
}

/** The layout objects a layout pass found dirty (its `beginData`). */
function dirtyObjects(e: TraceEvent): number {
  const begin = e.args?.beginData as { dirtyObjects?: number } | undefined;
  return begin?.dirtyObjects ?? 0;
}

export async function reportSlowTaps(cdp: CDPSession, slowest: number): Promise<void> {
  const events = await stopTrace(cdp);
  const taps = measured(events, 'p3-tap');
  const main = events.find(
    (e) =>
      e.ph === 'M' &&
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      taps.some((t) => t.pid === e.pid),
  );
  progress(`trace: ${events.length} events, ${taps.length} taps marked`);
  const onMain = (e: TraceEvent) => !main || (e.pid === main.pid && e.tid === main.tid);
  // From each tap to the end of the frame that draws it: the style and layout passes in it,
  // forced by a script or the frame's own (a pass the frame repeats shows as two).
  const framed = measured(events, 'p3-frame').map((span) => {
    const passes = events.filter(
      (e) =>
        e.ph === 'X' &&
        onMain(e) &&
        STYLE_AND_LAYOUT.has(e.name) &&
        e.ts >= span.start &&
        e.ts + (e.dur ?? 0) <= span.end,
    );
    // What the passes were asked to do, counted (the same whatever else the machine is doing):
    // the elements styled, and the layout objects that were dirty.
    const styled = passes.reduce((sum, e) => sum + (e.name === 'UpdateLayoutTree' ? elementCount(e) : 0), 0);
    const laidOut = passes.reduce((sum, e) => sum + (e.name === 'Layout' ? dirtyObjects(e) : 0), 0);
    return {
      n: passes.length,
      ms: passes.reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000,
      thread: passes.reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0), 0) / 1000,
      styled,
      laidOut,
    };
  });
  if (framed.length) {
    const of = (key: 'ms' | 'n' | 'thread' | 'styled' | 'laidOut', digits: number) => {
      const xs = framed.map((f) => f[key]);
      return `${fmt(median(xs), digits)} (p95 ${fmt(percentile(xs, 95), digits)})`;
    };
    progress(
      `to the frame that draws the card (${framed.length} taps; medians, p95 in brackets): style and layout ${of('ms', 1)} ms a tap in ${of('n', 0)} passes; on the thread ${of('thread', 1)} ms; ${of('styled', 0)} elements styled and ${of('laidOut', 0)} layout objects dirty a tap`,
    );
  }
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && onMain(e));
  // Every tap's task: wall time against thread time (the thread waiting for a core shows as the gap).
  const spans = taps
    .map((tap) => tasks.find((e) => e.ts <= tap.start && e.ts + (e.dur ?? 0) >= tap.end))
    .filter((e): e is TraceEvent => e?.tdur !== undefined);
  if (spans.length) {
    const walls = spans.map((e) => (e.dur ?? 0) / 1000).sort((x, y) => x - y);
    const threads = spans.map((e) => e.tdur! / 1000).sort((x, y) => x - y);
    const at = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.ceil(p * xs.length) - 1)]!;
    progress(
      `the taps' tasks (${spans.length}): wall median ${fmt(at(walls, 0.5), 1)} ms, p95 ${fmt(at(walls, 0.95), 1)} ms; thread time median ${fmt(at(threads, 0.5), 1)} ms, p95 ${fmt(at(threads, 0.95), 1)} ms`,
    );
  }
  for (const tap of taps.sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, slowest)) {
    const inside = events.filter(
      (e) =>
        e.ph === 'X' &&
        (!main || (e.pid === main.pid && e.tid === main.tid)) &&
        e.ts < tap.end &&
        e.ts + (e.dur ?? 0) > tap.start &&
        (e.dur ?? 0) >= 300 &&
        SHOWN.test(e.name),
    );
    const counts = new Map<string, { n: number; us: number }>();
    for (const e of events) {
      if (e.ph !== 'X' || (main && (e.pid !== main.pid || e.tid !== main.tid))) continue;
      if (e.ts >= tap.end || e.ts + (e.dur ?? 0) <= tap.start) continue;
      const c = counts.get(e.name) ?? { n: 0, us: 0 };
      c.n++;
      c.us += e.dur ?? 0;
      counts.set(e.name, c);
    }
    const summary = [...counts]
      .sort((a, b) => b[1].us - a[1].us)
      .slice(0, 12)
      .map(([name, c]) => `${name} ${c.n}x ${fmt(c.us / 1000, 1)}`)
      .join(', ');
    // The task the tap ran in: its wall time against the time its thread was on a core. On a
    // machine whose two cores also run the local stack, a tap can wait for a core.
    const task = events.find(
      (e) =>
        e.ph === 'X' &&
        e.name === 'RunTask' &&
        (!main || (e.pid === main.pid && e.tid === main.tid)) &&
        e.ts <= tap.start &&
        e.ts + (e.dur ?? 0) >= tap.end,
    );
    const onCpu =
      task?.tdur !== undefined
        ? `; its task ${fmt((task.dur ?? 0) / 1000, 1)} ms, of which the thread ran ${fmt(task.tdur / 1000, 1)} ms`
        : '';
    progress(`tap of ${fmt((tap.end - tap.start) / 1000, 1)} ms${onCpu}: ${summary}`);
    for (const e of inside.sort((a, b) => a.ts - b.ts)) {
      const stack = e.args?.beginData?.stackTrace ?? e.args?.data?.stackTrace;
      const fn = e.args?.data?.functionName
        ? ` ${e.args.data.functionName} ${e.args.data.url?.split('/').pop() ?? ''}:${e.args.data.lineNumber ?? ''}`
        : '';
      const type = e.args?.data?.type ? ` (${e.args.data.type})` : '';
      progress(
        `  +${fmt((e.ts - tap.start) / 1000, 1)} ms  ${fmt((e.dur ?? 0) / 1000, 1)} ms  ${e.name}${type}${fn}${where(stack)}`,
      );
    }
  }
}

/**
 * Stops the trace and prints what the renderer's main thread did over the whole trace (the
 * working-set bench's first sync with BENCH_TRACE=1): its tasks' wall and thread time, and each
 * kind of event's summed time (nested events are counted in their own line and in their parent's).
 */
export async function reportMainThread(cdp: CDPSession, title: string): Promise<void> {
  const events = await stopTrace(cdp);
  const mains = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  // The page's renderer: the main thread with the most task time.
  let best = { key: '', us: -1 };
  for (const m of mains) {
    const us = events
      .filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.pid === m.pid && e.tid === m.tid)
      .reduce((sum, e) => sum + (e.dur ?? 0), 0);
    if (us > best.us) best = { key: `${m.pid}:${m.tid}`, us };
  }
  const onMain = events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === best.key);
  const tasks = onMain.filter((e) => e.name === 'RunTask');
  const threadUs = tasks.reduce((sum, e) => sum + (e.tdur ?? 0), 0);
  const long = tasks.filter((e) => (e.dur ?? 0) >= 50_000);
  progress(
    `trace of ${title}: ${tasks.length} tasks on the main thread, ${fmt(best.us / 1000)} ms wall, ${fmt(threadUs / 1000)} ms on a core; ${long.length} over 50 ms (${long.map((e) => fmt((e.dur ?? 0) / 1000)).join(', ')})`,
  );
  const counts = new Map<string, { n: number; us: number }>();
  for (const e of onMain) {
    if (e.name === 'RunTask') continue;
    const c = counts.get(e.name) ?? { n: 0, us: 0 };
    c.n++;
    c.us += e.dur ?? 0;
    counts.set(e.name, c);
  }
  for (const [name, c] of [...counts].sort((a, b) => b[1].us - a[1].us).slice(0, 25)) {
    progress(`  ${fmt(c.us / 1000).padStart(7)} ms  ${String(c.n).padStart(6)}x  ${name}`);
  }
}
