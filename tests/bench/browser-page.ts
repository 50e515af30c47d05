// The browser bench's page helpers (tests/bench/browser.ts): the probes a page records a start
// and the sync indicator with, sign-in, heap, the build's files, CPU profiles mapped to sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { SCALE } from './seed';
import { DEMO_PASSWORD, DEMO_USERS } from '../support/demo';

export const VIEWPORT = { width: 1280, height: 800 };
// DERMAGA_DIST: the build the stack serves (vite.config.ts, supabase/local/stack.ts).
export const DIST = join(process.cwd(), process.env.DERMAGA_DIST || 'dist');
// The dashboard shows data: its figures computed from the local database, the hub cards drawn.
export const DASHBOARD_SHOWN = '[data-testid="dashboard"][data-ready="true"] [data-testid="hub-card"]';

export const progress = (message: string) => process.stderr.write(`[bench:browser] ${message}\n`);
export const kb = (bytes: number) => bytes / 1024;
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
export const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function ensureBuilt() {
  if (existsSync(join(DIST, 'index.html'))) return;
  progress('dist/ is missing: vite build');
  const built = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('vite build failed');
}

export function gzipKb(bytes: Buffer): number {
  return kb(gzipSync(bytes).length);
}

/** Every script of the build (the compression worker's library too), gzip KB. */
export function wholeBundleKb(): number {
  const assets = join(DIST, 'assets');
  return readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gzipKb(readFileSync(join(assets, f))), 0);
}

/**
 * The compression library as the worker loads it (the `?url` asset of src/lib/documents/compress-image.ts):
 * the library's UMD build, emitted as is, so it has no source map beside it.
 */
export function compressionLibraryPath(): string {
  const assets = join(DIST, 'assets');
  const file = readdirSync(assets).find(
    (f) =>
      f.startsWith('browser-image-compression-') &&
      f.endsWith('.js') &&
      !existsSync(join(assets, `${f}.map`)),
  );
  if (!file) throw new Error('the compression library asset is missing from dist/assets');
  return `/assets/${file}`;
}

/**
 * Records, from the first script on, when the dashboard first shows data and how the sync
 * indicator's health changes (syncing -> synced marks the end of a sync round).
 */
export function installProbes(dashboardShown: string) {
  const w = window as unknown as {
    __bench: {
      shownAt: number | null;
      health: string[];
      healthAt: number[];
      marks: Record<string, number>;
      longTasks: Array<[start: number, duration: number]>;
    };
  };
  w.__bench = { shownAt: null, health: [], healthAt: [], marks: {}, longTasks: [] };
  // The main thread's tasks over 50 ms (Chromium's Long Tasks API), for a start's blocking time.
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) w.__bench.longTasks.push([task.startTime, task.duration]);
  }).observe({ type: 'longtask', buffered: true });
  // Every request of the first sync round is kept for P1's timeline (roundRequests).
  performance.setResourceTimingBufferSize(100_000);
  // Where a cold start spends its time: the shell drawn, the dashboard drawn (before its data),
  // the kept figures drawn.
  const marks: Array<[string, string]> = [
    ['shell', '[data-testid="app-header"]'],
    ['dashboard', '[data-testid="dashboard"]'],
    // The figures this device kept from its last start, drawn until the database answers.
    ['stored', '[data-testid="dashboard"][data-shown="stored"] [data-testid="hub-card"]'],
    ['engine', '[data-testid="dashboard"] button:not([disabled])'],
  ];
  const observer = new MutationObserver(() => {
    for (const [mark, selector] of marks) {
      if (w.__bench.marks[mark] === undefined && document.querySelector(selector)) {
        w.__bench.marks[mark] = performance.now();
      }
    }
    if (w.__bench.shownAt === null && document.querySelector(dashboardShown)) {
      w.__bench.shownAt = performance.now();
    }
    const health = document.querySelector('[data-testid="sync-indicator"]')?.getAttribute('data-health');
    if (health && w.__bench.health.at(-1) !== health) {
      w.__bench.health.push(health);
      w.__bench.healthAt.push(performance.now());
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
}
/** The probes, with `shown` the selector whose first appearance is the start's end. */
export const probesFor = (shown: string) => `(${installProbes.toString()})(${JSON.stringify(shown)});`;
export const PROBES = probesFor(DASHBOARD_SHOWN);
/**
 * A hub tablet's floor screen (issue 43: "to the hub screen's first card"): Karawang's Siap Muat
 * tab, whose first truck card is drawn from the local database (the demo's two queued trucks).
 */
export const HUB_SCREEN = { path: '/hub-karawang/ready', shown: '[data-testid="vehicle-card"]' };

export async function signIn(page: Page, appUrl: string) {
  await page.goto(new URL('/auth', appUrl).toString());
  await page.locator('#email').fill(DEMO_USERS.admin);
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL(new URL('/', appUrl).toString());
}

/** Waits until a sync round has run and finished since the probes were installed. */
export async function waitForSyncRound(page: Page, timeout: number) {
  await page.waitForFunction(
    () => {
      const { health } = (window as unknown as { __bench: { health: string[] } }).__bench;
      const i = health.indexOf('syncing');
      return i >= 0 && health.slice(i + 1).some((h) => h === 'synced' || h === 'pending');
    },
    undefined,
    { timeout, polling: 100 },
  );
}

/** The page's JavaScript heap after a full garbage collection, in MB. */
export async function heapMb(context: BrowserContext, page: Page): Promise<number> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize / 1024 / 1024;
}

/** A built script's frame back to its source file and line (the build writes source maps). */
export const sourceMaps = new Map<string, TraceMap | null>();
export function originalPosition(url: string, line: number, column: number): string | null {
  if (line < 0 || column < 0) return null;
  const file = url.split('/').pop() ?? '';
  if (!sourceMaps.has(file)) {
    const mapPath = join(DIST, 'assets', `${file}.map`);
    sourceMaps.set(file, existsSync(mapPath) ? new TraceMap(readFileSync(mapPath, 'utf8')) : null);
  }
  const map = sourceMaps.get(file);
  if (!map) return null;
  const found = originalPositionFor(map, { line: line + 1, column });
  if (!found.source) return null;
  const source = found.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '');
  return `${found.name ?? '(anonymous)'} ${source}:${found.line}`;
}

type CpuProfile = {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }>;
  samples?: number[];
  timeDeltas?: number[];
};

/** Self time by function (mapped to its source), in ms. */
export function selfTimes(profile: CpuProfile, into = new Map<string, number>()): Map<string, number> {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  (profile.samples ?? []).forEach((id, i) => {
    const frame = byNode.get(id)!.callFrame;
    const key =
      (frame.url && originalPosition(frame.url, frame.lineNumber, frame.columnNumber)) ||
      `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() || '(native)'}`;
    into.set(key, (into.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  return into;
}

function printSelf(title: string, self: Map<string, number>, per = 1) {
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  progress(
    `CPU profile of ${title}: ${fmt(total / per, 1)} ms sampled${per > 1 ? ' a tap' : ''}; top self time:`,
  );
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
    progress(`  ${fmt(ms / per, 2).padStart(7)} ms  ${((ms / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
  }
}

/** BENCH_PROFILE=1: where the page's main thread spent its time, by function (self time). */
export function printProfile(title: string, profile: CpuProfile) {
  printSelf(title, selfTimes(profile));
}

/** BENCH_PROFILE=1: starts the page's CPU profile (a sample every `intervalUs`, Chromium's default 1 ms). */
export async function startProfile(cdp: CDPSession, intervalUs?: number): Promise<void> {
  await cdp.send('Profiler.enable');
  if (intervalUs) await cdp.send('Profiler.setSamplingInterval', { interval: intervalUs });
  await cdp.send('Profiler.start');
}

/** Stops the profile startProfile began and prints it under `title`. */
export async function stopProfile(cdp: CDPSession, title: string): Promise<void> {
  printProfile(title, (await cdp.send('Profiler.stop')).profile as CpuProfile);
}

/** BENCH_PROFILE=1 for P3: each tap profiled alone; the slowest tenth against the rest, per tap. */
export function printTapProfiles(taps: Array<{ ms: number; profile: CpuProfile }>) {
  const sorted = [...taps].sort((a, b) => b.ms - a.ms);
  const slow = sorted.slice(0, Math.max(1, Math.round(taps.length / 10)));
  const rest = sorted.slice(slow.length);
  const merge = (group: typeof taps) =>
    group.reduce((m, t) => selfTimes(t.profile, m), new Map<string, number>());
  printSelf(`the slowest ${slow.length} taps (from ${fmt(slow.at(-1)!.ms, 1)} ms)`, merge(slow), slow.length);
  printSelf(`the other ${rest.length} taps`, merge(rest), rest.length);
}

// Cold starts and compressions per figure (the median is printed); one each in quick mode.
export const RUNS = SCALE < 1 ? 1 : 3;
