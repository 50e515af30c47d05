// Issue 5: the sidebar's behaviours of spec 9 (ctrl/meta+b, the cookie, the icon strip,
// collapsible groups, the sheet under 768px) and the tablet layout (44px touch targets,
// no sideways scrolling) at 1280x800 and 800x1280; on a phone, a header that shows its title whole.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appUrl,
  newContext,
  signedInPage,
  signIn,
  TABLET_LANDSCAPE,
  TABLET_PORTRAIT,
  useBrowser,
  waitForShell,
} from '../support/browser';
import { DEMO_USERS } from '../support/demo';

const browser = useBrowser();

const REM = 16;

/**
 * The sidebar's state and width once it has settled; with `settlesAs`, once it has
 * settled in that state at that state's width (a key press is handled asynchronously,
 * and the width animates). Read in one go inside the page.
 */
async function sidebarState(
  page: Page,
  settlesAs?: 'expanded' | 'collapsed',
): Promise<{ state: string | null; width: number }> {
  const handle = await page.waitForFunction((wanted) => {
    const el = document.querySelector('aside[data-slot=sidebar]');
    if (!el) return null;
    const width = el.getBoundingClientRect().width;
    const state = el.getAttribute('data-state');
    const widthOf = { expanded: 16 * 16, collapsed: 3 * 16 } as Record<string, number>;
    const settled = wanted ? state === wanted && width === widthOf[wanted] : width === 256 || width === 48;
    return settled ? { state, width } : null;
  }, settlesAs);
  return (await handle.jsonValue()) as { state: string | null; width: number };
}

async function sidebarCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'sidebar:state');
}

describe('the sidebar on a landscape tablet', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newContext(browser());
    page = await context.newPage();
    await signIn(page, DEMO_USERS.admin);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('starts expanded at 16rem', async () => {
    expect(await sidebarState(page)).toEqual({ state: 'expanded', width: 16 * REM });
  });

  it('collapses to a 3rem icon strip with ctrl+b, kept in the sidebar:state cookie for 7 days', async () => {
    await page.keyboard.press('Control+b');
    expect(await sidebarState(page, 'collapsed')).toEqual({ state: 'collapsed', width: 3 * REM });
    const cookie = await sidebarCookie(context);
    expect(cookie?.value).toBe('false');
    expect(cookie?.path).toBe('/');
    const lifetime = cookie!.expires - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(604800 - 60);
    expect(lifetime).toBeLessThanOrEqual(604800 + 1);
    // Entries keep their names for screen readers and show them as tooltips.
    const dashboard = page.locator('[data-slot=sidebar-content] a').first();
    expect((await dashboard.textContent())?.trim()).toBe('Dashboard');
    await dashboard.hover();
    await page.getByRole('tooltip', { name: 'Dashboard' }).waitFor();
  });

  it('stays collapsed after a reload', async () => {
    await page.reload();
    await waitForShell(page);
    expect(await sidebarState(page)).toEqual({ state: 'collapsed', width: 3 * REM });
  });

  it('expands again with meta+b, and the header button toggles it too', async () => {
    await page.keyboard.press('Meta+b');
    expect(await sidebarState(page, 'expanded')).toEqual({ state: 'expanded', width: 16 * REM });
    expect((await sidebarCookie(context))?.value).toBe('true');
    await page.getByRole('button', { name: 'Buka/tutup sidebar' }).click();
    expect((await sidebarState(page, 'collapsed')).state).toBe('collapsed');
    await page.getByRole('button', { name: 'Buka/tutup sidebar' }).click();
    expect((await sidebarState(page, 'expanded')).state).toBe('expanded');
  });

  it('folds a group shut and open again', async () => {
    const hubEntry = page.locator('[data-slot=sidebar-content] a', { hasText: 'Pol Jakarta' });
    const label = page.locator('[data-slot=sidebar-group-label]', { hasText: 'Operations' });
    await expect.poll(() => hubEntry.isVisible()).toBe(true);
    await label.click();
    await hubEntry.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.locator('[data-slot=sidebar-content] a', { hasText: 'Users' }).isVisible())
      .toBe(true);
    await label.click();
    await hubEntry.waitFor({ state: 'visible' });
  });
});

describe('under 768px', () => {
  it('on a phone the header shows its title and hub whole; the sync status keeps its word only offline', async () => {
    const { context, page } = await signedInPage(browser(), DEMO_USERS.cikarang, {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    });
    await waitForShell(page);
    // Cut with an ellipsis is wider inside than out; the word hidden is a 1 px box for screen readers.
    const header = () =>
      page.getByTestId('app-header').evaluate((h) => {
        const whole = (id: string) => {
          const el = h.querySelector(`[data-testid=${id}]`)!;
          return el.scrollWidth <= el.clientWidth;
        };
        const word = h.querySelector('[data-testid=sync-indicator-label]')!.getBoundingClientRect();
        return { title: whole('app-header-title'), hub: whole('app-header-role'), word: word.width > 1 };
      });
    await expect.poll(header).toEqual({ title: true, hub: true, word: false });
    // The button's name still says all of it.
    expect(await page.getByTestId('sync-indicator').getAttribute('aria-label')).toMatch(
      /^(Online|Menyinkronkan)/,
    );
    await context.setOffline(true);
    await expect.poll(header).toEqual({ title: true, hub: true, word: true });
    expect(await page.getByTestId('sync-indicator-label').textContent()).toBe('Offline');
    await context.close();
  });

  it('the sidebar is an 18rem slide-over sheet', async () => {
    const { context, page } = await signedInPage(browser(), DEMO_USERS.tower, {
      viewport: { width: 700, height: 900 },
    });

    await expect.poll(() => page.locator('aside[data-slot=sidebar]').count()).toBe(0);
    const sheet = page.getByRole('dialog');
    await expect.poll(() => sheet.count()).toBe(0);

    await page.getByRole('button', { name: 'Buka/tutup sidebar' }).click();
    await sheet.waitFor();
    await expect.poll(() => sheet.getAttribute('data-mobile')).toBe('true');
    const box = await sheet.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 18 * REM });
    await expect
      .poll(() => sheet.locator('[data-slot=sidebar-content] a').allTextContents())
      .toContain('Inventory');

    // Choosing an entry navigates and closes the sheet.
    await sheet.locator('a', { hasText: 'Inventory' }).click();
    await page.waitForURL(appUrl('/inventory'));
    await sheet.waitFor({ state: 'detached' });

    // ctrl+b opens and closes it too.
    await page.keyboard.press('Control+b');
    await sheet.waitFor();
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await context.close();
  });
});

/** Visible controls smaller than 44x44 px, described for the failure message. */
async function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(
      'button, a[href], input, [role=tab], [role=menuitem]',
    )) {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (rect.width === 0 || rect.height === 0 || style.visibility === 'hidden') continue;
      // Sonner's toast close button is the toast library's, dismissible by swipe as well.
      if (el.closest('[data-sonner-toast]')) continue;
      if (rect.height < 44 || rect.width < 44) {
        small.push(
          `${el.tagName.toLowerCase()} "${el.textContent?.trim() || el.getAttribute('aria-label')}" ${rect.width}x${rect.height}`,
        );
      }
    }
    return small;
  });
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe.each([
  ['landscape', TABLET_LANDSCAPE],
  ['portrait', TABLET_PORTRAIT],
])('a %s tablet', (_name, viewport) => {
  it('has 44px touch targets and no sideways scrolling on the sign-in page and in the shell', async () => {
    const context = await newContext(browser(), { viewport, hasTouch: true });
    const page = await context.newPage();
    await page.goto(appUrl('/auth'));
    await page.locator('#email').waitFor();
    expect(await smallTouchTargets(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);

    await signIn(page, DEMO_USERS.admin);
    for (const path of ['/', '/hub-cikarang/otw', '/users']) {
      await page.goto(appUrl(path));
      await waitForShell(page);
      expect(await smallTouchTargets(page), path).toEqual([]);
      expect(await horizontalOverflow(page), path).toBe(0);
    }
    // The sync panel too.
    await page.getByTestId('sync-indicator').click();
    await page.getByRole('button', { name: 'Sinkronkan sekarang' }).waitFor();
    expect(await smallTouchTargets(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await context.close();
  });
});
