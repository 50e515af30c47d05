// Issue 41, tabs that hold: on a phone (390x844) Cikarang's five tabs do not fit on one row.
// After a reload on each of them, that tab is the one marked current, it is scrolled into
// view inside the row, and it is unmistakable: filled (inverse colours), not a faint shadow,
// in the normal theme and in high contrast. Where tabs are out of sight, the row says so at
// that edge (data-more-left / data-more-right, drawn as a fade with an arrow).
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, newContext, signIn, useBrowser, waitForServiceWorkerControl } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { seriousViolations } from './axe';
import { waitFirstSync } from './hub-support';

const browser = useBrowser();

const TABS = [
  ['otw', 'OTW'],
  ['arrival', 'Confirm Tiba'],
  ['unloading', 'Sedang Bongkar'],
  ['ready', 'Siap Muat'],
  ['loading', 'Sedang Muat'],
] as const;

/** What the row shows after a reload: the current tab, where it is, how it looks against another. */
function tabRow(page: Page) {
  return page.getByTestId('hub-tabs').evaluate((nav) => {
    const row = nav.getBoundingClientRect();
    const links = [...nav.querySelectorAll('a')];
    const current = links.filter((a) => a.getAttribute('aria-current') === 'page');
    const other = links.find((a) => a.getAttribute('aria-current') !== 'page')!;
    const box = current[0]?.getBoundingClientRect();
    const look = (el: Element) => getComputedStyle(el).backgroundColor;
    const cue = nav.closest('[data-testid=hub-tabs-frame]');
    return {
      current: current.map((a) => a.querySelector('[data-testid=hub-tab-label]')?.textContent),
      inView:
        !!box && box.left >= row.left - 1 && box.right <= row.right + 1 && box.right <= window.innerWidth,
      // Filled with the app's primary colour (the colour of another tab's count badge).
      filled:
        !!current[0] &&
        look(current[0]) === look(other.querySelector('[data-testid=hub-tab-count]') ?? other) &&
        look(current[0]) !== look(nav),
      overflows: nav.scrollWidth > nav.clientWidth,
      hiddenLeft: nav.scrollLeft > 1,
      hiddenRight: nav.scrollLeft + nav.clientWidth < nav.scrollWidth - 1,
      cueLeft: cue?.getAttribute('data-more-left') === 'true',
      cueRight: cue?.getAttribute('data-more-right') === 'true',
    };
  });
}

async function everyTabHolds(page: Page) {
  for (const [slug, label] of TABS) {
    await page.goto(appUrl(`/hub-cikarang/${slug}`));
    await page.reload();
    await page.locator('[data-testid=hub-operations]:not([data-hub-id=""])').waitFor();
    await expect.poll(async () => (await tabRow(page)).current, { message: slug }).toEqual([label]);
    await expect.poll(async () => (await tabRow(page)).inView, { message: `${slug} in view` }).toBe(true);
    await expect.poll(async () => (await tabRow(page)).filled, { message: `${slug} filled` }).toBe(true);
    expect((await tabRow(page)).overflows, 'five tabs do not fit at 390 px').toBe(true);
    // The cue follows the row: an edge with tabs beyond it is marked.
    await expect
      .poll(async () => {
        const r = await tabRow(page);
        return [r.cueLeft === r.hiddenLeft, r.cueRight === r.hiddenRight, r.hiddenLeft || r.hiddenRight];
      })
      .toEqual([true, true, true]);
  }
}

/** What the frame's edges draw (src/index.css): 'none' where nothing is drawn. */
function edgesDrawn(page: Page, frameId = 'hub-tabs-frame') {
  return page.getByTestId(frameId).evaluate((frame) => ({
    left: getComputedStyle(frame, '::before').content,
    right: getComputedStyle(frame, '::after').content,
  }));
}

describe("the hub tabs on a phone (390x844), and on a wide screen; the POD screen's on a phone", () => {
  it('after a reload on every tab: that tab selected, in view and filled, in both themes', async () => {
    const context = await newContext(browser() as Browser, {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    });
    try {
      const page = await context.newPage();
      await signIn(page, DEMO_USERS.cikarang);
      await waitForServiceWorkerControl(page);
      await waitFirstSync(page);
      await everyTabHolds(page);
      expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

      await page.evaluate(() => localStorage.setItem('dermaga-high-contrast', 'on'));
      await everyTabHolds(page);
      expect(await page.evaluate(() => document.documentElement.dataset.contrast)).toBe('high');
      expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('on a screen wide enough for every tab, neither edge is marked or drawn; on a phone, the edge with tabs beyond it is', async () => {
    const context = await newContext(browser() as Browser, { viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await signIn(page, DEMO_USERS.cikarang);
      await waitFirstSync(page);
      await page.goto(appUrl('/hub-cikarang/otw'));
      await page.locator('[data-testid=hub-operations]:not([data-hub-id=""])').waitFor();
      await expect.poll(async () => (await tabRow(page)).current).toEqual(['OTW']);
      const row = await tabRow(page);
      expect([row.overflows, row.cueLeft, row.cueRight]).toEqual([false, false, false]);
      // A CSS rule for the data tables' fade drew one on this row too, whatever it marked.
      expect(await edgesDrawn(page)).toEqual({ left: 'none', right: 'none' });

      // Content added to the row after it mounted, then grown past its edge, is measured too; and
      // taken away again, the edge goes. Laid out on its own (absolute), so nothing else in the
      // row changes size: only the new child's own size says the row now scrolls.
      await page.getByTestId('hub-tabs').evaluate((row) => {
        const extra = document.createElement('span');
        extra.id = 'added-later';
        extra.style.cssText = 'position:absolute;left:0;top:0;height:1px;width:0';
        row.style.position = 'relative';
        row.append(extra);
      });
      await page.locator('#added-later').waitFor({ state: 'attached' });
      await page.locator('#added-later').evaluate((extra) => void (extra.style.width = '3000px'));
      await expect.poll(() => tabRow(page)).toMatchObject({ overflows: true, cueRight: true });
      await page.locator('#added-later').evaluate((extra) => extra.remove());
      await expect.poll(() => tabRow(page)).toMatchObject({ overflows: false, cueRight: false });

      // Narrowed to a phone on the first tab: the tabs beyond the right edge, its fade and arrow.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect.poll(async () => (await tabRow(page)).cueRight).toBe(true);
      expect(await edgesDrawn(page)).toEqual({ left: 'none', right: '"›" / ""' });
    } finally {
      await context.close();
    }
  });

  it("the POD screen's tabs: the page never scrolls sideways, the chosen tab is in view, the edge with tabs beyond it is drawn", async () => {
    const context = await newContext(browser() as Browser, {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    });
    try {
      const page = await context.newPage();
      await signIn(page, DEMO_USERS.admin);
      await waitFirstSync(page);
      // The last tab asked for by the address, as a link from the dashboard opens it.
      await page.goto(appUrl('/pod?tab=unloading'));
      await page.getByTestId('pod-tab-count').first().waitFor();
      const podRow = () =>
        page.getByTestId('pod-tabs-frame').evaluate((frame) => {
          const list = frame.querySelector<HTMLElement>('[role=tablist]')!;
          const row = list.getBoundingClientRect();
          const chosen = list.querySelector('[role=tab][aria-selected=true]');
          const box = chosen?.getBoundingClientRect();
          return {
            pageScrollsSideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
            overflows: list.scrollWidth > list.clientWidth,
            chosen: chosen?.querySelector('[data-testid=pod-tab-label]')?.textContent,
            inView: !!box && box.left >= row.left - 1 && box.right <= row.right + 1,
            cueLeft: frame.getAttribute('data-more-left') === 'true',
            cueRight: frame.getAttribute('data-more-right') === 'true',
          };
        });
      // Before, the tabs' row widened the page's column: the whole screen scrolled sideways (452 px).
      await expect.poll(podRow).toEqual({
        pageScrollsSideways: false,
        overflows: true,
        chosen: 'Sedang Bongkar',
        inView: true,
        cueLeft: true,
        cueRight: false,
      });
      expect(await edgesDrawn(page, 'pod-tabs-frame')).toEqual({ left: '"‹" / ""', right: 'none' });

      await page.getByTestId('pod-tab-otw').click();
      await expect
        .poll(podRow)
        .toMatchObject({ chosen: 'OTW', inView: true, cueLeft: false, cueRight: true });
      expect(await edgesDrawn(page, 'pod-tabs-frame')).toEqual({ left: 'none', right: '"›" / ""' });
    } finally {
      await context.close();
    }
  });
});
