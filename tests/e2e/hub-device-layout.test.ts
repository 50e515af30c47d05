// Issue 29, layouts for the real devices: on a tablet upright (800x1280) the sidebar is an icon
// rail whose labels open as a drawer, the hub's tabs keep one row with a count on each, the
// queue's list reaches the bottom of the window, and a truck waiting for its shipping form is
// pinned above the list (also at 1280x800, where it used to sit below the fold). Axe-clean.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TABLET_LANDSCAPE, TABLET_PORTRAIT, useBrowser } from '../support/browser';
import { HUB } from '../support/demo';
import { seriousViolations } from './axe';
import { clickTab, makeVehicle, openHub, tablet, vehicleCard } from './hub-support';

const browser = useBrowser();

let queued: { id: string; plate: string };
let loading: { id: string; plate: string };
let finishing: { id: string; plate: string };
let finishingToo: { id: string; plate: string };

beforeAll(async () => {
  queued = await makeVehicle({ hubId: HUB.cikarang, flags: { ready: false, siap_muat: true } });
  loading = await makeVehicle({ hubId: HUB.cikarang, flags: { ready: false, sedang_muat: true } });
  finishing = await makeVehicle({ hubId: HUB.cikarang, flags: { ready: false, sedang_muat: true } });
  finishingToo = await makeVehicle({ hubId: HUB.cikarang, flags: { ready: false, sedang_muat: true } });
});

/** The Cikarang tablet, signed in at this size from the start (no cookie: the default layout). */
const cikarangAt = (viewport: { width: number; height: number }) => tablet(browser(), 'cikarang', viewport);

/** The sidebar column's state and width, once its width has stopped animating. */
async function sidebarColumn(page: Page): Promise<{ state: string | null; width: number }> {
  const aside = page.locator('aside[data-slot=sidebar]');
  let last = -1;
  await expect
    .poll(async () => {
      const width = (await aside.boundingBox())?.width ?? -1;
      const settled = width === last;
      last = width;
      return settled;
    })
    .toBe(true);
  return { state: await aside.getAttribute('data-state'), width: last };
}

/** Each tab's top offset, the tab list's height, one tab's height, and each tab's count text. */
async function tabRow(page: Page) {
  return page.getByTestId('hub-tabs').evaluate((nav) => {
    const links = [...nav.querySelectorAll('a')];
    return {
      tops: [...new Set(links.map((a) => Math.round(a.getBoundingClientRect().top)))],
      listHeight: nav.getBoundingClientRect().height,
      tabHeight: links[0]!.getBoundingClientRect().height,
      counts: links.map((a) => a.querySelector('[data-testid=hub-tab-count]')?.textContent ?? null),
      overflow: nav.scrollWidth - nav.clientWidth,
    };
  });
}

/**
 * The bottom edges of the visible queue list and of what its tab shows last (the list itself,
 * or on Sedang Muat what left the hub, listed under it), and of the page's content area (the
 * window less the screen's padding).
 */
async function queueBottom(page: Page): Promise<{ list: number; last: number; contentBottom: number }> {
  return page.evaluate(() => {
    const list = [...document.querySelectorAll<HTMLElement>('[data-testid=queue-scroll]')].find(
      (el) => el.getBoundingClientRect().height > 0,
    )!;
    const last = list.closest('section')!.parentElement!.lastElementChild!;
    const hub = document.querySelector<HTMLElement>('[data-testid=hub-operations]')!;
    return {
      list: Math.round(list.getBoundingClientRect().bottom),
      last: Math.round(last.getBoundingClientRect().bottom),
      contentBottom: Math.round(window.innerHeight - parseFloat(getComputedStyle(hub).paddingBottom)),
    };
  });
}

/** The count on a tab, as shown. */
const countOf = (page: Page, label: string) =>
  page
    .getByTestId('hub-tabs')
    .locator('a', { has: page.locator(`[data-testid=hub-tab-label]:text-is("${label}")`) })
    .getByTestId('hub-tab-count')
    .textContent();

describe('a tablet upright (800x1280) at Cikarang', () => {
  it('has an icon rail, tabs on one row with their counts, the queue down to the bottom, the waiting truck first', async () => {
    const { context, page } = await cikarangAt(TABLET_PORTRAIT);
    try {
      await openHub(page, '/hub-cikarang/ready');

      // The sidebar is an icon rail, its entries named for screen readers and as tooltips.
      expect(await sidebarColumn(page)).toEqual({ state: 'collapsed', width: 48 });
      const railEntry = page.locator('aside[data-slot=sidebar] [data-slot=sidebar-content] a').first();
      const entryName = (await railEntry.textContent())?.trim() ?? '';
      expect(entryName).not.toBe('');
      await railEntry.focus();
      await page.getByRole('tooltip', { name: entryName }).waitFor();
      // The header's toggle opens the menu with its labels as a drawer; Escape closes it.
      const toggle = page.getByRole('button', { name: 'Buka/tutup sidebar' });
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      const drawer = page.getByRole('dialog');
      await expect.poll(() => drawer.locator('[data-slot=sidebar-content] a').first().isVisible()).toBe(true);
      expect(
        (await drawer.locator('[data-slot=sidebar-content] a').first().boundingBox())!.width,
      ).toBeGreaterThan(200);
      // (The page behind the drawer is hidden from the accessibility tree, its toggle too.)
      await expect
        .poll(() => page.locator('[data-slot=sidebar-trigger]').getAttribute('aria-expanded'))
        .toBe('true');
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      expect((await sidebarColumn(page)).width).toBe(48);

      // Every tab on one row, each with its count; the one on screen counts its list.
      await expect
        .poll(async () => (await tabRow(page)).counts.every((c) => c !== null && /^\d+$/.test(c)))
        .toBe(true);
      const row = await tabRow(page);
      expect(row.tops).toHaveLength(1);
      expect(row.listHeight).toBeLessThan(row.tabHeight * 1.5);
      expect(row.overflow).toBeLessThanOrEqual(0);
      expect(row.counts).toHaveLength(5);
      await vehicleCard(page, queued.plate).waitFor();
      await expect
        .poll(
          async () =>
            Number(await countOf(page, 'Siap Muat')) -
            (await page.getByTestId('ready-list').locator('[data-testid=vehicle-card]').count()),
        )
        .toBe(0);
      await clickTab(page, 'OTW');
      await page.getByTestId('tab-otw').waitFor();
      await expect
        .poll(
          async () =>
            Number(await countOf(page, 'OTW')) -
            (await page.locator('[data-testid=otw-list] [data-testid=shipment-card]').count()),
        )
        .toBe(0);

      // The queue's list reaches the bottom of the window.
      await clickTab(page, 'Siap Muat');
      await vehicleCard(page, queued.plate).waitFor();
      await expect
        .poll(async () => {
          const { list, contentBottom } = await queueBottom(page);
          return list >= contentBottom - 2;
        })
        .toBe(true);

      // Selesai Muat, then the form put off: the truck waits for its form above the list.
      await clickTab(page, 'Sedang Muat');
      await vehicleCard(page, finishing.plate).getByRole('button', { name: 'Selesai Muat' }).click();
      await page.getByTestId('shipping-dialog').getByRole('button', { name: 'Batal' }).click();
      const waiting = page.getByTestId('awaiting-form-list').locator(`[data-plate="${finishing.plate}"]`);
      await waiting.waitFor();
      await vehicleCard(page, loading.plate).waitFor();
      const waitingBox = (await waiting.boundingBox())!;
      const listBox = (await page.getByTestId('loading-list').boundingBox())!;
      expect(waitingBox.y + waitingBox.height).toBeLessThanOrEqual(listBox.y);
      await expect
        .poll(
          async () =>
            Number(await countOf(page, 'Sedang Muat')) -
            (await page
              .locator(
                ':is([data-testid=loading-list], [data-testid=awaiting-form-list]) [data-testid=vehicle-card]',
              )
              .count()),
        )
        .toBe(0);
      // The list takes what is left above what left the hub: nothing blank under the tab.
      await expect
        .poll(async () => {
          const { last, contentBottom } = await queueBottom(page);
          return last >= contentBottom - 2;
        })
        .toBe(true);

      expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
      await clickTab(page, 'Siap Muat');
      await vehicleCard(page, queued.plate).waitFor();
      expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a tablet on its side (1280x800) at Cikarang', () => {
  it('keeps the sidebar open and shows the truck waiting for its form without scrolling', async () => {
    const { context, page } = await cikarangAt(TABLET_LANDSCAPE);
    try {
      await openHub(page, '/hub-cikarang/loading');
      expect(await sidebarColumn(page)).toEqual({ state: 'expanded', width: 256 });

      await vehicleCard(page, finishingToo.plate).getByRole('button', { name: 'Selesai Muat' }).click();
      await page.getByTestId('shipping-dialog').getByRole('button', { name: 'Batal' }).click();
      const waiting = page.getByTestId('awaiting-form-list').locator(`[data-plate="${finishingToo.plate}"]`);
      await waiting.waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await vehicleCard(page, loading.plate).waitFor();
      const box = (await waiting.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(TABLET_LANDSCAPE.height);
      expect(box.y + box.height).toBeLessThanOrEqual(
        (await page.getByTestId('loading-list').boundingBox())!.y,
      );
      await expect.poll(async () => (await tabRow(page)).tops.length).toBe(1);

      expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
      await clickTab(page, 'Siap Muat');
      await vehicleCard(page, queued.plate).waitFor();
      expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
