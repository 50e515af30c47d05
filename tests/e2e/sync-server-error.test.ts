// A sync round the server fails (the API answers 500) is said in words in the sync panel, in
// the device's language, with what the server said one tap away (before, the panel showed the
// raw message only); the next round that succeeds clears it. The failure is made in the network
// between the real app and the real stack: every RPC answers 500 until it is let through again.
import { describe, expect, it } from 'vitest';
import { id } from '../../src/lib/i18n/id';
import { useBrowser } from '../support/browser';
import { tablet, waitSynced } from './hub-support';

const browser = useBrowser();

const SERVER_SAID = 'upstream connect error before headers';

describe('a sync round the server fails', () => {
  it("is said in words, the server's answer one tap away, and clears on the next good round", async () => {
    const { context, page } = await tablet(browser(), 'cikarang');
    try {
      let failing = true;
      await context.route('**/rest/v1/rpc/**', (route) =>
        failing
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({ code: 'XX000', message: SERVER_SAID, details: null, hint: null }),
            })
          : route.continue(),
      );
      const indicator = page.getByTestId('sync-indicator');
      await indicator.click();
      const syncNow = page.getByRole('button', { name: id.sync.syncNow });
      await syncNow.click();

      const error = page.getByTestId('sync-last-error');
      await error.getByText(id.sync.serverFailed).waitFor();
      await expect.poll(() => indicator.getAttribute('data-health')).toBe('error');
      expect(await error.textContent()).not.toContain(id.sync.unreachable);
      await error.getByText(id.sync.errorDetail).click();
      await expect.poll(() => page.getByTestId('sync-error-detail').textContent()).toContain(SERVER_SAID);

      failing = false;
      await syncNow.click();
      await error.waitFor({ state: 'detached' });
      await waitSynced(page);
    } finally {
      await context.close();
    }
  });
});
