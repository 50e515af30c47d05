// Issue 12 acceptance, in Chromium: admin@demo.local creates a hub user for Hub
// Cikarang, signs out, and the new user signs in and sees the Cikarang menu;
// the admin edits the user's name, then deletes the user, who can no longer
// sign in. The Users and Status screens opened offline say they need a
// connection.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  appUrl,
  headerText,
  sidebarMenu,
  signedInPage,
  signIn,
  useBrowser,
  watchedDevice,
  waitForServiceWorkerControl,
} from '../support/browser';
import { NEEDS_CONNECTION_TITLE } from '../../src/lib/i18n/default-strings';
import { query, toast, waitOffline } from './hub-support';
import { DEMO_USERS, HUB } from '../support/demo';

const run = Date.now().toString(36);
const EMAIL = `e2e-${run}@test.local`;
const PASSWORD = 'rahasia1';

const browser = useBrowser();

afterAll(async () => {
  await query('delete from auth.users where email = $1', [EMAIL]);
});

/** Picks an option of a Radix select by its trigger's id. */
async function pick(page: Page, id: string, option: string) {
  await page.locator(`#${id}`).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function signOut(page: Page) {
  await page.getByTestId('sign-out').click();
  await page.waitForURL(appUrl('/auth'));
}

async function openUsers(page: Page) {
  await page.goto(appUrl('/users'));
  await page.getByTestId('users-table').waitFor();
}

const userRow = (page: Page, email: string) =>
  page.getByTestId('users-table').locator('tr', { hasText: email });

async function rowAction(page: Page, email: string, action: 'Edit' | 'Delete') {
  await userRow(page, email)
    .getByRole('button', { name: /actions|aksi|menu/i })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

describe('User Management', () => {
  it('an admin creates a Cikarang hub user, who signs in and sees the Cikarang menu', async () => {
    const { context, page, errors } = await watchedDevice(browser());
    await signIn(page, DEMO_USERS.admin);
    await openUsers(page);
    await expect.poll(() => userRow(page, DEMO_USERS.admin).count()).toBe(1);

    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nama').fill('Petugas E2E');
    await dialog.getByLabel('Email').fill(EMAIL);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await pick(page, 'user-role', 'User');
    await pick(page, 'user-hub', 'Hub Cikarang');
    await dialog.locator('button[type=submit]').click();
    await toast(page, 'User berhasil dibuat').waitFor();
    await userRow(page, EMAIL).waitFor();
    await expect.poll(() => userRow(page, EMAIL).textContent()).toContain('Hub Cikarang');

    const [profile] = await query('select role, hub_id, full_name from public.profiles where email = $1', [
      EMAIL,
    ]);
    expect(profile).toEqual({
      role: 'hub_user',
      hub_id: HUB.cikarang,
      full_name: 'Petugas E2E',
    });

    await signOut(page);
    await signIn(page, EMAIL, PASSWORD);
    await expect.poll(() => headerText(page)).toEqual({ title: 'Dermaga', roleOrHub: 'Hub Cikarang' });
    await expect
      .poll(async () => (await sidebarMenu(page)).entries)
      .toEqual(['Dashboard', 'Hub Cikarang', 'Inventory']);
    await signOut(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the admin edits the user's name, then deletes the user, who can no longer sign in", async () => {
    const { context, page } = await signedInPage(browser(), DEMO_USERS.admin);
    await openUsers(page);
    await userRow(page, EMAIL).waitFor();

    await rowAction(page, EMAIL, 'Edit');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByLabel('Email').inputValue()).toBe(EMAIL);
    await dialog.getByLabel('Nama').fill('Petugas Diganti');
    await dialog.locator('button[type=submit]').click();
    await toast(page, 'User berhasil diupdate').waitFor();
    await expect.poll(() => userRow(page, EMAIL).textContent()).toContain('Petugas Diganti');
    const [renamed] = await query('select full_name from public.profiles where email = $1', [EMAIL]);
    expect(renamed).toEqual({ full_name: 'Petugas Diganti' });

    await rowAction(page, EMAIL, 'Delete');
    const confirm = page.getByRole('alertdialog');
    await expect.poll(() => confirm.textContent()).toContain('Hapus User');
    await expect.poll(() => confirm.textContent()).toContain('Petugas Diganti');
    await confirm.getByRole('button', { name: /hapus|delete/i }).click();
    await toast(page, 'User berhasil dihapus').waitFor();
    await expect.poll(() => userRow(page, EMAIL).count()).toBe(0);

    await signOut(page);
    await page.locator('#email').fill(EMAIL);
    await page.locator('#password').fill(PASSWORD);
    await page.locator('form button[type=submit]').click();
    // The login's errors are inline (issue 29).
    await page.getByRole('alert').filter({ hasText: 'Authentication Error' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });
});

describe('others than admin', () => {
  it('tower control sees the restricted-feature alert on /users, and no Users menu entry', async () => {
    const { context, page } = await signedInPage(browser(), DEMO_USERS.tower);
    expect((await sidebarMenu(page)).entries).not.toContain('Users');
    await page.goto(appUrl('/users'));
    await page.getByTestId('restricted-feature-alert').waitFor();
    await expect.poll(() => page.getByTestId('users-table').count()).toBe(0);
    await context.close();
  });
});

describe('offline', () => {
  it('Users and Status Shipment say they need a connection', async () => {
    const { context, page } = await signedInPage(browser(), DEMO_USERS.admin);
    // Screens are lazy chunks: offline they come from the service worker's precache, as on an
    // installed app (a page the worker does not control yet cannot load them offline).
    await waitForServiceWorkerControl(page);
    await context.setOffline(true);
    await waitOffline(page);
    const link = (label: string) =>
      page.locator('[data-slot=sidebar] [data-slot=sidebar-content] a', { hasText: label });

    await link('Users').click();
    await page.getByTestId('needs-connection').waitFor();
    await expect
      .poll(() => page.getByTestId('needs-connection').textContent())
      .toContain(NEEDS_CONNECTION_TITLE);
    await expect.poll(() => page.getByRole('button', { name: 'Add User' }).count()).toBe(0);

    await link('Status Shipment').click();
    await page.getByTestId('needs-connection').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Add Status' }).isDisabled()).toBe(true);

    await context.setOffline(false);
    await expect.poll(() => page.getByRole('button', { name: 'Add Status' }).isDisabled()).toBe(false);
    await expect.poll(() => page.getByTestId('needs-connection').count()).toBe(0);
    await context.close();
  });
});
