// The browser bench on a tablet's network (issue 32): Chromium throttled through CDP as
// Lighthouse's mobile "slow 4G" (1.6 Mbps down, 750 kbps up, 150 ms round trip), for
//   - the first visit: the bytes over the wire and the time until the sign-in form shows;
//   - P1: sign-in, then the first sync round, its time and the API's bytes over the wire.
// Each is measured twice in the same run: as the stack serves now (the browser's own
// Accept-Encoding: brotli, gzip) and as it served before issue 32 (the same requests with
// `Accept-Encoding: identity`, so nothing comes compressed). Service workers are blocked, so
// the precache's downloads (unthrottled, in the worker) do not mix with the page's.
import type { Browser, CDPSession, Page } from 'playwright-core';
import { PROBES, VIEWPORT, fmt, kb, progress, signIn, waitForSyncRound } from './browser-page';
import { firstRoundMs } from './browser-pull';
import type { BenchRow } from './table';

/** Lighthouse's mobile throttling (simulated slow 4G): bytes per second, ms. */
export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
export const SLOW_4G_LABEL = 'slow 4G (1.6 Mbps down, 750 kbps up, 150 ms RTT)';

interface Wire {
  cdp: CDPSession;
  /** Bytes received (headers and encoded body) by requests whose URL passes the filter. */
  bytes: (filter?: (url: string) => boolean) => number;
  reset: () => void;
}

async function throttled(page: Page, plain: boolean): Promise<Wire> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  if (plain) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
  const urls = new Map<string, string>();
  let finished: Array<{ url: string; bytes: number }> = [];
  cdp.on('Network.requestWillBeSent', (e) => void urls.set(e.requestId, e.request.url));
  cdp.on(
    'Network.loadingFinished',
    (e) => void finished.push({ url: urls.get(e.requestId) ?? '', bytes: e.encodedDataLength }),
  );
  return {
    cdp,
    bytes: (filter = () => true) => finished.filter((f) => filter(f.url)).reduce((n, f) => n + f.bytes, 0),
    reset: () => void (finished = []),
  };
}

/** The first visit to /auth on the throttled network: ms until the sign-in form shows, bytes by then. */
export async function throttledFirstVisit(browser: Browser, appUrl: string, plain: boolean) {
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const wire = await throttled(page, plain);
    const started = performance.now();
    await page.goto(new URL('/auth', appUrl).toString());
    await page.locator('#email').waitFor({ state: 'visible', timeout: 120_000 });
    const ms = performance.now() - started;
    return { ms, bytes: wire.bytes() };
  } finally {
    await context.close();
  }
}

const isApi = (url: string) => /\/(rest|auth|storage|functions)\/v1\//.test(url);

/** P1 on the throttled network: admin signs in, the first sync round's time and the API's bytes. */
export async function throttledFirstSync(browser: Browser, appUrl: string, plain: boolean) {
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.addInitScript(PROBES);
    const wire = await throttled(page, plain);
    const started = performance.now();
    await signIn(page, appUrl);
    await waitForSyncRound(page, 30 * 60_000);
    const totalMs = performance.now() - started;
    return { ms: await firstRoundMs(page), totalMs, apiBytes: wire.bytes(isApi), allBytes: wire.bytes() };
  } finally {
    await context.close();
  }
}

/** The four rows: first visit and first sync, bytes and time, now against before issue 32. */
export async function throttledRows(browser: Browser, appUrl: string, volume: string): Promise<BenchRow[]> {
  const before = await throttledFirstVisit(browser, appUrl, true);
  const after = await throttledFirstVisit(browser, appUrl, false);
  progress(
    `${SLOW_4G_LABEL}, first visit: ${fmt(kb(after.bytes))} KB in ${fmt(after.ms)} ms; uncompressed ${fmt(kb(before.bytes))} KB in ${fmt(before.ms)} ms`,
  );
  const syncBefore = await throttledFirstSync(browser, appUrl, true);
  const syncAfter = await throttledFirstSync(browser, appUrl, false);
  progress(
    `${SLOW_4G_LABEL}, first sync (${volume}): ${fmt(kb(syncAfter.apiBytes))} KB of API in ${fmt(syncAfter.ms)} ms ` +
      `(${fmt(syncAfter.totalMs)} ms from /auth); uncompressed ${fmt(kb(syncBefore.apiBytes))} KB in ${fmt(syncBefore.ms)} ms (${fmt(syncBefore.totalMs)} ms)`,
  );
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  return [
    [
      `Net first visit on ${SLOW_4G_LABEL}: bytes over the wire until the sign-in form`,
      `${fmt(kb(after.bytes))} KB`,
      `uncompressed (Accept-Encoding: identity, as before issue 32): ${fmt(kb(before.bytes))} KB`,
      ratio(after.bytes, before.bytes),
    ],
    [
      `Net first visit on ${SLOW_4G_LABEL}: time to the sign-in form`,
      `${fmt(after.ms)} ms`,
      `uncompressed: ${fmt(before.ms)} ms`,
      ratio(after.ms, before.ms),
    ],
    [
      `Net P1 on ${SLOW_4G_LABEL} (${volume}): API bytes over the wire, sign-in and first sync`,
      `${fmt(kb(syncAfter.apiBytes))} KB`,
      `uncompressed: ${fmt(kb(syncBefore.apiBytes))} KB`,
      ratio(syncAfter.apiBytes, syncBefore.apiBytes),
    ],
    [
      `Net P1 on ${SLOW_4G_LABEL} (${volume}): time of the first sync round`,
      `${fmt(syncAfter.ms)} ms`,
      `uncompressed: ${fmt(syncBefore.ms)} ms`,
      ratio(syncAfter.ms, syncBefore.ms),
    ],
  ];
}
