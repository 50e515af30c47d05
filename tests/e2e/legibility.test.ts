// Issue 29, legible outdoors and layouts that fit: on the hub screens no text is under 14 px
// (a portrait tablet, the usual way at a dock); the high-contrast mode (Settings, and the
// sidebar for every role) changes the colours, survives a reload and a sign-out; at 800x1280
// Vendor Detail keeps the vehicle-type select usable (it was crushed to 37 px); at 390x844 a
// wide table is cards that fit the screen (its columns used to run off it with no hint).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, TABLET_PORTRAIT, useBrowser } from '../support/browser';
import { VENDOR } from '../support/demo';
import { goInApp, HUB_SCREENS } from '../screenshots/screens';
import { tablet } from './hub-support';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

/** Every piece of visible text (and form control) under 14 px: header, sidebar, screen, dialogs. */
function smallText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const roots = [...document.querySelectorAll('header, [data-slot=sidebar], main, [role=dialog]')];
    const small = new Set<string>();
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || el.getClientRects().length === 0) return false;
      // Screen-reader-only text is never seen.
      const box = el.getBoundingClientRect();
      return box.width > 1 && box.height > 1;
    };
    const check = (el: Element, text: string) => {
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (size < 14 && visible(el))
        small.add(`${el.tagName.toLowerCase()} "${text.trim().slice(0, 40)}" ${size}px`);
    };
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.textContent?.trim() && node.parentElement) check(node.parentElement, node.textContent);
      }
      for (const control of root.querySelectorAll('input, select, textarea')) check(control, control.id);
    }
    return [...small];
  });
}

/** What high contrast changes: body text, secondary text, a border and a status badge. */
function colours(page: Page, badge: string): Promise<Record<string, string>> {
  return page.evaluate((badgeColor) => {
    const css = (selector: string, property: 'color' | 'backgroundColor' | 'borderTopColor') => {
      const el = document.querySelector(selector);
      return el ? getComputedStyle(el)[property] : 'missing';
    };
    return {
      text: css('body', 'color'),
      secondary: css('main .text-muted-foreground', 'color'),
      border: css('main [data-slot=card]', 'borderTopColor'),
      badge: css(`[data-slot=badge][data-status-color=${badgeColor}]`, 'backgroundColor'),
    };
  }, badge);
}

describe('legible outdoors (issue 29)', () => {
  it('hub screens: no text or form control under 14 px at 800x1280', async () => {
    const { context, page } = await tablet(browser(), 'cikarang', TABLET_PORTRAIT);
    const found: Record<string, string[]> = {};
    for (const screen of HUB_SCREENS) {
      await goInApp(page, screen.path, screen.ready);
      const small = await smallText(page);
      if (small.length > 0) found[screen.name] = small;
    }
    // A dialog of the hub screen too.
    await goInApp(page, '/hub-cikarang/ready', HUB_SCREENS.find((s) => s.name.endsWith('-ready'))!.ready);
    await page.getByRole('button', { name: 'Tambah ke Antrian' }).click();
    await page.getByRole('dialog').waitFor();
    const inDialog = await smallText(page);
    if (inDialog.length > 0) found['add-to-queue'] = inDialog;
    expect(found).toEqual({});
    await context.close();
  }, 240_000);

  it('high contrast from the sidebar: other colours, kept after a reload and a sign-out', async () => {
    const { context, page } = await tablet(browser(), 'cikarang', TABLET_PORTRAIT);
    await page.goto(appUrl('/in-transit-detail'));
    await page.locator('[data-slot=badge][data-status-color]').first().waitFor();
    await page.locator('main [data-slot=card]').first().waitFor();
    const badge = (await page
      .locator('[data-slot=badge][data-status-color]')
      .first()
      .getAttribute('data-status-color'))!;
    const normal = await colours(page, badge);
    expect(Object.values(normal)).not.toContain('missing');

    await page.getByTestId('high-contrast-button').click();
    await expect.poll(() => page.locator('html').getAttribute('data-contrast')).toBe('high');
    await expect
      .poll(() => page.getByTestId('high-contrast-button').getAttribute('aria-pressed'))
      .toBe('true');
    const high = await colours(page, badge);
    // Every one of them changes (black text, darker secondary text and borders, a solid badge).
    for (const key of Object.keys(normal))
      expect({ key, changed: high[key] !== normal[key] }).toEqual({ key, changed: true });
    expect(high.text).toBe('oklch(0 0 0)');

    await page.reload();
    await page.locator('[data-slot=badge][data-status-color]').first().waitFor();
    await expect.poll(() => page.locator('html').getAttribute('data-contrast')).toBe('high');
    // Polled: the list after a reload may not yet hold a badge of that colour (a run read 'missing').
    await expect.poll(() => colours(page, badge)).toEqual(high);

    // A device setting: the next person to sign in on this tablet keeps it.
    await page.getByTestId('sign-out').click();
    await page.waitForURL(appUrl('/auth'));
    await expect.poll(() => page.locator('html').getAttribute('data-contrast')).toBe('high');
    await context.close();
  }, 120_000);

  it('high contrast in Settings (admin): the switch turns it on and off, and a reload keeps it', async () => {
    const { context, page } = await tablet(browser(), 'admin', { width: 1280, height: 800 });
    await page.goto(appUrl('/settings'));
    const toggle = page.getByTestId('high-contrast-toggle');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    const before = await page.evaluate(() => getComputedStyle(document.body).color);
    await page.getByTestId('settings-display').getByText('Kontras tinggi', { exact: true }).click();
    await expect.poll(() => page.locator('html').getAttribute('data-contrast')).toBe('high');
    expect(await page.evaluate(() => getComputedStyle(document.body).color)).not.toBe(before);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('high-contrast-toggle').getAttribute('aria-checked'))
      .toBe('true');
    await page.getByTestId('high-contrast-toggle').click();
    await expect.poll(() => page.locator('html').getAttribute('data-contrast')).toBe(null);
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).color)).toBe(before);
    await context.close();
  }, 120_000);

  it("at 800x1280: Vendor Detail's vehicle-type select is at least 150 px wide; a wide table hints it scrolls", async () => {
    const { context, page } = await tablet(browser(), 'admin', TABLET_PORTRAIT);
    await page.goto(appUrl(`/vendors/${VENDOR.sinarLogistik.id}`));
    const select = page.locator('[data-testid=vehicle-row] select').first();
    await select.waitFor();
    await expect.poll(async () => (await select.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(150);
    // And every field of the row stays inside the window.
    const rights = await page
      .locator('[data-testid=vehicle-row]')
      .first()
      .locator('input, select, button')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
    expect(Math.max(...rights)).toBeLessThanOrEqual(TABLET_PORTRAIT.width);

    // A table wider than the portrait tablet says it scrolls sideways, until its end is in sight.
    await page.goto(appUrl('/in-transit-detail'));
    await page.getByTestId('in-transit-table-row').first().waitFor();
    const scroller = page.locator('[data-testid=in-transit-table] [data-slot=table-container]');
    const hint = page.getByTestId('in-transit-table-scroll-hint');
    const overflows = () => scroller.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    // The right edge's fade (src/index.css), drawn while columns are out of sight.
    const fade = () =>
      page
        .locator('[data-testid=in-transit-table] [data-table-scroll]')
        .evaluate((el) => getComputedStyle(el, '::after').content);
    if (await overflows()) {
      await hint.waitFor();
      expect(await fade()).not.toBe('none');
      await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await hint.waitFor({ state: 'detached' });
      expect(await fade()).toBe('none');
    } else {
      // A table that fits says nothing of scrolling: no hint, no fade.
      expect({ hint: await hint.count(), fade: await fade() }).toEqual({ hint: 0, fade: 'none' });
    }
    await context.close();
  }, 120_000);

  it('a wide table at 390x844 is cards that fit the screen', async () => {
    const { context, page } = await tablet(browser(), 'admin', PHONE);
    for (const [path, row] of [
      ['/in-transit-detail', 'in-transit-table-row'],
      ['/users', 'users-table-row'],
    ] as const) {
      await page.goto(appUrl(path));
      const first = page.getByTestId(row).first();
      await first.waitFor();
      const fit = await first.evaluate((tr) => {
        const cells = [...tr.children].map((td) => td.getBoundingClientRect());
        const scroller = tr.closest('[data-slot=table-container]')!;
        return {
          cellsInside: cells.every((r) => r.left >= 0 && r.right <= window.innerWidth),
          noSidewaysScroll: scroller.scrollWidth <= scroller.clientWidth,
          // Each value is under its column's name (the header row is off the card).
          labelled: [...tr.children].every((td) => {
            const before = getComputedStyle(td, '::before').content;
            return td.hasAttribute('data-actions') || (before !== 'none' && before !== 'normal');
          }),
        };
      });
      expect({ path, ...fit }).toEqual({ path, cellsInside: true, noSidewaysScroll: true, labelled: true });
    }
    await context.close();
  }, 120_000);
});
