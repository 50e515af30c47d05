// The dashboard says "Failed to fetch dashboard data" when the local database could not be
// opened (and, since the provider tells opening from failing, not while it is still opening).
import { describe, expect, it } from 'vitest';
import { newContext, signIn, useBrowser } from '../support/browser';
import { DEMO_USERS } from '../support/demo';

const browser = useBrowser();

/** From the page's first script on, the browser refuses to open RxDB's databases. */
function refuseLocalDatabase() {
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number) {
    if (name.startsWith('rxdb-')) throw new DOMException('The database cannot be opened.', 'UnknownError');
    return open.call(this, name, version);
  };
}

describe('the dashboard when the local database cannot be opened', () => {
  it("says it failed, and shows no figures as if they were the database's", async () => {
    const context = await newContext(browser());
    try {
      const page = await context.newPage();
      await signIn(page, DEMO_USERS.tower);
      await page.locator('[data-testid=dashboard][data-ready=true]').waitFor();
      await page.addInitScript(refuseLocalDatabase);
      await page.reload();
      const failed = page.getByTestId('dashboard-failed');
      await failed.waitFor();
      await expect.poll(() => failed.textContent()).toContain('Failed to fetch dashboard data');
      await expect.poll(() => page.getByTestId('dashboard').getAttribute('data-ready')).toBe('false');
    } finally {
      await context.close();
    }
  });
});
