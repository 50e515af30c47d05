// Issue 41, point 9's smaller items, each where it shows: offline, the sync panel says so in
// words (not "probe: TypeError: Failed to fetch"), in both languages; a toast's text is 16 px
// and its close button 44x44; a first sign-in greets "Selamat datang!", a later one on the same
// device "Selamat datang kembali!" (also after a sign-out); a phone's In-Transit opens with its
// filters folded behind a button; Perlu perhatian's items look like links (underlined, with a
// chevron, a ring when focused); POD's tabs carry their counts as the hubs' do. axe on each of
// these screens at 1280x800 and 390x844, in both languages.
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { id } from '../../src/lib/i18n/id';
import { appUrl, newContext, signIn, useBrowser } from '../support/browser';
import { DEMO_PASSWORD, DEMO_USERS } from '../support/demo';
import { seriousViolations } from './axe';
import { otwToMakassar, settledBox, tag, waitFirstSync, waitOffline } from './hub-support';

const browser = useBrowser();
const DESK = { width: 1280, height: 800 } as const;
const PHONE = { width: 390, height: 844 } as const;
const LANGUAGES = [
  { lang: 'id', catalogue: id },
  { lang: 'en', catalogue: en },
] as const;

/** Sets the device's language as Settings does, and reloads. */
async function speak(page: Page, lang: 'id' | 'en'): Promise<void> {
  await page.evaluate((l) => {
    if (l === 'en') localStorage.setItem('dermaga-language', 'en');
    else localStorage.removeItem('dermaga-language');
  }, lang);
  await page.reload();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
}

async function axeAt(page: Page, where: string, ready: () => Promise<void>): Promise<void> {
  for (const size of [DESK, PHONE]) {
    await page.setViewportSize(size);
    await ready();
    expect(
      await seriousViolations(page, { withoutToasts: true }),
      `${where} ${size.width}x${size.height}`,
    ).toEqual([]);
  }
}

// A container of the test's own on its way to POD Makassar, three days past its ETA: on POD's
// OTW tab, and an item of Perlu perhatian.
const batch = `E2E-DESK-${tag()}`;
const shipmentId = randomUUID();
beforeAll(async () => {
  await otwToMakassar(
    { id: shipmentId, batch },
    { smartboard: 5, bracket: 2 },
    { daysAgo: 6, dueInDays: -3 },
    false,
  );
});

/** The welcome toast's title, sizes and close button, caught while it shows. */
async function welcome(page: Page): Promise<{
  title: string;
  titlePx: number;
  descriptionPx: number;
  close: { width: number; height: number };
}> {
  const toast = page
    .locator('[data-sonner-toast]')
    .filter({ has: page.locator('[data-title]') })
    .first();
  await toast.waitFor();
  const close = await settledBox(toast.locator('[data-close-button]'));
  // The pointer rests on the close button, as a hand would: the toast holds while it is pointed
  // at (Sonner pauses its timer), so a slow machine does not see it go before it is measured and
  // closed (a CI run under load lost it in the click's wait).
  await page.mouse.move(close.x + close.width / 2, close.y + close.height / 2);
  const measured = await toast.evaluate((el) => {
    const title = el.querySelector('[data-title]')!;
    const description = el.querySelector('[data-description]')!;
    return {
      title: title.textContent ?? '',
      titlePx: parseFloat(getComputedStyle(title).fontSize),
      descriptionPx: parseFloat(getComputedStyle(description).fontSize),
    };
  });
  // The close button is pressable where it is drawn, and closes the toast.
  await toast.locator('[data-close-button]').click();
  await toast.waitFor({ state: 'detached' });
  return { ...measured, close: { width: close.width, height: close.height } };
}

async function signInForm(page: Page, email: string): Promise<void> {
  await page.goto(appUrl('/auth'));
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.locator('form button[type=submit]').click();
}

describe('point 9 (issue 41)', () => {
  it('a first sign-in greets without "kembali", a later one with it; the toast reads at 16 px and closes at 44x44', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    try {
      await signInForm(page, DEMO_USERS.polsub);
      const first = await welcome(page);
      expect(first.title).toBe(id.auth.welcomeFirstTitle);
      expect(first.titlePx).toBeGreaterThanOrEqual(16);
      expect(first.descriptionPx).toBeGreaterThanOrEqual(14);
      expect(first.close.width).toBeGreaterThanOrEqual(44);
      expect(first.close.height).toBeGreaterThanOrEqual(44);
      await page.getByTestId('app-header').waitFor();
      await waitFirstSync(page);

      // Signed out (the device's data wiped) and in again: this device has seen this user.
      await page.getByTestId('sign-out').click();
      await page.waitForURL(appUrl('/auth'));
      await signInForm(page, DEMO_USERS.polsub);
      expect((await welcome(page)).title).toBe(id.auth.welcomeTitle);
      await page.getByTestId('app-header').waitFor();
      await waitFirstSync(page);

      // Another user, first time here, in English.
      await page.getByTestId('sign-out').click();
      await page.waitForURL(appUrl('/auth'));
      await page.evaluate(() => localStorage.setItem('dermaga-language', 'en'));
      await signInForm(page, DEMO_USERS.poljak);
      const english = await welcome(page);
      expect(english.title).toBe(en.auth.welcomeFirstTitle);
      expect(english.titlePx).toBeGreaterThanOrEqual(16);
    } finally {
      await context.close();
    }
  });

  it('offline, the sync panel says there is no connection in words, in both languages', async () => {
    const { context, page } = await signedIn(DEMO_USERS.cikarang);
    try {
      for (const { lang, catalogue } of LANGUAGES) {
        await context.setOffline(false);
        await speak(page, lang);
        await page.getByTestId('app-header').waitFor();
        await context.setOffline(true);
        await waitOffline(page);
        // A round tries the server (as coming back into view does) and fails on the network.
        await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
        await page.getByTestId('sync-indicator').click();
        // The panel's error (role=alert inside the sync popover, as before issue 41).
        const error = page.getByRole('dialog').getByRole('alert');
        await error.waitFor();
        await expect.poll(() => error.innerText()).toContain(catalogue.sync.unreachable);
        const shown = await error.innerText();
        expect(shown, lang).not.toMatch(/TypeError|Failed to fetch|probe/);
        // The indicator's own words say the same.
        expect(await page.getByTestId('sync-indicator').getAttribute('aria-label'), lang).not.toMatch(
          /TypeError|Failed to fetch|probe/,
        );
        await axeAt(page, `sync panel ${lang}`, () => error.waitFor());
        await page.setViewportSize(DESK);
        await page.keyboard.press('Escape');
      }
    } finally {
      await context.close();
    }
  });

  it("a phone's In-Transit opens with its filters folded behind a button", async () => {
    const { context, page } = await signedIn(DEMO_USERS.tower, {
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
    });
    try {
      for (const { lang, catalogue } of LANGUAGES) {
        await speak(page, lang);
        await page.goto(appUrl('/in-transit-detail'));
        const toggle = page.getByTestId('in-transit-filters-toggle');
        await toggle.waitFor();
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        expect((await toggle.innerText()).trim()).toBe(catalogue.tower.filters.show);
        expect(await page.getByTestId('in-transit-filter-status').isVisible()).toBe(false);
        // Folded, the filters take one row, not the screen.
        const box = (await page.getByTestId('in-transit-filters').boundingBox())!;
        expect(box.height).toBeLessThanOrEqual(PHONE.height / 10);
        await toggle.tap();
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
        await page.getByTestId('in-transit-filter-status').waitFor({ state: 'visible' });
        await axeAt(page, `in-transit ${lang}`, () => page.getByTestId('in-transit-filters').waitFor());
        // On a desk the fields always show, with no button.
        await page.setViewportSize(DESK);
        await page.getByTestId('in-transit-filter-status').waitFor({ state: 'visible' });
        expect(await toggle.isVisible()).toBe(false);
        await page.setViewportSize(PHONE);
      }
    } finally {
      await context.close();
    }
  });

  it("Perlu perhatian's items look like links; POD's tabs carry their counts", async () => {
    const { context, page } = await signedIn(DEMO_USERS.admin);
    try {
      await page.goto(appUrl('/'));
      await page.locator('[data-testid=dashboard][data-ready=true]').waitFor();
      const item = page.locator(`[data-testid=attention-item][data-id="${shipmentId}"]`).first();
      await item.waitFor();
      const link = item.getByRole('link');
      expect(
        await item
          .locator('a span.font-medium')
          .first()
          .evaluate((el) => getComputedStyle(el).textDecorationLine),
      ).toContain('underline');
      expect(await item.getByTestId('attention-item-chevron').isVisible()).toBe(true);
      // Reached by the keyboard, it shows a ring. The dashboard is live: a list drawn again
      // between the two keys (a loaded clean-clone run) moves the focus with it, so the keys are
      // pressed again until the link holds a keyboard focus.
      await expect
        .poll(async () => {
          await link.focus();
          await page.keyboard.press('Shift+Tab');
          await page.keyboard.press('Tab');
          return link.evaluate((el) => el === document.activeElement && el.matches(':focus-visible'));
        })
        .toBe(true);
      expect(
        await link.evaluate((el) => {
          const style = getComputedStyle(el);
          return (
            style.boxShadow !== 'none' ||
            (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0)
          );
        }),
      ).toBe(true);

      await page.goto(appUrl('/pod'));
      const otw = page.getByTestId('pod-tab-otw');
      const count = otw.getByTestId('pod-tab-count');
      await page.locator(`[data-testid=pod-shipment][data-batch="${batch}"]`).waitFor();
      // The OTW tab's count is the cards it lists, this test's container among them.
      const cards = await page.locator('[role=tabpanel] [data-testid=pod-shipment]').count();
      await expect.poll(async () => Number(await count.textContent())).toBe(cards);
      expect(cards).toBeGreaterThanOrEqual(1);
      for (const tab of ['arrival', 'unloading']) {
        expect(await page.getByTestId(`pod-tab-${tab}`).getByTestId('pod-tab-count').textContent()).toMatch(
          /^\d+$/,
        );
      }
      for (const { lang } of LANGUAGES) {
        await speak(page, lang);
        await axeAt(page, `pod ${lang}`, () => count.waitFor());
        await page.setViewportSize(DESK);
        await page.goto(appUrl('/'));
        await axeAt(page, `dashboard ${lang}`, () => item.waitFor());
        await page.setViewportSize(DESK);
        await page.goto(appUrl('/pod'));
      }
    } finally {
      await context.close();
    }
  });
});

async function signedIn(
  email: string,
  options: Parameters<typeof newContext>[1] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser(), options);
  const page = await context.newPage();
  await signIn(page, email);
  await waitFirstSync(page);
  return { context, page };
}
