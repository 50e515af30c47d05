// Issue 29, quiet and complete form errors: a failed submit shows every field's
// message at once under its field, focuses the first, and no toast repeats
// them; a toast raised in a dialog goes when the dialog closes; the login shows
// its errors inline (role=alert); after Esc the focus is back on the button that
// opened the dialog; the first Tab of a screen reaches a skip link to the main
// content.
import { id } from '../../src/lib/i18n/id';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { appUrl, newContext, signedInPage, useBrowser } from '../support/browser';
import { seriousViolations } from './axe';
import { DEMO_PASSWORD, DEMO_USERS, TRUCK_VENDOR } from '../support/demo';
import { choose, openHub, query, tablet, tag, toast } from './hub-support';

const browser = useBrowser();
const PLATE = `E2EF ${tag()}`;

afterAll(async () => {
  await query('delete from public.vehicles where license_plate = $1', [PLATE]);
});

/** Every toast the page shows from now on, by its text (kept after it goes). */
async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver((records) => {
      for (const r of records)
        for (const node of r.addedNodes)
          if (node instanceof HTMLElement) {
            for (const t of [node, ...node.querySelectorAll<HTMLElement>('[data-sonner-toast]')])
              if (t.matches('[data-sonner-toast]')) seen.push(`${t.dataset.type}: ${t.textContent ?? ''}`);
          }
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { __toasts: string[] }).__toasts]);
}

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { id: el?.id ?? '', tag: el?.tagName.toLowerCase() ?? '', text: el?.textContent?.trim() ?? '' };
  });

describe('form errors', () => {
  it('an empty form shows every message at once, the first field focused, no toast repeating them', async () => {
    const { context, page } = await tablet(browser(), 'karawang');
    await openHub(page, '/hub-karawang/ready');
    await page.getByRole('button', { name: 'Tambah Kendaraan', exact: true }).click();
    const dialog = page.getByTestId('add-vehicle-dialog');
    await dialog.waitFor();
    const toasts = await recordToasts(page);

    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect
      .poll(() => dialog.getByTestId('error-vehicle-vendor').textContent())
      .toBe('Silakan pilih vendor');
    await expect
      .poll(() => dialog.getByTestId('error-vehicle-plate').textContent())
      .toBe('Silakan lengkapi minimal Nomor Polisi dan Jenis Kendaraan');
    await expect.poll(() => dialog.locator('#vehicle-plate').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(async () => (await focused(page)).id).toBe('vehicle-vendor');
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

    // Put right: saved, and its success toast is the only toast there was.
    await choose(page, 'vehicle-vendor', TRUCK_VENDOR.name);
    await dialog.locator('#vehicle-plate').fill(PLATE);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.waitFor({ state: 'detached' });
    await toast(page, 'Kendaraan berhasil ditambahkan').waitFor();
    expect((await toasts()).filter((t) => !t.includes('Kendaraan berhasil ditambahkan'))).toEqual([]);
    await context.close();
  });

  it('after Esc the focus is back on the button that opened the dialog', async () => {
    const { context, page } = await tablet(browser(), 'karawang');
    await openHub(page, '/hub-karawang/ready');
    const opener = page.getByRole('button', { name: 'Tambah Kendaraan', exact: true });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('add-vehicle-dialog');
    await dialog.waitFor();
    await expect.poll(async () => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page)).text).toBe('Tambah Kendaraan');

    // The first Tab of a screen reaches the skip link; it moves the focus to the main content.
    await page.goto(appUrl('/hub-karawang/ready'));
    await page.locator('[data-testid=hub-operations]:not([data-hub-id=""])').waitFor();
    await page.keyboard.press('Tab');
    await expect.poll(async () => (await focused(page)).text).toBe('Lewati ke konten utama');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).id).toBe('main');
    expect(new URL(page.url()).pathname).toBe('/hub-karawang/ready');
    await context.close();
  });

  it('a toast raised in a dialog is gone once the dialog closes', async () => {
    const { context, page } = await signedInPage(browser(), DEMO_USERS.admin);
    await page.goto(appUrl('/users'));
    await page.getByTestId('users-table').waitFor();
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByTestId('user-dialog');
    // An e-mail already registered: the server refuses, and says so in a toast.
    await dialog.getByLabel('Nama').fill('Petugas Ganda');
    await dialog.getByLabel('Email').fill(DEMO_USERS.cikarang);
    await dialog.getByLabel('Password').fill('rahasia1');
    await page.locator('#user-role').click();
    await page.getByRole('option', { name: 'User', exact: true }).click();
    await page.locator('#user-hub').click();
    await page.getByRole('option', { name: 'Hub Cikarang', exact: true }).click();
    await dialog.locator('button[type=submit]').click();
    const refused = page.locator('[data-sonner-toast][data-type=error]');
    await refused.first().waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Well before the toast's own 4 s are up.
    await expect.poll(() => refused.count(), { timeout: 1_500 }).toBe(0);
    // Opened from a row's menu: the focus goes back to that menu's button.
    const row = page.getByTestId('users-table').locator('tr', { hasText: DEMO_USERS.admin });
    await row.getByTestId('row-actions').click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => row.getByTestId('row-actions').evaluate((b) => b === document.activeElement))
      .toBe(true);
    const [profiles] = await query<{ n: number }>(
      "select count(*)::int as n from public.profiles where full_name = 'Petugas Ganda'",
    );
    expect(profiles).toEqual({ n: 0 });
    await context.close();
  });

  it('the login shows its errors inline, the first field focused, and no toast', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto(appUrl('/auth'));
    await page.locator('#email').waitFor();
    const toasts = await recordToasts(page);
    const alert = page.getByRole('alert').filter({ hasText: /\S/ });

    await page.locator('form button[type=submit]').click();
    await expect.poll(() => alert.textContent()).toBe('Please fill in all fields');
    await expect.poll(() => page.locator('#email').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.locator('#password').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(async () => (await focused(page)).id).toBe('email');

    await page.locator('#email').fill(DEMO_USERS.karawang);
    await page.locator('#password').fill('wrong-password');
    await page.locator('form button[type=submit]').click();
    await expect.poll(() => alert.textContent()).toBe('Authentication ErrorInvalid login credentials');
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

    // The right password: in, and the welcome toast is the only one the form raised.
    await page.locator('#password').fill(DEMO_PASSWORD);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL(appUrl('/'));
    // A new browser context: this device's first sign-in (issue 41), so no "kembali".
    await toast(page, id.auth.welcomeFirstTitle).waitFor();
    expect((await toasts()).filter((t) => t.startsWith('error'))).toEqual([]);
    await context.close();
  });
});
