// A new device's first sync: until it has finished once, a row missing locally may simply not
// have arrived. Hub Activity opened then must not say the hub does not exist: it waits ('…')
// and shows the hub once its row is pulled.
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, newContext, signIn, useBrowser } from '../support/browser';
import { leaveOutOfOneRequest } from '../support/first-sync-route';
import { DEMO_USERS, HUB } from '../support/demo';

const browser = useBrowser();

/** Whether the page ever showed Hub Activity's "hub not found", from its first script on. */
function recordNotFound() {
  const w = window as unknown as { __notFound: boolean };
  w.__notFound = false;
  new MutationObserver(() => {
    if (document.querySelector('[data-testid=hub-activity-error]')) w.__notFound = true;
  }).observe(document, { subtree: true, childList: true });
}

describe('Hub Activity during a new device first sync', () => {
  it('waits for the hub instead of saying it does not exist', async () => {
    const context = await newContext(browser());
    // No pulled rows reach the device until released: its first sync cannot finish.
    const held: Route[] = [];
    let release = false;
    // Their first batches out of first_sync's answer: they come by pull_changes, held here.
    await leaveOutOfOneRequest(context, () => true);
    await context.route('**/rest/v1/rpc/pull_changes', (route) => {
      if (release) return route.continue();
      held.push(route);
    });
    await context.addInitScript(recordNotFound);
    const page = await context.newPage();
    try {
      await signIn(page, DEMO_USERS.admin);
      await page.goto(appUrl(`/hub-activity/${HUB.karawang}`));
      // The local database answered (no hubs on this device yet), or the page gave up on the hub.
      await page
        .locator('[data-testid=hub-activity][data-ready=true], [data-testid=hub-activity-error]')
        .first()
        .waitFor();
      await expect.poll(() => held.length).toBeGreaterThan(0);
      await expect.poll(() => page.getByTestId('hub-activity-error').count()).toBe(0);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('…');

      release = true;
      for (const route of held.splice(0)) await route.continue();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).not.toBe('…');
      await expect
        .poll(() => page.getByTestId('hub-activity').getAttribute('data-hub-id'))
        .toBe(HUB.karawang);
      expect(await page.evaluate(() => (window as unknown as { __notFound: boolean }).__notFound)).toBe(
        false,
      );
    } finally {
      await context.close();
    }
  });
});
