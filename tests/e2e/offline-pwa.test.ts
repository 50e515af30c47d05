// Issue 5: the installable offline PWA. A service worker controls the page, the
// manifest makes it installable, the app opens signed in with no network (also with
// a token that cannot be refreshed), the indicator follows the connection, and
// signing out wipes what the user left on the device.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PWA_OFFLINE_READY } from '../../src/lib/i18n/default-strings';
import {
  appUrl,
  headerText,
  newContext,
  signedInPage,
  signIn,
  useBrowser,
  waitForServiceWorkerControl,
  waitForShell,
} from '../support/browser';
import { DEMO_USERS } from '../support/demo';

const browser = useBrowser();

function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function indicator(page: Page): Promise<{ online: string | null; label: string }> {
  const button = page.getByTestId('sync-indicator');
  return {
    online: await button.getAttribute('data-online'),
    label: ((await page.getByTestId('sync-indicator-label').textContent()) ?? '').trim(),
  };
}

describe('the service worker', () => {
  it('tells the user once, on the first visit, that the app works offline', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto(appUrl('/auth'));
    const notice = page.locator('[data-sonner-toast]', { hasText: PWA_OFFLINE_READY });
    await notice.waitFor({ timeout: 15_000 });
    await waitForServiceWorkerControl(page);
    await page.reload();
    await page.locator('#email').waitFor();
    await page.waitForTimeout(1000);
    await expect.poll(() => notice.count()).toBe(0);
    await context.close();
  });
});

describe('the web app manifest', () => {
  it('has the fields and icons that make the app installable', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto(appUrl('/auth'));
    const href = await page.locator('link[rel=manifest]').getAttribute('href');
    expect(href).toBeTruthy();
    const response = await context.request.get(appUrl(href!));
    expect(response.ok()).toBe(true);
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: 'Dermaga',
      short_name: 'Dermaga',
      display: 'standalone',
      start_url: '/',
      scope: '/',
    });
    expect(manifest.description).toEqual(expect.any(String));
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

    const icons = manifest.icons as Array<{ src: string; sizes: string; type: string; purpose?: string }>;
    for (const size of [192, 512]) {
      for (const purpose of ['any', 'maskable']) {
        const icon = icons.find(
          (i) => i.sizes === `${size}x${size}` && (i.purpose ?? 'any').split(' ').includes(purpose),
        );
        expect(icon, `${purpose} ${size}px icon`).toBeDefined();
        expect(icon!.type).toBe('image/png');
        const image = await context.request.get(appUrl(icon!.src));
        expect(image.ok(), icon!.src).toBe(true);
        expect(pngSize(await image.body())).toEqual({ width: size, height: size });
      }
    }
    await context.close();
  });
});

describe('offline', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newContext(browser());
    page = await context.newPage();
    await signIn(page, DEMO_USERS.cikarang);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('a service worker controls the page after the first visit', async () => {
    await waitForServiceWorkerControl(page);
    const scriptUrl = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(scriptUrl).toBe(appUrl('/sw.js'));
  });

  it('says online while the network is there', async () => {
    // A sync round may be running ('Syncing'); the connection's word comes back after
    // it. Read in one go once it shows.
    const shown = await page.waitForFunction(() => {
      const button = document.querySelector('[data-testid=sync-indicator]');
      const label = document.querySelector('[data-testid=sync-indicator-label]')?.textContent?.trim();
      return label === 'Online' ? { online: button?.getAttribute('data-online'), label } : null;
    });
    expect(await shown.jsonValue()).toEqual({ online: 'true', label: 'Online' });
  });

  it('opens signed in on a reload with no network, and says offline', async () => {
    await context.setOffline(true);
    await page.reload();
    await waitForShell(page);
    await expect.poll(() => headerText(page)).toEqual({ title: 'Dermaga', roleOrHub: 'Hub Cikarang' });
    expect(await indicator(page)).toEqual({ online: 'false', label: 'Offline' });
    // Deep links open too: the service worker answers every navigation with the app shell.
    await page.goto(appUrl('/hub-cikarang/arrival'));
    await page.getByTestId('hub-tabs').waitFor();
  });

  it('says online again when the network returns', async () => {
    await context.setOffline(false);
    // Back online the engine syncs, then reports synced (rounds come and go, so the
    // indicator is read in one go once it has settled).
    const settled = await page.waitForFunction(() => {
      const button = document.querySelector('[data-testid=sync-indicator]');
      const label = document.querySelector('[data-testid=sync-indicator-label]')?.textContent?.trim();
      const state = {
        online: button?.getAttribute('data-online'),
        health: button?.getAttribute('data-health'),
        label,
      };
      return state.health === 'synced' ? state : null;
    });
    expect(await settled.jsonValue()).toEqual({ online: 'true', health: 'synced', label: 'Online' });
  });

  it('opens signed in offline even when the token has expired and cannot be refreshed', async () => {
    // Age the stored session past its expiry, as after a night with the tablet off.
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem('dermaga-auth')!);
      session.expires_at = Math.floor(Date.now() / 1000) - 600;
      localStorage.setItem('dermaga-auth', JSON.stringify(session));
    });
    await context.setOffline(true);
    await page.goto(appUrl('/inventory'));
    await waitForShell(page);
    await expect.poll(() => headerText(page)).toEqual({ title: 'Dermaga', roleOrHub: 'Hub Cikarang' });
    expect(await indicator(page)).toEqual({ online: 'false', label: 'Offline' });
    // Still signed in while supabase-js keeps failing to refresh.
    await page.waitForTimeout(1500);
    await waitForShell(page);
    expect(new URL(page.url()).pathname).toBe('/inventory');
    await context.setOffline(false);
    await page.waitForFunction(
      () => document.querySelector('[data-testid=sync-indicator]')?.getAttribute('data-online') === 'true',
    );
  });
});

describe('signing out of a shared tablet', () => {
  it('wipes the app storage, runtime caches and local databases but keeps the offline app shell', async () => {
    const { context, page } = await signedInPage(browser(), DEMO_USERS.karawang);
    await waitForServiceWorkerControl(page);

    // What a working day leaves behind: databases (the app's and RxDB's), a runtime cache,
    // and something that is not the app's to delete.
    await page.evaluate(async () => {
      const open = (name: string) =>
        new Promise<void>((resolve, reject) => {
          const request = indexedDB.open(name, 1);
          request.onupgradeneeded = () => request.result.createObjectStore('rows');
          request.onsuccess = () => {
            request.result.close();
            resolve();
          };
          request.onerror = () => reject(request.error);
        });
      await open('dermaga-outbox');
      await open('rxdb-dexie-dermaga--0--shipments');
      await open('unrelated-db');
      await (await caches.open('dermaga-photos')).put('/photo.jpg', new Response('jpeg'));
      localStorage.setItem('unrelated-key', 'stays');
    });
    // The session, the profile, the figures the dashboard (the landing page) keeps for the
    // next start and the bell's last Perlu perhatian answer, once they have settled; and the
    // device's note of who has signed in on it before (issue 41's greeting: a short hash of the
    // e-mail, never the address), which sign-out keeps like the language; and the heights the
    // dashboard's blocks last had (issue 43's layout shift), which sign-out wipes.
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            Object.keys(localStorage)
              .filter((k) => k.startsWith('dermaga-'))
              .sort(),
          ),
        { timeout: 20_000, interval: 200 },
      )
      .toEqual([
        'dermaga-attention',
        'dermaga-auth',
        'dermaga-dashboard-figures',
        'dermaga-held-heights',
        'dermaga-profile',
        'dermaga-signed-in-before',
      ]);

    await page.getByTestId('sign-out').click();
    await page.waitForURL(appUrl('/auth'));
    await page.locator('#email').waitFor();

    const left = await page.evaluate(async () => ({
      keys: Object.keys(localStorage).sort(),
      databases: (await indexedDB.databases()).map((db) => db.name).sort(),
      caches: (await caches.keys()).sort(),
    }));
    expect(left.keys).toEqual(['dermaga-signed-in-before', 'unrelated-key']);
    expect(left.databases).toEqual(['unrelated-db']);
    expect(left.caches.every((name) => name.startsWith('workbox-precache'))).toBe(true);
    expect(left.caches.length).toBeGreaterThan(0);

    // Signed out for good: the dashboard sends the next person to /auth.
    await page.goto(appUrl('/'));
    await page.waitForURL(appUrl('/auth'));
    await context.close();
  });
});
