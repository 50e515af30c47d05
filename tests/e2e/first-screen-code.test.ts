// Issue 32: the first screen (/auth) loads only the code it runs. Lighthouse (mobile, slow 4G)
// counted unused JavaScript on /auth, and the sign-in page came as a lazy chunk fetched only
// once the entry had run (one more round trip on a slow network), with zod, which the form
// needs only when it is sent. Now, in Chromium with no service worker: until the sign-in form
// shows, the page fetches only the entry and the chunks index.html preloads (no later wave of
// imports but the service worker's registration), and none of them holds zod's schema builder, the shell's libraries (Recharts, Radix
// menus and dialogs) or the sync engine (RxDB, Dexie), by their source maps. Nor the English
// catalogue (issue 43): a chunk of its own, which the service worker precaches. Sending the form
// still validates it (zod is loaded then). Needs dist/ (npm run build; npm test does).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { LOGIN_FILL_ALL_FIELDS } from '../../src/lib/i18n/default-strings';
import { appUrl, useBrowser, watchedDevice } from '../support/browser';

const DIST = resolve(import.meta.dirname, '../..', process.env.DERMAGA_DIST || 'dist');
const NOT_ON_THE_FIRST_SCREEN =
  /node_modules\/(zod\/v4\/classic|recharts|d3-|rxdb|dexie|@radix-ui\/react-(dropdown-menu|dialog|popover|select|tabs|alert-dialog))\//;
// Issue 28: the handover's libraries load only when a document is made or a code is scanned.
const HANDOVER_LIBRARIES =
  /node_modules\/(jspdf|qrcode|barcode-detector|zxing-wasm|signature_pad|html2canvas|canvg|dompurify)\//;
// Issue 43: the English catalogue (en.ts and its parts, handover-en.ts, ...) loads when English is
// chosen; the default language's device never fetches it.
const ENGLISH_CATALOGUE = /src\/lib\/i18n\/([a-z-]+-)?en\.ts$/;
/** Issue 28: the first screen's JavaScript stays under 250 KB gzip. */
const FIRST_SCREEN_GZIP_LIMIT = 250 * 1024;

function sources(path: string): string[] {
  const map = join(DIST, `${path}.map`);
  if (!existsSync(map)) return [];
  return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
}

const browser = useBrowser();

describe('the sign-in screen, on a first visit', () => {
  it('loads the entry and its preloads only, without zod, the shell or the sync engine', async () => {
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    const planned = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
    expect(planned.size).toBeGreaterThan(1);

    const { context, page, errors } = await watchedDevice(browser(), { serviceWorkers: 'block' });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(appUrl('/auth'));
    await page.locator('#email').waitFor();
    await page.waitForLoadState('networkidle');

    // The service worker's registration (workbox-window) is imported once the app has rendered.
    const later = scripts.filter((s) => !planned.has(s) && !s.startsWith('/assets/workbox-window'));
    expect(later).toEqual([]);
    const unneeded = scripts.flatMap((s) => sources(s).filter((src) => NOT_ON_THE_FIRST_SCREEN.test(src)));
    expect(unneeded).toEqual([]);
    const handover = scripts.flatMap((s) => sources(s).filter((src) => HANDOVER_LIBRARIES.test(src)));
    expect(handover).toEqual([]);
    // The pattern names what the build holds: some chunk of dist/ is made of them.
    const chunks = readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
    expect(chunks.some((f) => sources(`/assets/${f}`).some((src) => HANDOVER_LIBRARIES.test(src)))).toBe(
      true,
    );
    const english = scripts.flatMap((s) => sources(s).filter((src) => ENGLISH_CATALOGUE.test(src)));
    expect(english).toEqual([]);
    // The English catalogue is a chunk of dist/, precached by the service worker (offline English).
    const englishChunks = chunks.filter((f) =>
      sources(`/assets/${f}`).some((src) => ENGLISH_CATALOGUE.test(src)),
    );
    expect(englishChunks).toHaveLength(1);
    expect(readFileSync(join(DIST, 'sw.js'), 'utf8')).toContain(`assets/${englishChunks[0]}`);
    const gzip = [...new Set(scripts)].reduce(
      (sum, s) => sum + gzipSync(readFileSync(join(DIST, s.slice(1))), { level: 9 }).length,
      0,
    );
    console.log(`[first-screen-code] ${new Set(scripts).size} scripts, ${Math.round(gzip / 1024)} KB gzip`);
    expect(gzip).toBeLessThan(FIRST_SCREEN_GZIP_LIMIT);
    // The check reads what it should: the loaded scripts' maps name React.
    expect(scripts.flatMap(sources).some((s) => s.includes('node_modules/react-dom/'))).toBe(true);

    // Sent empty, the form is checked (zod loads now) and says what is missing.
    await page.locator('form button[type=submit]').click();
    await expect
      .poll(() => page.getByText(LOGIN_FILL_ALL_FIELDS).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
