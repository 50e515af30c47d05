// Issue 14, P5: a start draws the dashboard figures this device last showed at once (reading
// every stored row takes seconds on a tablet), says they are the last ones and when they are
// from, and replaces them with the local database's as soon as it answers.
import { describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from '../support/browser';
import { tablet } from './hub-support';

const KEY = 'dermaga-dashboard-figures';

const browser = useBrowser();

interface Seen {
  /** performance.now() when it was seen. */
  at: number;
  shown: string | null;
  shipments: string | null;
  note: string | null;
}

/** Records every change of what the dashboard shows, from the page's first script on. */
function recordShown() {
  const w = window as unknown as { __shown: Seen[] };
  w.__shown = [];
  new MutationObserver(() => {
    const dashboard = document.querySelector('[data-testid=dashboard]');
    if (!dashboard) return;
    const shown = dashboard.getAttribute('data-shown');
    if (w.__shown.at(-1)?.shown === shown) return;
    w.__shown.push({
      at: performance.now(),
      shown,
      shipments: document.querySelector('[data-testid=in-transit-shipments]')?.textContent ?? null,
      note: document.querySelector('[data-testid=dashboard-stored]')?.textContent ?? null,
    });
  }).observe(document, { subtree: true, childList: true, attributes: true });
}

describe('the dashboard on the next start', () => {
  it("draws the figures it kept at once, then the local database's", async () => {
    const { context, page } = await tablet(browser(), 'tower');
    try {
      await page.goto(appUrl('/'));
      await page.locator('[data-testid=dashboard][data-shown=live] [data-testid=hub-card]').first().waitFor();
      // Offline from here: nothing pulled changes the figures between what is kept and the reload.
      await context.setOffline(true);
      const live = await page.getByTestId('in-transit-shipments').textContent();
      await expect
        .poll(() => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), KEY), {
          timeout: 10_000,
        })
        .toMatchObject({ figures: { inTransit: { shipments: Number(live!.replace(/\./g, '')) } } });

      // Marked, so what the start draws from the kept figures can be told from the database's.
      // Marked at the reload's first script, before the app reads them: the page before it may
      // keep the same figures again until it is gone (its first sync round ends while offline).
      await page.addInitScript((key) => {
        const kept = JSON.parse(localStorage.getItem(key)!);
        kept.figures.inTransit.shipments = 424242;
        localStorage.setItem(key, JSON.stringify(kept));
      }, KEY);
      await page.addInitScript(recordShown);
      await page.reload();
      await page.locator('[data-testid=dashboard][data-shown=live]').waitFor();
      await expect.poll(() => page.getByTestId('in-transit-shipments').textContent()).toBe(live);
      await expect.poll(() => page.getByTestId('dashboard-stored').count()).toBe(0);

      const seen = await page.evaluate(() => (window as unknown as { __shown: Seen[] }).__shown);
      expect(seen[0]).toMatchObject({ shown: 'stored', shipments: '424.242' });
      expect(seen[0]!.note).toMatch(
        /^Angka terakhir per \d{2} \w{3} \d{4} \d{2}:\d{2}; memuat data terbaru…$/,
      );
      expect(seen.at(-1)).toMatchObject({ shown: 'live', shipments: live, note: null });

      // The engine (RxDB, Dexie) ran only after the kept figures were drawn: its chunks may be
      // fetched while the shell draws (modulepreload, issue 43), but it starts at the mark
      // dermaga:engine-load (src/lib/sync-engine.tsx), after the first paint.
      const engine = await page.evaluate(() => ({
        asked: performance
          .getEntriesByType('resource')
          .filter((r) => /\/assets\/sync-[\w-]{8}\.js$/.test(r.name)).length,
        load: performance.getEntriesByName('dermaga:engine-load')[0]?.startTime ?? null,
      }));
      expect(engine.asked).toBe(1);
      expect(engine.load).not.toBeNull();
      expect(engine.load!).toBeGreaterThan(seen[0]!.at);
    } finally {
      await context.close();
    }
  });
});
