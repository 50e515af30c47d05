// Issue 14, P3: Proses Muat shows Sedang Muat within the tap and moves the URL in the next
// task. A tab chosen before that route change has rendered (both navigations rendered
// together, as happens when background updates render as transitions) must still win: the
// screen shows the tab of the URL it ends on, not the one the tap moved to.
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { queuedAtKarawang } from './hub-support';

const browser = useBrowser();

/**
 * The moment the tap's route change is pushed, and before React renders it, Siap Muat is
 * chosen (the link still sees the old location, so its change replaces the entry).
 */
function chooseReadyRightAfterTheTap() {
  const w = window as unknown as { __routes: string[] };
  w.__routes = [];
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history);
    history[method] = (state: unknown, unused: string, url?: string | URL | null) => {
      original(state, unused, url);
      const path = new URL(String(url), location.href).pathname;
      w.__routes.push(`${method} ${path}`);
      if (method === 'pushState' && path === '/hub-karawang/loading' && w.__routes.length === 1) {
        // Once, in the same task as the tap's push: both are pending when React next renders.
        queueMicrotask(() => document.querySelector<HTMLAnchorElement>('a[href="/hub-karawang/ready"]')!.click());
      }
    };
  }
}

describe('a tab chosen right after Proses Muat', () => {
  it('shows the tab of the URL the screen ends on', async () => {
    const { truck, context, page, queued } = await queuedAtKarawang(browser());
    try {
      await page.evaluate(chooseReadyRightAfterTheTap);

      await queued.getByRole('button', { name: 'Proses Muat' }).click();
      // The tap's route change happened, then the chosen one.
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __routes: string[] }).__routes))
        .toEqual(['pushState /hub-karawang/loading', 'replaceState /hub-karawang/ready']);
      await page.waitForURL(/\/hub-karawang\/ready$/);
      // Siap Muat on screen (its tab marked, its list shown), Sedang Muat hidden.
      await page.getByTestId('tab-ready').waitFor();
      await expect.poll(() => page.getByRole('region', { name: 'Siap Muat' }).isVisible()).toBe(true);
      await expect.poll(() => page.getByTestId('hub-tabs').locator('a[aria-current=page]').getByTestId('hub-tab-label').textContent()).toBe('Siap Muat');
      await expect.poll(() => page.getByRole('region', { name: 'Sedang Muat', includeHidden: true }).isVisible()).toBe(false);
      // And the truck is in Sedang Muat, one tap away.
      await page.locator('a[href="/hub-karawang/loading"]').click();
      await page.locator(`[data-testid=loading-list] [data-plate="${truck.plate}"]`).waitFor();
    } finally {
      await context.close();
    }
  });
});
