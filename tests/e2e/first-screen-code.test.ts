// Issue 32: the first screen (/auth) loads only the code it runs. Lighthouse (mobile, slow 4G)
// counted unused JavaScript on /auth, and the sign-in page came as a lazy chunk fetched only
// once the entry had run (one more round trip on a slow network), with zod, which the form
// needs only when it is sent. Now, in Chromium with no service worker: the sign-in form shows and
// takes typing with only the entry and the chunks index.html preloads (every other script is held
// back until then), and none of the page's scripts holds zod's schema builder, the shell's
// libraries (Recharts, Radix menus and dialogs) or the sync engine (RxDB, Dexie), by their source
// maps. Nor the English catalogue (issue 43): a chunk of its own, which the service worker
// precaches. Issue 43 too: the scripts the form waits for are at most 180 KB gzip; supabase-js,
// sonner and date-fns are not among them (supabase-js and the toasts load once it has painted).
// Sending the form still validates it (zod is loaded then). Needs dist/ (npm run build; npm test
// does).
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
// Issue 43: what the first screen runs after its paint, or not at all: the Supabase client (the
// sign-in's call, the session's confirmation), the toasts and the date formats.
const AFTER_THE_FIRST_PAINT = /node_modules\/(@supabase|sonner|date-fns)\//;
/** Issue 43 (issue 28 said 250): the scripts the sign-in form waits for, at most 180 KB gzip. */
const FIRST_SCREEN_GZIP_LIMIT = 180 * 1024;

function sources(path: string): string[] {
  const map = join(DIST, `${path}.map`);
  if (!existsSync(map)) return [];
  return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
}

const browser = useBrowser();

describe('the sign-in screen, on a first visit', () => {
  it('shows the form with the entry and its preloads only, 180 KB gzip at most, without zod, the shell or the sync engine', async () => {
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    const planned = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
    expect(planned.size).toBeGreaterThan(1);

    const { context, page, errors } = await watchedDevice(browser(), { serviceWorkers: 'block' });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    // Every script index.html does not name waits until the form has shown and taken typing: the
    // first screen needs none of them (it would not show), and the budget counts the planned ones.
    let formShown = false;
    const held: (() => Promise<void>)[] = [];
    await page.route('**/assets/*.js', async (route) => {
      if (formShown || planned.has(new URL(route.request().url()).pathname)) return route.continue();
      held.push(() => route.continue());
    });
    await page.goto(appUrl('/auth'));
    await page.locator('#email').fill('first@screen.test');
    await expect.poll(() => page.locator('#email').inputValue()).toBe('first@screen.test');
    formShown = true;
    const firstScreen = [...new Set(scripts)].filter((s) => planned.has(s));
    const heldBack = held.length;
    await Promise.all(held.map((release) => release()));
    await page.waitForLoadState('networkidle');

    const gzip = firstScreen.reduce(
      (sum, s) => sum + gzipSync(readFileSync(join(DIST, s.slice(1))), { level: 9 }).length,
      0,
    );
    console.log(`[first-screen-code] ${firstScreen.length} scripts, ${gzip} B gzip`);
    expect(gzip).toBeLessThanOrEqual(FIRST_SCREEN_GZIP_LIMIT);
    const afterPaint = firstScreen.flatMap((s) =>
      sources(s).filter((src) => AFTER_THE_FIRST_PAINT.test(src)),
    );
    expect(afterPaint).toEqual([]);
    // The check reads what it should: the page asks for supabase-js, once the form has painted.
    const later = [...new Set(scripts)].filter((s) => !planned.has(s));
    expect(heldBack).toBeGreaterThan(0);
    expect(later.some((s) => sources(s).some((src) => src.includes('node_modules/@supabase/auth-js/')))).toBe(
      true,
    );
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
    // The check reads what it should: the first screen's scripts' maps name React.
    expect(firstScreen.flatMap(sources).some((s) => s.includes('node_modules/react-dom/'))).toBe(true);

    // Sent empty, the form is checked (zod loads now) and says what is missing.
    await page.locator('#email').fill('');
    await page.locator('form button[type=submit]').click();
    await expect
      .poll(() => page.getByText(LOGIN_FILL_ALL_FIELDS).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
