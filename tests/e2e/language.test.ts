// Issue 30: the device's language. Switching to English in Settings and back changes the text
// of the sign-in page, Settings, a confirmation dialog, the 404 and the offline notice; the
// choice survives a reload with no network; <html lang> follows; axe stays clean. English, a
// chunk of its own (issue 43), is chosen offline too, and a device set to it opens in English.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { id } from '../../src/lib/i18n/id';
import {
  appUrl,
  signIn,
  trackPageErrors,
  useBrowser,
  waitForServiceWorkerControl,
  watchedDevice,
} from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { seriousViolations } from './axe';
import { openHub, tablet } from './hub-support';

const browser = useBrowser();

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const mainText = (page: Page) => page.locator('main').first().textContent();

async function choose(page: Page, label: string): Promise<void> {
  await page.getByTestId('settings-language').getByRole('radio', { name: label }).click();
}

/** The 404, a vendor's delete confirmation and the offline notice (/users offline) in one language. */
async function checkScreens(page: Page, c: typeof id): Promise<void> {
  await page.goto(appUrl('/no-such-page'));
  await page.getByRole('heading', { name: c.notFound.title }).waitFor();
  await expect.poll(() => page.locator('main').textContent()).toContain(c.notFound.description);

  await page.goto(appUrl('/vendors'));
  await page.getByTestId('vendor-link').first().waitFor();
  await page.getByTestId('row-actions').first().click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByRole('heading', { name: c.vendors.deleteTitle }).waitFor();
  await confirm.getByRole('button', { name: c.common.cancel, exact: true }).waitFor();
  expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
  await confirm.getByRole('button', { name: c.common.cancel, exact: true }).click();
  await confirm.waitFor({ state: 'detached' });

  await page.goto(appUrl('/users'));
  await page.getByTestId('users-page').or(page.getByTestId('needs-connection')).first().waitFor();
  await page.context().setOffline(true);
  const notice = page.getByTestId('needs-connection');
  await notice.waitFor();
  await expect.poll(() => notice.textContent()).toContain(c.connection.title);
  await expect.poll(() => page.getByTestId('sync-indicator-label').textContent()).toBe(c.sync.offline);
  await page.context().setOffline(false);
  await notice.waitFor({ state: 'detached' });
}

describe('the language of this device', () => {
  it('switches every screen to English and back, kept offline, with <html lang>', async () => {
    const { context, page, errors } = await watchedDevice(browser());

    // The default: Bahasa Indonesia on the sign-in page.
    await page.goto(appUrl('/auth'));
    await page.locator('#email').waitFor();
    expect(await lang(page)).toBe('id');
    await page.getByText(id.auth.cardDescription).waitFor();

    await signIn(page, DEMO_USERS.admin);
    await waitForServiceWorkerControl(page);
    await page.goto(appUrl('/settings'));
    await page.getByTestId('settings-page').waitFor();
    await expect.poll(() => mainText(page)).toContain(id.settings.title);
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

    await choose(page, en.language.en);
    await expect.poll(() => lang(page)).toBe('en');
    await expect.poll(() => mainText(page)).toContain(en.settings.storageCard);
    expect(await mainText(page)).not.toContain(id.settings.storageCard);
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
    await checkScreens(page, en);

    // Kept on the device: a reload with no network opens in English.
    await context.setOffline(true);
    await page.goto(appUrl('/settings'));
    await page.getByTestId('settings-page').waitFor();
    expect(await lang(page)).toBe('en');
    await expect.poll(() => mainText(page)).toContain(en.settings.syncCard);
    await context.setOffline(false);

    // Signed out, the sign-in page stays in the device's language.
    await page.getByTestId('sign-out').click();
    await page.waitForURL(appUrl('/auth'));
    await page.getByText(en.auth.cardDescription).waitFor();
    expect(await lang(page)).toBe('en');
    await page.locator('form button[type=submit]').click();
    await page.getByRole('alert').filter({ hasText: en.auth.fillAllFields }).waitFor();
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

    // And back: the sign-in page's own switch, then everything in Bahasa Indonesia again.
    await page.getByRole('radio', { name: id.language.id }).click();
    await page.getByText(id.auth.cardDescription).waitFor();
    expect(await lang(page)).toBe('id');
    await signIn(page, DEMO_USERS.admin);
    await page.goto(appUrl('/settings'));
    await expect.poll(() => mainText(page)).toContain(id.settings.storageCard);
    await checkScreens(page, id);
    // The default language leaves no key behind.
    expect(await page.evaluate(() => localStorage.getItem('dermaga-language'))).toBeNull();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches to English offline, its catalogue from the precache, and opens in English offline', async () => {
    const { context, page, errors } = await watchedDevice(browser());
    await page.goto(appUrl('/auth'));
    await page.getByText(id.auth.cardDescription).waitFor();
    await waitForServiceWorkerControl(page);

    // Issue 43: the English catalogue is a chunk of its own, not loaded by this Indonesian page;
    // with no network the service worker's precache has it.
    await context.setOffline(true);
    await page.getByRole('radio', { name: en.language.en }).click();
    await page.getByText(en.auth.cardDescription).waitFor();
    expect(await lang(page)).toBe('en');

    // Kept: offline, a reload opens in English (the chunk from the precache at start).
    await page.reload();
    await page.getByText(en.auth.cardDescription).waitFor();
    expect(await lang(page)).toBe('en');
    await context.setOffline(false);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a device set to English in English, never Indonesian first, however slow its catalogue', async () => {
    // No service worker, so the English chunk comes from the network, held back 1.5 s: the app
    // renders only once it is there (main.tsx, languageReady).
    const { context, page, errors } = await watchedDevice(browser(), { serviceWorkers: 'block' });
    const held: string[] = [];
    await page.route(/\/assets\/en-[\w-]+\.js$/, async (route) => {
      held.push(route.request().url());
      await new Promise((done) => setTimeout(done, 1500));
      await route.continue();
    });
    await page.addInitScript((indonesian) => {
      localStorage.setItem('dermaga-language', 'en');
      new MutationObserver(() => {
        if (document.body?.textContent?.includes(indonesian)) sessionStorage.setItem('saw-indonesian', '1');
      }).observe(document, { subtree: true, childList: true, characterData: true });
    }, id.auth.cardDescription);
    await page.goto(appUrl('/auth'));
    await page.getByText(en.auth.cardDescription).waitFor();
    expect(await lang(page)).toBe('en');
    expect(held).toHaveLength(1);
    expect(await page.evaluate(() => sessionStorage.getItem('saw-indonesian'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("reaches a hub user, who has no Settings, from the sidebar on the hub's screen, kept offline", async () => {
    const { context, page } = await tablet(browser(), 'cikarang');
    const errors = trackPageErrors(page);
    await openHub(page, '/hub-cikarang/ready');
    const title = page.getByTestId('hub-tabs');
    await expect.poll(() => title.textContent()).toContain(id.hubOps.page.tabs.ready);
    const button = page.getByTestId('language-button');
    await expect.poll(() => button.textContent()).toBe(en.language.en);

    await button.click();
    await expect.poll(() => lang(page)).toBe('en');
    await expect.poll(() => title.textContent()).toContain(en.hubOps.page.tabs.ready);
    await expect.poll(() => button.textContent()).toBe(id.language.id);
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

    // Kept on the tablet: offline, a reload opens the hub in English.
    await context.setOffline(true);
    await openHub(page, '/hub-cikarang/ready');
    expect(await lang(page)).toBe('en');
    await expect.poll(() => title.textContent()).toContain(en.hubOps.page.tabs.ready);

    await page.getByTestId('language-button').click();
    await expect.poll(() => lang(page)).toBe('id');
    await expect.poll(() => title.textContent()).toContain(id.hubOps.page.tabs.ready);
    await context.setOffline(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
