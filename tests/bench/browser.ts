// npm run bench, in the browser (issue 14): the built app in Debian's Chromium, driven by
// playwright-core, against a fresh local stack seeded with the bench volume. Prints one table:
// each figure, a baseline measured in the same run (or the goal), and their ratio. Nothing is
// asserted: these machines are noisy. The browser reaches the app through a proxy whose added
// round-trip time can be set (tests/support/flaky-proxy.ts), 0 except for P4.
//   P1  the app's initial pull as admin (sign-in, then the first sync round: the real engine into
//       the page's IndexedDB), against a raw download of the same shipments and inventory rows by
//       fetch in the same page, and against the floor IndexedDB itself allows (the same rows put
//       with plain IndexedDB into a store shaped as RxDB's); at a quarter of the volume, then at the whole;
//   P3  dispatch to visible: a tap on Proses Muat until the vehicle's card is in the Sedang Muat
//       list, 200 samples, with the whole volume on the device;
//   P4  the same tap with 300 ms added round-trip time, against the same action done as direct
//       calls to the server (apply_commands, then reading the vehicle back) over that network;
//   P5  the scripts the first screen (/auth) loads, in KB gzip, against the 250 KB goal and the
//       whole bundle; a cold start of the signed-in app from the service worker's cache with a
//       4x CPU throttle until the dashboard shows data, against the same cold start unthrottled;
//   P6  a 12-megapixel JPEG (4000x3000) compressed in the page with the shipping form's library
//       and options (src/lib/documents/compress-image.ts), against the 500 KB and 1.5 s goals;
//   P7  the JavaScript heap after the app's initial sync as admin, against the heap on /auth.
//   Net on Lighthouse's slow 4G (issue 32, browser-network.ts): the first visit's bytes and time to
//       the sign-in form, and P1's API bytes and first-sync time at a quarter of the volume, each
//       against the same uncompressed (as the stack served before issue 32).
// Builds the app first only when dist/ is missing.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { PULL_BATCH } from '../../sync/replication/pull';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { FlakyProxy } from '../support/flaky-proxy';
import { benchStack, printTable, runBench, type BenchRow } from './table';
import { SCALE, seedBenchVehicles, seedVolume } from './seed';
import { seedHistory, seedOpenWork } from './working-set-seed';
import { workingSetBench } from './working-set';
import {
  VIEWPORT,
  fmt,
  heapMb,
  kb,
  median,
  percentile,
  progress,
  ensureBuilt,
  wholeBundleKb,
  compressionLibraryPath,
  RUNS,
  PROBES,
  signIn,
  waitForSyncRound,
} from './browser-page';
import { initialPull } from './browser-pull';
import { BENCH_PLATE, DIRECT_PLATE, QUEUE_WAVE, directCalls, queueWave, tapToVisible } from './browser-taps';
import { coldStart, compressTwelveMegapixels, firstScreenScripts } from './browser-start';
import { PROFILE, runTaps } from './browser-p3';
import { throttledRows } from './browser-network';
import { serialScanOnly } from './browser-serial-scan';
import { serialCheckOnly } from './browser-serial-check';

const FIRST_SCREEN_GOAL_KB = 250;
const COLD_START_GOAL_MS = 1_000;
const CPU_THROTTLE = 4;
const IMAGE_GOAL_KB = 500;
const IMAGE_GOAL_MS = 1_500;
const PULL_GOAL_RATIO = 1.3;
const TAP_SAMPLES = Number(process.env.BENCH_TAPS ?? 200);
const SLOW_TAP_SAMPLES = SCALE < 1 ? 10 : 30;
const ADDED_RTT_MS = 300;
const SLOW_GOAL_RATIO = 20;
const HEAP_GOAL_MB = 150;
/**
 * BENCH_ONLY=P3: the whole volume seeded, signed in, the first sync round, then only P3's taps.
 * BENCH_ONLY=working-set (or `--only working-set`): only the working-set table (working-set.ts).
 * BENCH_ONLY=serial-scan: only the serial scanner's throughput and feedback (browser-serial-scan.ts),
 * then the per-code check of a 200-TV truck (browser-serial-check.ts).
 * BENCH_ONLY=serial-check: only that check.
 */
const onlyArg = process.argv.indexOf('--only');
const ONLY = process.env.BENCH_ONLY ?? (onlyArg >= 0 ? process.argv[onlyArg + 1] : undefined);
async function main() {
  ensureBuilt();
  if (ONLY === 'P3') return onlyTaps();
  if (ONLY === 'working-set') return workingSetBench();
  if (ONLY === 'serial-scan') return serialScanOnly();
  if (ONLY === 'serial-check') return serialCheckOnly();
  if (ONLY)
    throw new Error(
      `BENCH_ONLY=${ONLY}: the browser bench knows only P3, working-set, serial-scan and serial-check`,
    );
  const profileDir = mkdtempSync(join(tmpdir(), 'dermaga-bench-profile-'));
  const quarterProfileDir = mkdtempSync(join(tmpdir(), 'dermaga-bench-profile-'));
  const { stack, stop } = await benchStack('dermaga-bench-browser');
  // The browser's network: no added latency until P4.
  const network = await new FlakyProxy(stack.appUrl).start();
  const appUrl = network.url;
  const rows: BenchRow[] = [];
  const pullRow = (label: string, p: { pullMs: number; rawMs: number; rows: number; floorMs: number }) => {
    const ratio = p.pullMs / p.rawMs;
    rows.push([
      `P1 ${label}: initial pull as admin (working set: ${fmt(p.rows)} shipment+inventory rows), ${fmt(p.rows / (p.pullMs / 1000))} rows/s`,
      `${fmt(p.pullMs)} ms`,
      `fetch of the same rows: ${fmt(p.rawMs)} ms (goal: at most ${PULL_GOAL_RATIO}x)`,
      `${ratio.toFixed(2)}x`,
    ]);
    rows.push([
      `P1 ${label}: the same pull, against what IndexedDB itself allows`,
      `${fmt(p.pullMs)} ms`,
      `raw IndexedDB put of the same rows (RxDB's store shape and indexes, ${fmt(PULL_BATCH)} a transaction): ${fmt(p.floorMs)} ms (${(p.floorMs / p.rawMs).toFixed(2)}x the fetch)`,
      `${(p.pullMs / p.floorMs).toFixed(2)}x`,
    ]);
  };
  try {
    const sql = new pg.Client({ connectionString: stack.dbUrl });
    await sql.connect();
    const started = performance.now();
    // P1 on the working set (issue 26): the open work, and a quarter of 1x of closed history
    // older than the retention window (working-set-seed.ts); the rest of it after P1 at a quarter.
    await seedOpenWork(sql);
    await seedHistory(sql, 0, 0.25 * SCALE);
    progress(`seeded the open work and a quarter of the history in ${fmt(performance.now() - started)} ms`);

    // P5, the first screen; P6 in the same plain page.
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const plain = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
    const first = await firstScreenScripts(plain, appUrl);
    const bundleKb = wholeBundleKb();
    progress(`first screen: ${first.count} scripts, ${fmt(first.totalKb, 1)} KB gzip`);
    rows.push([
      `P5 scripts the first screen (/auth) loads (${first.count} files, gzip)`,
      `${fmt(first.totalKb, 1)} KB`,
      `goal: ${FIRST_SCREEN_GOAL_KB} KB`,
      `${(first.totalKb / FIRST_SCREEN_GOAL_KB).toFixed(2)}x`,
    ]);
    rows.push([
      'P5 the same, against every script of the build',
      `${fmt(first.totalKb, 1)} KB`,
      `whole bundle: ${fmt(bundleKb, 1)} KB`,
      `${(first.totalKb / bundleKb).toFixed(2)}x`,
    ]);

    const imagePage = await plain.newPage();
    await imagePage.goto(new URL('/auth', appUrl).toString());
    const image = await compressTwelveMegapixels(imagePage, compressionLibraryPath());
    const imageMs = median(image.results.map((r) => r.ms));
    const imageKb = kb(median(image.results.map((r) => r.bytes)));
    progress(
      `12 MP JPEG of ${fmt(kb(image.inputBytes))} KB: ${image.results.map((r) => `${fmt(r.ms)} ms`).join(', ')}`,
    );
    rows.push([
      `P6 a 4000x3000 JPEG (${fmt(kb(image.inputBytes))} KB) compressed as the shipping form does: size`,
      `${fmt(imageKb)} KB`,
      `goal: ${IMAGE_GOAL_KB} KB`,
      `${(imageKb / IMAGE_GOAL_KB).toFixed(2)}x`,
    ]);
    rows.push([
      `P6 the same: time (median of ${image.results.length}, first ${fmt(image.results[0]!.ms)} ms)`,
      `${fmt(imageMs)} ms`,
      `goal: ${fmt(IMAGE_GOAL_MS)} ms`,
      `${(imageMs / IMAGE_GOAL_MS).toFixed(2)}x`,
    ]);
    await browser.close();

    const launch = (dir: string) =>
      chromium.launchPersistentContext(dir, {
        executablePath: CHROMIUM_PATH,
        args: CHROMIUM_ARGS,
        viewport: VIEWPORT,
      });

    // P1 at a quarter of the volume, on a profile of its own.
    const quarterContext = await launch(quarterProfileDir);
    const quarterPage = quarterContext.pages()[0] ?? (await quarterContext.newPage());
    const quarter = await initialPull(quarterPage, appUrl, stack.anonKey);
    progress(
      `P1 at a quarter: ${fmt(quarter.pullMs)} ms for ${fmt(quarter.rows)} rows, fetch ${fmt(quarter.rawMs)} ms, raw IndexedDB ${fmt(quarter.floorMs)} ms`,
    );
    await quarterContext.close();

    // The tablet's network, at the same quarter of the volume.
    const netBrowser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    rows.push(...(await throttledRows(netBrowser, appUrl, `${fmt(quarter.rows)} rows`)));
    await netBrowser.close();

    // The rest of the volume, and the vehicles the taps of P3 and P4 start loading.
    await seedHistory(sql, 0.25 * SCALE, SCALE);
    await seedBenchVehicles(sql, TAP_SAMPLES + SLOW_TAP_SAMPLES, BENCH_PLATE);
    const { rows: counts } = await sql.query<{ n: string }>(
      `select ((select count(*) from public.shipments) + (select count(*) from public.inventory))::text as n`,
    );
    const serverRows = Number(counts[0]!.n);
    progress(`seeded the rest: ${fmt(serverRows)} shipment and inventory rows on the server`);

    // P1 at the whole volume, then P7, on the profile the cold starts reuse.
    const context = await launch(profileDir);
    const page = context.pages()[0] ?? (await context.newPage());
    // What goes wrong in the page is printed (a failing sync round would otherwise only time out).
    page.on('pageerror', (error) => progress(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') progress(`page console: ${message.text()}`);
    });
    const whole = await initialPull(page, appUrl, stack.anonKey, PROFILE);
    progress(
      `P1 at the whole: ${fmt(whole.pullMs)} ms for ${fmt(whole.rows)} rows, fetch ${fmt(whole.rawMs)} ms, raw IndexedDB ${fmt(whole.floorMs)} ms`,
    );
    pullRow('a quarter', quarter);
    pullRow('the whole volume', whole);
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
      timeout: 60_000,
    });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const heap = await heapMb(context, page);
    progress(`heap after the initial pull ${fmt(heap, 1)} MB`);
    rows.push([
      `P7 JS heap after the initial pull as admin (${fmt(whole.rows)} of the server's ${fmt(serverRows)} shipment+inventory rows)`,
      `${fmt(heap, 1)} MB`,
      `the /auth page: ${fmt(first.heapMb, 1)} MB (goal: at most ${HEAP_GOAL_MB} MB)`,
      `${(heap / first.heapMb).toFixed(1)}x`,
    ]);

    // P3: taps on Proses Muat with the whole volume on the device.
    await page.goto(new URL('/hub-karawang/ready', appUrl).toString());
    await page.locator('[data-testid=sync-indicator][data-health=synced]').waitFor({ timeout: 5 * 60_000 });
    const tapped = new Set<string>();
    const p3 = await runTaps(sql, context, page, appUrl, tapped, TAP_SAMPLES);
    rows.push(...p3.rows);
    const shown = p3.taps.map((t) => t.ms);

    // P4: the same tap over a network with 300 ms more round-trip time, against direct calls.
    network.setLatency(ADDED_RTT_MS);
    const slowTaps: number[] = [];
    for (let i = 0; i < SLOW_TAP_SAMPLES; i++) {
      if (i % QUEUE_WAVE === 0) {
        await queueWave(sql, page, tapped, Math.min(QUEUE_WAVE, SLOW_TAP_SAMPLES - i));
      }
      slowTaps.push((await tapToVisible(page, appUrl, tapped)).ms);
    }
    await seedBenchVehicles(sql, SLOW_TAP_SAMPLES, DIRECT_PLATE, true);
    const { rows: spare } = await sql.query<{ id: string }>(
      `select id::text from public.vehicles where license_plate like $1 order by license_plate`,
      [`${DIRECT_PLATE}%`],
    );
    const direct: number[] = [];
    for (const v of spare) direct.push(await directCalls(page, stack.anonKey, v.id));
    network.setLatency(0);
    const slowMedian = median(slowTaps);
    const directMedian = median(direct);
    progress(
      `P4: taps median ${fmt(slowMedian, 1)} ms (p95 ${fmt(percentile(slowTaps, 95), 1)}), direct calls median ${fmt(directMedian)} ms`,
    );
    rows.push([
      `P4 the same tap with ${ADDED_RTT_MS} ms added RTT, median of ${slowTaps.length}`,
      `${fmt(slowMedian, 1)} ms`,
      `direct calls (apply_commands, then read back), median of ${direct.length}: ${fmt(directMedian)} ms (goal: ${SLOW_GOAL_RATIO}x sooner)`,
      `${(directMedian / slowMedian).toFixed(1)}x sooner`,
    ]);
    rows.push([
      `P4 the same, against the tap without added RTT (P3, median)`,
      `${fmt(slowMedian, 1)} ms`,
      `no added RTT: ${fmt(median(shown), 1)} ms (goal: no slower)`,
      `${(slowMedian / median(shown)).toFixed(2)}x`,
    ]);
    // Whatever the taps queued goes up before the profile is closed.
    await page.locator('[data-testid=sync-indicator][data-health=synced]').waitFor({ timeout: 5 * 60_000 });
    await context.close();
    await sql.end();

    // P5, cold starts from the service worker's cache, unthrottled then throttled.
    const plainRuns: number[] = [];
    const throttledRuns: number[] = [];
    const storedRuns: number[] = [];
    let sources = '';
    for (let r = 0; r < RUNS; r++) {
      const fast = await coldStart(profileDir, appUrl, 1);
      plainRuns.push(fast.ms);
      const slow = await coldStart(profileDir, appUrl, CPU_THROTTLE);
      throttledRuns.push(slow.ms);
      if (slow.marks.stored !== undefined) storedRuns.push(slow.marks.stored);
      sources = `${slow.fromServiceWorker} scripts from the service worker, ${slow.fromNetwork} from the network`;
      const steps = Object.entries(slow.marks)
        .map(([mark, at]) => `${mark} ${fmt(at)}`)
        .join(', ');
      progress(
        `cold start ${r + 1}: ${fmt(fast.ms)} ms unthrottled, ${fmt(slow.ms)} ms at ${CPU_THROTTLE}x (${sources}; at ${CPU_THROTTLE}x, ms: ${steps})`,
      );
    }
    const plainMs = median(plainRuns);
    const throttledMs = median(throttledRuns);
    rows.push([
      `P5 cold start to the dashboard's data, ${CPU_THROTTLE}x CPU throttle (median of ${RUNS}; ${sources})`,
      `${fmt(throttledMs)} ms`,
      `unthrottled: ${fmt(plainMs)} ms`,
      `${(throttledMs / plainMs).toFixed(2)}x`,
    ]);
    rows.push([
      'P5 the same, against the goal',
      `${fmt(throttledMs)} ms`,
      `goal: ${fmt(COLD_START_GOAL_MS)} ms`,
      `${(throttledMs / COLD_START_GOAL_MS).toFixed(2)}x`,
    ]);
    // Drawn in every run, or the row says how many runs drew them.
    const storedMs = storedRuns.length ? median(storedRuns) : NaN;
    rows.push([
      `P5 the same cold start, to the figures the device kept from its last start (drawn until the database answers; ${storedRuns.length} of ${RUNS} runs)`,
      storedRuns.length ? `${fmt(storedMs)} ms` : 'not drawn',
      `goal: ${fmt(COLD_START_GOAL_MS)} ms`,
      storedRuns.length ? `${(storedMs / COLD_START_GOAL_MS).toFixed(2)}x` : '-',
    ]);
  } finally {
    await network.stop();
    await stop();
    // A browser still closing may write into its profile: retried, and never hiding the run's own error.
    for (const dir of [profileDir, quarterProfileDir]) {
      try {
        rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
      } catch (error) {
        progress(`could not remove ${dir}: ${String(error)}`);
      }
    }
  }

  const version = spawnSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? 'Chromium';
  printTable(
    `Dermaga browser benchmark, ${new Date().toISOString()}, engine ${stack.engine}, ${version}, BENCH_SCALE=${SCALE}`,
    rows,
  );
  // The working-set table (issue 26), on a stack of its own.
  await workingSetBench();
  // The serial scanner (issue 42), on a stack of its own.
  await serialScanOnly();
}

/** BENCH_ONLY=P3: P3 alone, for a quicker look at the taps (no baselines but the goal). */
async function onlyTaps() {
  const profileDir = mkdtempSync(join(tmpdir(), 'dermaga-bench-profile-'));
  const { stack, stop } = await benchStack('dermaga-bench-browser');
  const network = await new FlakyProxy(stack.appUrl).start();
  const sql = new pg.Client({ connectionString: stack.dbUrl });
  let rows: BenchRow[];
  try {
    await sql.connect();
    await seedVolume(sql, 1, 0);
    await seedBenchVehicles(sql, TAP_SAMPLES, BENCH_PLATE);
    progress('seeded the whole volume');
    const context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      viewport: VIEWPORT,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => progress(`page error: ${error.message}`));
    await page.addInitScript(PROBES);
    await signIn(page, network.url);
    await waitForSyncRound(page, 30 * 60_000);
    progress('the first sync round is done');
    await page.goto(new URL('/hub-karawang/ready', network.url).toString());
    await page.locator('[data-testid=sync-indicator][data-health=synced]').waitFor({ timeout: 5 * 60_000 });
    rows = (await runTaps(sql, context, page, network.url, new Set(), TAP_SAMPLES)).rows;
    await context.close();
  } finally {
    await sql.end();
    await network.stop();
    await stop();
    rmSync(profileDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
  printTable(`Dermaga browser benchmark, P3 only, ${new Date().toISOString()}, engine ${stack.engine}`, rows);
}

runBench(main);
