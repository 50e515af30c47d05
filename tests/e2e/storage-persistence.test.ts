// Issue 13: the browser must not evict the outbox. A hub user's tablet asks
// for persistent storage when the user signs in, and the sync panel says
// when the browser has not granted it (and asks again on request). The
// browser's answer is fixed here to "not granted", as a browser under storage
// pressure or without engagement would give it.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, signIn, useBrowser } from '../support/browser';
import { waitFirstSync } from './hub-support';
import { DEMO_USERS } from '../support/demo';

const browser = useBrowser();

async function refusingBrowser(user: keyof typeof DEMO_USERS): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser(), { hasTouch: true });
  await context.addInitScript(() => {
    const w = window as unknown as { persistAsked: number };
    w.persistAsked = 0;
    StorageManager.prototype.persisted = async () => false;
    StorageManager.prototype.persist = async () => {
      w.persistAsked++;
      return false;
    };
  });
  const page = await context.newPage();
  await signIn(page, DEMO_USERS[user]);
  await waitFirstSync(page);
  return { context, page };
}

const asked = (page: Page) => page.evaluate(() => (window as unknown as { persistAsked: number }).persistAsked);

describe('persistent storage', () => {
  it("a hub user's sign-in asks for it; the sync panel says it was not granted and asks again", async () => {
    const { context, page } = await refusingBrowser('karawang');
    await expect.poll(() => asked(page)).toBe(1);
    await page.getByTestId('sync-indicator').click();
    const notice = page.getByTestId('storage-not-persisted');
    await notice.waitFor();
    await expect.poll(() => notice.textContent()).toContain('Penyimpanan perangkat belum permanen');
    await notice.getByRole('button', { name: 'Minta penyimpanan permanen' }).click();
    await expect.poll(() => asked(page)).toBe(2);
    await context.close();
  });

  it('a desk user (tower control) is not asked at sign-in, and still sees the notice', async () => {
    const { context, page } = await refusingBrowser('tower');
    await page.getByTestId('sync-indicator').click();
    await page.getByTestId('storage-not-persisted').waitFor();
    expect(await asked(page)).toBe(0);
    await context.close();
  });
});
