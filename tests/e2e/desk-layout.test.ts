// Issue 41, desks: at 1280x800 and 1440x900, in Bahasa Indonesia and in English, the Status Hub
// chips show their whole words (no "Bongka", "Inboun", no "OTW keluar" spilling out), the charts
// name every hub under its bars, and the admin's sidebar says when entries lie below its fold
// (a fade with a chevron) and reaches every one of them. axe on the dashboard at 1280x800 and
// 390x844 in both languages.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { id } from '../../src/lib/i18n/id';
import { appUrl, newContext, signIn, useBrowser } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { seriousViolations } from './axe';
import { scrollToCharts, waitFirstSync } from './hub-support';

const browser = useBrowser();

const DESKS = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;
const PHONE = { width: 390, height: 844 } as const;

const LANGUAGES = [
  { lang: 'id', catalogue: id },
  { lang: 'en', catalogue: en },
] as const;

/** An admin's desk whose device speaks `lang` from its first page on (as Settings stores it). */
async function desk(lang: 'id' | 'en'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser());
  await context.addInitScript((l) => {
    if (l === 'en') localStorage.setItem('dermaga-language', 'en');
  }, lang);
  const page = await context.newPage();
  await signIn(page, DEMO_USERS.admin);
  await waitFirstSync(page);
  return { context, page };
}

async function dashboard(page: Page): Promise<void> {
  await page.goto(appUrl('/'));
  await page.locator('[data-testid=dashboard][data-ready=true]').waitFor();
  await scrollToCharts(page);
  await page.getByTestId('hub-chart').locator('.recharts-surface').first().waitFor();
}

/** Every chip whose words do not fit: its text wider than its box, or its box out of its card. */
function cutChips(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    for (const card of document.querySelectorAll('[data-testid=hub-card]')) {
      const cardBox = card.getBoundingClientRect();
      const flow = card.querySelector('[data-testid=hub-flow]')!;
      if (flow.scrollWidth > flow.clientWidth) cut.push(`${card.getAttribute('data-kind')}: chips overflow`);
      for (const dt of flow.querySelectorAll('dt')) {
        const chip = dt.parentElement!;
        const range = document.createRange();
        range.selectNodeContents(dt);
        const text = range.getBoundingClientRect();
        const box = chip.getBoundingClientRect();
        const where = `${card.getAttribute('data-kind')} "${dt.textContent}"`;
        if (dt.scrollWidth > dt.clientWidth) cut.push(`${where}: text ${dt.scrollWidth} > ${dt.clientWidth}`);
        if (chip.scrollWidth > chip.clientWidth)
          cut.push(`${where}: chip ${chip.scrollWidth} > ${chip.clientWidth}`);
        if (text.left < box.left - 0.5 || text.right > box.right + 0.5)
          cut.push(`${where}: text outside its chip`);
        if (box.left < cardBox.left - 0.5 || box.right > cardBox.right + 0.5)
          cut.push(`${where}: chip outside its card`);
      }
    }
    return cut;
  });
}

/** The hub names under a chart's bars, each tick's lines joined by a space, and whether two touch. */
function chartTicks(page: Page, chart: string): Promise<{ labels: string[]; overlapping: boolean }> {
  return page.evaluate((testId) => {
    const figure = document.querySelector(`[data-testid=${testId}]`)!;
    const ticks = [...figure.querySelectorAll('.recharts-xAxis-tick-labels text')];
    const labels = ticks.map((text) => {
      const spans = [...text.querySelectorAll('tspan')];
      return (spans.length > 0 ? spans.map((s) => s.textContent ?? '') : [text.textContent ?? ''])
        .map((s) => s.trim())
        .filter(Boolean)
        .join(' ');
    });
    const boxes = ticks.map((t) => t.getBoundingClientRect()).sort((a, b) => a.left - b.left);
    const overlapping = boxes.some((box, i) => i > 0 && box.left < boxes[i - 1]!.right);
    return { labels, overlapping };
  }, `hub-chart-${chart}`);
}

/** The sidebar's menu: whether it overflows, the cue's visibility, and each entry reached by scrolling. */
async function sidebarReach(
  page: Page,
): Promise<{ overflows: boolean; cue: boolean; unreachable: string[] }> {
  const menu = page.getByTestId('sidebar-menu-scroll');
  await menu.evaluate((el) => el.scrollTo({ top: 0 }));
  const overflows = await menu.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
  const cue = overflows
    ? await page
        .getByTestId('sidebar-scroll-cue')
        .waitFor({ state: 'visible', timeout: 5_000 })
        .then(
          () => true,
          () => false,
        )
    : false;
  const unreachable = await page.evaluate(async () => {
    const menuEl = document.querySelector('[data-slot=sidebar] [data-slot=sidebar-content]')!;
    const missed: string[] = [];
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (const link of menuEl.querySelectorAll<HTMLElement>('a[href]')) {
      link.scrollIntoView({ block: 'nearest' });
      // The cue follows the scroll in the next render (at the bottom it is gone).
      await frame();
      await frame();
      const box = link.getBoundingClientRect();
      const within = menuEl.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const reached =
        box.top >= within.top - 0.5 && box.bottom <= within.bottom + 0.5 && !!hit && link.contains(hit);
      if (!reached) missed.push(link.textContent?.trim() ?? link.getAttribute('href') ?? '?');
    }
    return missed;
  });
  return { overflows, cue, unreachable };
}

describe('desks (issue 41)', () => {
  for (const { lang, catalogue } of LANGUAGES) {
    it(`${lang}: chips, chart labels and the sidebar fit at 1280x800 and 1440x900; axe at 1280x800 and 390x844`, async () => {
      const { context, page } = await desk(lang);
      try {
        const words = [
          catalogue.tower.dashboard.incoming,
          catalogue.common.arrived,
          catalogue.common.unloading,
          catalogue.tower.dashboard.outgoing,
        ];
        const hubs = Object.values(catalogue.tower.hubs);
        for (const size of DESKS) {
          const at = `${lang} ${size.width}x${size.height}`;
          await page.setViewportSize(size);
          await dashboard(page);

          // The chips: every card's four labels, whole, inside their chips and cards.
          const cards = page.getByTestId('hub-card');
          expect(await cards.count(), at).toBe(4);
          for (const card of await cards.all()) {
            const labels = await card.locator('[data-testid=hub-flow] dt').allTextContents();
            expect(
              labels.map((l) => l.trim()),
              at,
            ).toEqual(words);
          }
          expect(await cutChips(page), at).toEqual([]);

          // The charts: each hub named under its bars, no two names on top of each other.
          for (const chart of ['stock', 'flow']) {
            await page
              .getByTestId(`hub-chart-${chart}`)
              .locator('.recharts-xAxis-tick-labels')
              .first()
              .waitFor();
            await expect
              .poll(async () => (await chartTicks(page, chart)).labels, { message: `${at} ${chart}` })
              .toEqual(hubs);
            expect((await chartTicks(page, chart)).overlapping, `${at} ${chart}`).toBe(false);
          }

          // The sidebar: every entry reachable; when the menu overflows, the cue says so.
          const reach = await sidebarReach(page);
          expect(reach.unreachable, at).toEqual([]);
          if (reach.overflows) {
            expect(reach.cue, `${at}: the menu overflows with no cue`).toBe(true);
            // Back at the top, its chevron scrolls the menu down; at the bottom the cue is gone.
            await page.getByTestId('sidebar-menu-scroll').evaluate((el) => el.scrollTo({ top: 0 }));
            await page.getByTestId('sidebar-scroll-cue').getByRole('button', { includeHidden: true }).click();
            await expect
              .poll(() => page.getByTestId('sidebar-menu-scroll').evaluate((el) => el.scrollTop))
              .toBeGreaterThan(0);
            await page
              .getByTestId('sidebar-menu-scroll')
              .evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
            await page.getByTestId('sidebar-scroll-cue').waitFor({ state: 'detached' });
          } else {
            expect(await page.getByTestId('sidebar-scroll-cue').count(), at).toBe(0);
          }
        }
        // At 1280x800 the admin's menu is taller than the sidebar: the case the cue is for.
        await page.setViewportSize(DESKS[0]);
        await dashboard(page);
        const first = await sidebarReach(page);
        expect(first.overflows).toBe(true);
        expect(first.cue).toBe(true);
        expect(await seriousViolations(page, { withoutToasts: true }), `${lang} 1280x800`).toEqual([]);

        await page.setViewportSize(PHONE);
        await dashboard(page);
        expect(await cutChips(page), `${lang} phone`).toEqual([]);
        expect(await seriousViolations(page, { withoutToasts: true }), `${lang} 390x844`).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
