// P5 and P6 of the browser bench (tests/bench/browser.ts): the first screen's scripts, a cold
// start from the service worker's cache, a 12-megapixel photo compressed as the app does it.
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { IMAGE_COMPRESSION_OPTIONS } from '../../src/lib/documents/image-compression-options';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { PROBES, RUNS, VIEWPORT, gzipKb, heapMb, waitForSyncRound } from './browser-page';

/** P5: the scripts /auth loads on a first visit (no service worker), gzip KB of each. */
export async function firstScreenScripts(context: BrowserContext, appUrl: string) {
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => void scripts.set(new URL(response.url()).pathname, gzipKb(body)),
        () => undefined,
      ),
    );
  });
  await page.goto(new URL('/auth', appUrl).toString());
  await page.locator('#email').waitFor();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const heap = await heapMb(context, page);
  await page.close();
  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  return { count: scripts.size, totalKb: total, heapMb: heap };
}

/** P6: one 4000x3000 JPEG made in the page, compressed as src/lib/documents/compress-image.ts does. */
export async function compressTwelveMegapixels(page: Page, libPath: string) {
  await page.addScriptTag({ url: libPath });
  return page.evaluate(
    async ({ options, libPath, runs }) => {
      const width = 4000;
      const height = 3000;
      // Photo-like: smooth gradients with sensor-like noise (a flat image would compress to nothing).
      const canvas = new OffscreenCanvas(width, height);
      const ctx = canvas.getContext('2d')!;
      const image = ctx.createImageData(width, height);
      const px = image.data;
      // No named functions in here: tsx would wrap them in a helper the page does not have.
      let seed = 42;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const i = (y * width + x) * 4;
          seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
          const n = (seed % 41) - 20;
          px[i] = ((x / width) * 200 + 30 + n) | 0;
          px[i + 1] = ((y / height) * 180 + 40 - n) | 0;
          px[i + 2] = (128 + 90 * Math.sin(x / 150) * Math.cos(y / 120) + n / 2) | 0;
          px[i + 3] = 255;
        }
      }
      ctx.putImageData(image, 0, 0);
      const jpeg = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
      const file = new File([jpeg], 'photo.jpg', { type: 'image/jpeg' });
      const compress = (
        window as unknown as {
          imageCompression: (f: File, o: Record<string, unknown>) => Promise<Blob>;
        }
      ).imageCompression;
      const results: Array<{ ms: number; bytes: number }> = [];
      for (let r = 0; r < runs; r++) {
        const start = performance.now();
        // Exactly src/lib/documents/compress-image.ts: the same options, the worker loading the same file.
        const out = await compress(file, {
          ...options,
          libURL: new URL(libPath, location.origin).toString(),
        });
        results.push({ ms: performance.now() - start, bytes: out.size });
      }
      return { inputBytes: jpeg.size, results };
    },
    { options: { ...IMAGE_COMPRESSION_OPTIONS }, libPath, runs: RUNS },
  );
}

/** A cold start: the browser relaunched on the same profile, the app opened from the service worker's cache. */
export async function coldStart(profileDir: string, appUrl: string, throttle: number) {
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    viewport: VIEWPORT,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript(PROBES);
    // A small same-origin document first, so the throttle is set on the app's renderer.
    await page.goto(new URL('/manifest.webmanifest', appUrl).toString());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    let fromServiceWorker = 0;
    let fromNetwork = 0;
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      if (response.fromServiceWorker()) fromServiceWorker++;
      else fromNetwork++;
    });
    await page.goto(new URL('/', appUrl).toString());
    await page.waitForFunction(
      () => (window as unknown as { __bench: { shownAt: number | null } }).__bench.shownAt !== null,
      undefined,
      { timeout: 120_000, polling: 100 },
    );
    const { ms, marks } = await page.evaluate((): { ms: number; marks: Record<string, number> } => {
      const probe = (window as unknown as { __bench: { shownAt: number; marks: Record<string, number> } })
        .__bench;
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return {
        ms: probe.shownAt,
        marks: { html: nav?.responseEnd ?? 0, loaded: nav?.loadEventEnd ?? 0, ...probe.marks },
      };
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    // Let the engine's first round finish before the profile is closed.
    await waitForSyncRound(page, 120_000).catch(() => undefined);
    return { ms, marks, fromServiceWorker, fromNetwork };
  } finally {
    await context.close();
  }
}
