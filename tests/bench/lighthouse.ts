// Lighthouse on the local stack (issue 32): `node --import tsx tests/bench/lighthouse.ts`.
// A fresh stack with the demo data serves the built app; Debian's Chromium is launched by
// playwright-core with a debugging port, and Lighthouse (pinned devDependency, mobile preset:
// a mid-range phone, simulated slow 4G, 4x CPU) runs in it against /auth on a clean profile, then
// against the dashboard after admin has signed in on the same phone's screen (storage kept, so the
// session, the kept figures and the blocks' kept heights at that width are there, as on a phone
// that starts the app again).
// Prints each page's category scores and metrics; docs/performance.md records them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { screenEmulationMetrics } from 'lighthouse/core/config/constants.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { ensureBuilt, progress, signIn, waitForSyncRound, PROBES } from './browser-page';
import { benchStack, runBench } from './table';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 9333);
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
  'interactive',
];

async function audit(url: string, keepStorage: boolean) {
  const result = await lighthouse(url, {
    port: PORT,
    output: 'json',
    logLevel: 'error',
    disableStorageReset: keepStorage,
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // LIGHTHOUSE_JSON=<dir>: the whole reports, for a closer look.
  if (process.env.LIGHTHOUSE_JSON) {
    const name = new URL(url).pathname.replace(/\W/g, '') || 'dashboard';
    writeFileSync(join(process.env.LIGHTHOUSE_JSON, `${name}.json`), JSON.stringify(lhr));
  }
  const scores = Object.values(lhr.categories).map((c) => `${c.title} ${Math.round((c.score ?? 0) * 100)}`);
  const metrics = METRICS.map((id) => `${lhr.audits[id]?.title}: ${lhr.audits[id]?.displayValue}`);
  const bytes = lhr.audits['total-byte-weight']?.displayValue;
  const failing = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  console.log(`\nLighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}, ${url}`);
  console.log(`  scores: ${scores.join(', ')}`);
  console.log(`  ${metrics.join('; ')}; ${bytes}`);
  console.log(`  below 90: ${failing.join(', ') || 'none'}`);
}

async function main() {
  ensureBuilt();
  const { stack, stop } = await benchStack('dermaga-lighthouse');
  // A persistent context is the browser's default one: the tabs Lighthouse opens share it.
  const profileDir = mkdtempSync(join(tmpdir(), 'dermaga-lighthouse-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${PORT}`],
  });
  try {
    await audit(new URL('/auth', stack.appUrl).toString(), false);
    // Signed in as admin, the first sync done, in that profile.
    const page = await context.newPage();
    // The screen Lighthouse emulates (its mobile preset), set the way it sets it.
    const { width, height, deviceScaleFactor, mobile } = screenEmulationMetrics.mobile;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor, mobile });
    await page.addInitScript(PROBES);
    await signIn(page, stack.appUrl);
    await waitForSyncRound(page, 5 * 60_000);
    progress('signed in as admin, first sync done');
    await page.close();
    await audit(new URL('/', stack.appUrl).toString(), true);
  } finally {
    await context.close();
    await stop();
    rmSync(profileDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

runBench(main);
