// The working-set bench's figures for one new device (issue 26; the run is in working-set.ts):
// a fresh Chromium profile signs in, the first sync round runs into the page's IndexedDB, and the
// page is measured: rows held, IndexedDB size, JS heap, the server's time in each kind of round,
// a raw download of the same working set by fetch, then cold starts at a 4x CPU throttle.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { PULL_BATCH } from '../../sync/replication/pull';
import { STORE_TABLES, TABLES, VIEW_TABLES } from '../../sync/model/rows';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { DEMO_PASSWORD, DEMO_USERS } from '../support/demo';
import {
  HUB_SCREEN,
  PROBES,
  VIEWPORT,
  heapMb,
  median,
  probesFor,
  progress,
  startProfile,
  stopProfile,
  waitForSyncRound,
} from './browser-page';
import { reportMainThread, startTrace } from './browser-trace';
import { firstRoundMs, rawIndexedDbFloor, roundRequests } from './browser-pull';

export type Device = 'karawang' | 'admin';

/** BENCH_PROFILE=1 / BENCH_TRACE=1: where the page's main thread spends a first sync (CPU profile / trace). */
const PROFILE = process.env.BENCH_PROFILE === '1';
const TRACE = process.env.BENCH_TRACE === '1';

/** The server's part of one sync round: its API requests, and the sum of their time to first byte. */
export interface RoundServer {
  requests: number;
  ttfbMs: number;
  /** The slowest request, as `path ms`. */
  slowest: string;
  /** Rows fetched by id (rows_by_id: the reconcile's "entered the scope" rows). */
  byIdRequests: number;
}

export interface DeviceFigures {
  device: Device;
  /** Rows the first sync stored, by table (every document of RxDB's stores). */
  rows: number;
  byTable: Record<string, number>;
  firstSyncMs: number;
  firstRound: RoundServer;
  /** A round with nothing new (the Refresh button after the first sync). */
  idleRound: RoundServer;
  /** The first round after a cold start (a new engine: with the reconcile, every table's ids). */
  startRound: RoundServer | null;
  rawMs: number;
  rawRows: number;
  /** The same rows (RxDB's tables) put with plain IndexedDB, every table at once (rawIndexedDbFloor). */
  floorMs: number;
  idbMb: number;
  heapMb: number;
  coldMs: number;
  coldRuns: number[];
  /** Cold starts straight to the hub's floor screen, to its first card (the Karawang tablet only). */
  hubColdMs: number;
  hubColdRuns: number[];
}

const launch = (dir: string) =>
  chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    viewport: VIEWPORT,
  });

async function signInAs(page: Page, appUrl: string, device: Device) {
  await page.goto(new URL('/auth', appUrl).toString());
  await page.locator('#email').fill(DEMO_USERS[device]);
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL(new URL('/', appUrl).toString());
}

/**
 * The API requests of the page's `n`-th sync round (0: the first since the probes), with the sum
 * of their time to first byte (the gateway, PostgREST and the database; the stack is local).
 */
export async function roundServer(page: Page, n: number): Promise<RoundServer> {
  return page.evaluate((n) => {
    const { health, healthAt } = (window as unknown as { __bench: { health: string[]; healthAt: number[] } })
      .__bench;
    let from = -1;
    let to = -1;
    let seen = -1;
    for (let i = 0; i < health.length; i++) {
      if (health[i] !== 'syncing') continue;
      const j = health.findIndex((h, k) => k > i && (h === 'synced' || h === 'pending'));
      if (j < 0) break;
      if (++seen === n) {
        from = healthAt[i]!;
        to = healthAt[j]!;
        break;
      }
      i = j;
    }
    if (from < 0) return { requests: 0, ttfbMs: 0, slowest: '-', byIdRequests: 0 };
    const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (e) => e.name.includes('/rest/v1/') && e.startTime >= from - 50 && e.startTime <= to,
    );
    let ttfbMs = 0;
    let slowest = { path: '-', ms: -1 };
    for (const e of entries) {
      const ms = Math.max(0, e.responseStart - (e.requestStart || e.startTime));
      ttfbMs += ms;
      const path = new URL(e.name).pathname.replace('/rest/v1/', '').replace('rpc/', '');
      if (ms > slowest.ms) slowest = { path, ms };
    }
    return {
      requests: entries.length,
      ttfbMs,
      slowest: `${slowest.path} ${Math.round(slowest.ms)} ms`,
      byIdRequests: entries.filter((e) => e.name.includes('/rpc/rows_by_id')).length,
    };
  }, n);
}

/**
 * Every document RxDB's Dexie storage holds, by collection, and the rows of the tables kept in
 * the engine's store (STORE_TABLES), and IndexedDB's share of the origin's storage.
 */
async function stored(page: Page): Promise<{ byTable: Record<string, number>; idbBytes: number }> {
  // No named function inside: tsx would wrap it in a helper the page does not have.
  return page.evaluate(
    async (storeTables) => {
      const byTable: Record<string, number> = {};
      for (const { name } of await indexedDB.databases()) {
        const rxdb = name?.startsWith('rxdb-dexie-');
        if (!name || (!rxdb && !name.endsWith('-engine'))) continue;
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(name);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        // RxDB's documents are its store 'docs' (the table is the database name's last part).
        const stores = rxdb ? ['docs'] : storeTables.filter((t) => db.objectStoreNames.contains(t));
        for (const store of stores) {
          if (!db.objectStoreNames.contains(store)) continue;
          const count = db.transaction(store).objectStore(store).count();
          const n = await new Promise<number>((resolve, reject) => {
            count.onsuccess = () => resolve(count.result);
            count.onerror = () => reject(count.error);
          });
          const table = rxdb ? name.split('--').pop()! : store;
          byTable[table] = (byTable[table] ?? 0) + n;
        }
        db.close();
      }
      const estimate = (await navigator.storage.estimate()) as StorageEstimate & {
        usageDetails?: { indexedDB?: number };
      };
      return { byTable, idbBytes: estimate.usageDetails?.indexedDB ?? estimate.usage ?? 0 };
    },
    STORE_TABLES as readonly string[],
  );
}

/**
 * The same working set downloaded by fetch in the same page: every table the pull reads, through
 * the same pull_changes function, 5,000 rows a request from the same checkpoints, parsed and kept
 * (so the rows are exactly those the first sync received, and the baseline has no IndexedDB).
 * The rows of RxDB's tables are left in the page for the second baseline (rawIndexedDbFloor).
 */
export async function rawWorkingSet(page: Page, anonKey: string): Promise<{ ms: number; rows: number }> {
  return page.evaluate(
    async ({ anon, tables, viewTables, batch }) => {
      const session = JSON.parse(localStorage.getItem('dermaga-auth') ?? '{}') as { access_token: string };
      const headers = {
        apikey: anon,
        Authorization: `Bearer ${session.access_token}`,
        'Content-Type': 'application/json',
      };
      const kept: Record<string, unknown[]> = {};
      let rows = 0;
      const start = performance.now();
      for (const table of tables) {
        let after: { change_xid: string; id: string } | null = null;
        for (;;) {
          const res: Response = await fetch('/rest/v1/rpc/pull_changes', {
            method: 'POST',
            headers,
            body: JSON.stringify({
              p_table: table,
              p_after_xid: after?.change_xid ?? null,
              p_after_id: after?.id ?? null,
              p_limit: batch,
            }),
          });
          if (!res.ok) throw new Error(`pull_changes ${table}: ${res.status} ${await res.text()}`);
          const body = (await res.json()) as { rows: Array<{ change_xid: string; id: string }> };
          (kept[table] ??= []).push(...body.rows);
          rows += body.rows.length;
          if (body.rows.length < batch) break;
          after = body.rows[body.rows.length - 1]!;
        }
      }
      const ms = performance.now() - start;
      // Kept for the IndexedDB floor (rawIndexedDbFloor), which drops them: RxDB's tables only
      // (the floor copies each one's store from RxDB's database).
      (window as unknown as { __benchRaw?: unknown }).__benchRaw = Object.fromEntries(
        Object.entries(kept).filter(([table]) => viewTables.includes(table)),
      );
      return { ms, rows };
    },
    { anon: anonKey, tables: [...TABLES], viewTables: [...VIEW_TABLES] as string[], batch: PULL_BATCH },
  );
}

/**
 * Where a cold start went, in ms from the navigation (in the page): the HTML, the load event,
 * the bench's own marks (shell, dashboard, stored figures, engine ready), the app's
 * `dermaga:*` performance marks (the engine's code asked for and loaded, the engine open, the
 * dashboard's tables read: src/lib/sync-engine.tsx, sync/db/live-table.ts), the first sync
 * round's start, and the figures from the database (`shown`).
 */
export function startMarks(): { ms: number; marks: Record<string, number>; blocking: number } {
  const probe = (
    window as unknown as {
      __bench: {
        shownAt: number;
        marks: Record<string, number>;
        health: string[];
        healthAt: number[];
        longTasks: Array<[number, number]>;
      };
    }
  ).__bench;
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const marks: Record<string, number> = { html: nav?.responseEnd ?? 0, loaded: nav?.loadEventEnd ?? 0 };
  for (const [k, v] of Object.entries(probe.marks)) marks[k] = v;
  for (const m of performance.getEntriesByType('mark')) {
    if (m.name.startsWith('dermaga:')) marks[m.name.slice('dermaga:'.length)] ??= m.startTime;
  }
  const syncing = probe.health.indexOf('syncing');
  if (syncing >= 0) marks['round'] = probe.healthAt[syncing]!;
  marks['shown'] = probe.shownAt;
  // Blocking time before the data (as Lighthouse counts it: each long task's time over 50 ms).
  const blocking = probe.longTasks
    .filter(([start]) => start < probe.shownAt)
    .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
  return { ms: probe.shownAt, marks, blocking };
}

/** The marks of startMarks, in time order: "name ms, ...". */
export const formatMarks = (marks: Record<string, number>) =>
  Object.entries(marks)
    .sort((a, b) => a[1] - b[1])
    .map(([k, v]) => `${k} ${Math.round(v)}`)
    .join(', ');

/**
 * A cold start at `throttle`: as browser-start.ts's, plus the server's part of the start's first
 * round. `screen`: opened at its path, until its `shown` selector appears (the dashboard's data
 * by default).
 */
async function coldStartRound(
  profileDir: string,
  appUrl: string,
  throttle: number,
  screen: typeof HUB_SCREEN | null = null,
) {
  const context = await launch(profileDir);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript(screen ? probesFor(screen.shown) : PROBES);
    await page.goto(new URL('/manifest.webmanifest', appUrl).toString());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    if (PROFILE) await startProfile(cdp, 200);
    await page.goto(new URL(screen?.path ?? '/', appUrl).toString());
    await page.waitForFunction(
      () => (window as unknown as { __bench: { shownAt: number | null } }).__bench.shownAt !== null,
      undefined,
      { timeout: 180_000, polling: 100 },
    );
    if (PROFILE) await stopProfile(cdp, `a cold start at ${throttle}x`);
    const { ms, marks, blocking } = await page.evaluate(startMarks);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const done = await waitForSyncRound(page, 10 * 60_000).then(
      () => true,
      () => false,
    );
    return { ms, marks, blocking, round: done ? await roundServer(page, 0) : null };
  } finally {
    await context.close();
  }
}

/**
 * In the page, before its scripts: first_sync answers 404 as on a server without it, so the
 * engine's first sync is the one before issue 43 (the counts, then a pull a table). The page's
 * own fetch is wrapped, not routed by Playwright (routing pauses every request in the browser).
 */
function OLDER_SERVER() {
  const fetchThrough = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/rest/v1/rpc/first_sync')) return fetchThrough(input, init);
    const body = JSON.stringify({
      code: 'PGRST202',
      message: 'Could not find the function',
      details: null,
      hint: null,
    });
    return Promise.resolve(
      new Response(body, { status: 404, headers: { 'Content-Type': 'application/json' } }),
    );
  };
}

/**
 * One new device, measured (see the file's header). `runs` cold starts, the median kept.
 * `olderServer`: the first sync as before issue 43 (OLDER_SERVER), its first sync and the raw
 * fetch only (no cold starts).
 */
export async function measureDevice(
  appUrl: string,
  anonKey: string,
  device: Device,
  runs: number,
  throttle: number,
  olderServer = false,
): Promise<DeviceFigures> {
  const profileDir = mkdtempSync(join(tmpdir(), `dermaga-bench-ws-${device}-`));
  try {
    const context = await launch(profileDir);
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => progress(`page error: ${error.message}`));
    await page.addInitScript(PROBES);
    if (olderServer) await page.addInitScript(OLDER_SERVER);
    const diagnosis = PROFILE || TRACE ? await context.newCDPSession(page) : null;
    if (diagnosis && PROFILE) await startProfile(diagnosis, 200);
    if (diagnosis && TRACE) await startTrace(diagnosis);
    await signInAs(page, appUrl, device);
    await waitForSyncRound(page, 60 * 60_000);
    if (diagnosis && PROFILE) await stopProfile(diagnosis, `${device}'s sign-in and first sync`);
    if (diagnosis && TRACE) await reportMainThread(diagnosis, `${device}'s sign-in and first sync`);
    const firstSyncMs = await firstRoundMs(page);
    const firstRound = await roundServer(page, 0);
    progress(
      `${device}${olderServer ? ' (first sync as before issue 43)' : ''}: first sync ${Math.round(firstSyncMs)} ms, ${firstRound.requests} API requests (path start+wait+duration ms): ${await roundRequests(page)}`,
    );
    // A round with nothing new: the dashboard's Refresh button, once the first round is over.
    await page.locator('[data-testid="dashboard"] header button:not([disabled])').click({ timeout: 120_000 });
    await page.waitForFunction(
      () => {
        const { health } = (window as unknown as { __bench: { health: string[] } }).__bench;
        return health.filter((h) => h === 'syncing').length >= 2 && health.at(-1) !== 'syncing';
      },
      undefined,
      { timeout: 10 * 60_000, polling: 100 },
    );
    const idleRound = await roundServer(page, 1);
    const { byTable, idbBytes } = await stored(page);
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
      timeout: 120_000,
    });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const heap = await heapMb(context, page);
    const raw = await rawWorkingSet(page, anonKey);
    const floor = await rawIndexedDbFloor(page, PULL_BATCH, true);
    await context.close();
    // Cold starts onto the dashboard, to its database figures; a hub tablet's also straight onto
    // its floor screen (as after a reload there), to the first card.
    let startRound: RoundServer | null = null;
    const coldStarts = async (count: number, screen: typeof HUB_SCREEN | null, until: string) => {
      const ms: number[] = [];
      for (let r = 0; r < count; r++) {
        const cold = await coldStartRound(profileDir, appUrl, throttle, screen);
        ms.push(cold.ms);
        startRound ??= cold.round;
        progress(
          `${device}: cold start ${r + 1}${screen ? ` to ${screen.path}` : ''} at ${throttle}x: ${Math.round(cold.ms)} ms to ${until}, blocking ${Math.round(
            cold.blocking,
          )} ms before it (${formatMarks(cold.marks)})`,
        );
      }
      return ms;
    };
    const coldRuns = await coldStarts(olderServer ? 0 : runs, null, 'the data');
    const hubColdRuns = await coldStarts(
      olderServer || device !== 'karawang' ? 0 : runs,
      HUB_SCREEN,
      'the first card',
    );
    return {
      device,
      rows: TABLES.reduce((sum, t) => sum + (byTable[t] ?? 0), 0),
      byTable,
      firstSyncMs,
      firstRound,
      idleRound,
      startRound,
      rawMs: raw.ms,
      rawRows: raw.rows,
      floorMs: floor.ms,
      idbMb: idbBytes / 1024 / 1024,
      heapMb: heap,
      coldMs: coldRuns.length ? median(coldRuns) : NaN,
      coldRuns,
      hubColdMs: hubColdRuns.length ? median(hubColdRuns) : NaN,
      hubColdRuns,
    };
  } finally {
    rmSync(profileDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}
