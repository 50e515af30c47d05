// Issue 42, TVs by serial number: an admin switches a hub to serial tracking on Hubs (Edit Hub,
// "Lacak nomor seri TV"); the server's hub then tracks serials, the Hubs table marks it, and
// Edit Hub shows it ticked, in Bahasa Indonesia and English. axe at 800x1280 and 390x844. The
// hub is the test's own (a demo hub that tracked serials would refuse other tests' shipping
// forms without serials), removed after.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, TABLET_PORTRAIT, useBrowser } from '../support/browser';
import { seriousViolations } from './axe';
import * as hub from './hub-support';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };
const mine = { id: randomUUID(), name: `Hub Seri ${hub.tag()}` };

beforeAll(async () => {
  await hub.query(`insert into public.hubs (id, name, city, type) values ($1, $2, 'Bekasi', 'hub')`, [
    mine.id,
    mine.name,
  ]);
});

afterAll(async () => {
  await hub.query('update public.hubs set deleted = true, serial_tracking = false where id = $1', [mine.id]);
});

/** axe on the page as it is, at the upright tablet and the phone size. */
async function axeAtBothSizes(page: Page, what: string): Promise<void> {
  for (const size of [TABLET_PORTRAIT, PHONE]) {
    await page.setViewportSize(size);
    expect(await seriousViolations(page, { withoutToasts: true }), `${what} at ${size.width}`).toEqual([]);
  }
  await page.setViewportSize(TABLET_PORTRAIT);
}

/** The test hub's row on the Hubs table, once the view holds it. */
function hubRow(page: Page) {
  return page.getByTestId('hubs-table').locator('tr', { hasText: mine.name });
}

describe('serial tracking at a hub', () => {
  it('an admin switches it on in Edit Hub; the server has it, the table and the dialog show it', async () => {
    const { context, page } = await hub.tablet(browser(), 'admin');
    await page.setViewportSize(TABLET_PORTRAIT);
    await page.goto(appUrl('/hubs'));
    await hubRow(page).waitFor();
    await page.getByRole('button', { name: `Aksi ${mine.name}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByTestId('edit-hub-dialog');
    const box = dialog.getByTestId('edit-hub-serial-tracking');
    await box.waitFor();
    expect(await box.getAttribute('aria-checked')).toBe('false');
    // The hint is the checkbox's description.
    await expect
      .poll(() => dialog.getByLabel('Lacak nomor seri TV').getAttribute('aria-describedby'))
      .toBeTruthy();
    expect(await dialog.textContent()).toContain(
      'TV di hub ini dicatat per nomor seri: masuk stok, dimuat dan diterima dengan memindai.',
    );
    await dialog.getByLabel('Lacak nomor seri TV').click();
    await expect.poll(() => box.getAttribute('aria-checked')).toBe('true');
    await axeAtBothSizes(page, 'Edit Hub');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await hub.toast(page, 'Hub updated successfully').waitFor();

    const [row] = await hub.eventually(async () => {
      const rows = await hub.query<{ serial_tracking: boolean; blind_count: boolean }>(
        'select serial_tracking, blind_count from public.hubs where id = $1',
        [mine.id],
      );
      return rows[0]?.serial_tracking ? rows : undefined;
    });
    // Only what was switched changed.
    expect(row).toEqual({ serial_tracking: true, blind_count: false });
    await expect.poll(() => hubRow(page).textContent()).toContain('Dilacak');

    // In English: the table marks it, and Edit Hub shows it ticked.
    await page.evaluate(() => localStorage.setItem('dermaga-language', 'en'));
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.goto(appUrl('/hubs'));
    await expect.poll(() => hubRow(page).textContent()).toContain('Tracked');
    await page.getByRole('button', { name: `Actions ${mine.name}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect
      .poll(() => dialog.getByLabel('Track TV serial numbers').getAttribute('aria-checked'))
      .toBe('true');
    await axeAtBothSizes(page, 'Edit Hub in English');
    await context.close();
  });
});
