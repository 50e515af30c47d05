// Issue 30, the management screens in English: an admin switches to English in Settings, then
// User Management (with the Add User dialog: the role shown as its label, never `hub_user`),
// Vendors (the vendor dialog), Vendor Detail (the vehicle-type dialog), Hub Management (Edit
// Hub), Status Shipment Management (Add New Status), the audit trail (its date picker opened)
// and Inventory Master (Add Inventory Data and its date picker) read in English, and no
// Indonesian-only text of their catalogues (screens-manage-*.ts, screens-data-*.ts) shows.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { screensDataEn } from '../../src/lib/i18n/screens-data-en';
import { screensDataId } from '../../src/lib/i18n/screens-data-id';
import { screensManageEn } from '../../src/lib/i18n/screens-manage-en';
import { screensManageId } from '../../src/lib/i18n/screens-manage-id';
import { appUrl, newContext, signIn, trackPageErrors, useBrowser } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { leaves, type Tree } from '../support/catalogue';
import { chooseEnglish } from './language-support';
import { shownText } from './shown-text';

const browser = useBrowser();

/** The area's Indonesian-only values (differing in English, longer than 5), as whole-line patterns. */
function indonesianOnly(): Array<{ key: string; text: string; line: RegExp }> {
  const id = leaves({ ...screensManageId, ...screensDataId } as unknown as Tree);
  const english = leaves({ ...screensManageEn, ...screensDataEn } as unknown as Tree);
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...id]
    .filter(([key, text]) => text !== english.get(key) && text.length > 5)
    .map(([key, text]) => ({
      key,
      text,
      line: new RegExp(
        `^${text
          .split(/\{\{\w+\}\}/)
          .map(escape)
          .join('.+?')}$`,
      ),
    }));
}

const FORBIDDEN = indonesianOnly();

/** The Indonesian-only texts of the area the page shows, each line of its text read whole. */
async function indonesianShown(page: Page): Promise<string[]> {
  const lines = (await shownText(page))
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return FORBIDDEN.filter((f) => lines.some((l) => f.line.test(l))).map((f) => `${f.key}: ${f.text}`);
}

async function expectEnglish(page: Page, scope: Locator, texts: string[]): Promise<void> {
  for (const text of texts) await expect.poll(() => shownText(scope), { timeout: 20_000 }).toContain(text);
  expect(await indonesianShown(page)).toEqual([]);
}

async function closeDialog(page: Page, dialog: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

const E = screensManageEn;
const D = screensDataEn;

describe('the management screens in English', () => {
  it('users, vendors, hubs, statuses, audit trail and inventory with their dialogs', async () => {
    expect(FORBIDDEN.length).toBeGreaterThan(100);
    const context = await newContext(browser(), { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await signIn(page, DEMO_USERS.admin);
    await page.goto(appUrl('/settings'));
    await chooseEnglish(page, page.getByTestId('settings-language'));
    const main = page.locator('main').first();

    // User Management and Add User: the roles by their labels, the messages in English.
    await page.goto(appUrl('/users'));
    await page.getByTestId('users-table').waitFor();
    await expectEnglish(page, main, [E.users.description, en.common.name]);
    await page.getByRole('button', { name: en.common.addUser }).click();
    const userDialog = page.getByRole('dialog');
    await page.locator('#user-role').click();
    const roles = await page.getByRole('option').allInnerTexts();
    expect(roles.map((r) => r.trim())).toEqual(['Admin', 'Tower Control', 'User']);
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await userDialog.locator('button[type=submit]').click();
    await expectEnglish(page, userDialog, [
      en.common.name,
      E.users.server.nameRequired,
      E.users.server.hubRequired,
      en.common.cancel,
    ]);
    expect(await userDialog.innerText()).not.toContain('hub_user');
    await closeDialog(page, userDialog);

    // Vendors and the vendor dialog.
    await page.goto(appUrl('/vendors'));
    await page.getByTestId('vendor-link').first().waitFor();
    await expectEnglish(page, main, [E.vendors.description, E.vendors.columns.contact]);
    await page.getByTestId('add-vendor').click();
    const vendorDialog = page.getByTestId('vendor-dialog');
    await expectEnglish(page, vendorDialog, [en.hubOps.page.toolbar.addVendor, E.vendors.dialog.contact]);
    await closeDialog(page, vendorDialog);

    // Vendor Detail and the vehicle-type dialog.
    await page.getByTestId('vendor-link').first().click();
    await page.getByTestId('vendor-detail').waitFor();
    await page.getByTestId('add-row').click();
    await expectEnglish(page, main, [E.vendors.detail.addRow, en.common.licensePlate]);
    await page.getByRole('button', { name: en.lib.commands.add_vehicle_type }).first().click();
    const typeDialog = page.getByTestId('add-vehicle-type-dialog');
    await expectEnglish(page, typeDialog, [en.common.addVehicleType, E.vendors.vehicleTypeDialog.name]);
    await closeDialog(page, typeDialog);

    // Hub Management and Edit Hub.
    await page.goto(appUrl('/hubs'));
    await page.getByTestId('hubs-table').locator('tbody tr').first().waitFor();
    await expectEnglish(page, main, [E.hubsScreen.columns.created, E.hubsScreen.capacityTitle]);
    await page
      .getByTestId('hubs-table')
      .getByRole('button', { name: /^Actions / })
      .first()
      .click();
    await page.getByRole('menuitem', { name: en.common.edit }).click();
    const hubDialog = page.getByTestId('edit-hub-dialog');
    await expectEnglish(page, hubDialog, [E.hubsScreen.editTitle, E.hubsScreen.city]);
    await closeDialog(page, hubDialog);

    // Status Shipment Management and Add New Status.
    await page.goto(appUrl('/status-shipment'));
    await page.getByTestId('statuses-table').locator('tbody tr').first().waitFor();
    await expectEnglish(page, main, [E.statusesScreen.description, en.common.displayLabel]);
    await page.getByRole('button', { name: E.statusesScreen.add }).click();
    const statusDialog = page.getByTestId('status-dialog');
    await expectEnglish(page, statusDialog, [E.statusesScreen.fields.color, E.statusesScreen.keyHint]);
    await closeDialog(page, statusDialog);

    // The audit trail, its date picker opened.
    await page.goto(appUrl('/audit'));
    await page.getByTestId('audit-table').waitFor();
    await expectEnglish(page, main, [D.audit.columns.deviceTime, D.audit.reset]);
    await page.getByTestId('audit-from-trigger').click();
    const calendar = page.getByTestId('audit-from-calendar');
    const month = new Date().toLocaleString('en-GB', { month: 'long' });
    await expectEnglish(page, calendar, [month]);
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'detached' });

    // Inventory Master and Add Inventory Data, its date picker opened.
    await page.goto(appUrl('/inventory'));
    await expect.poll(() => page.getByTestId('inventory-page').getAttribute('data-ready')).toBe('true');
    await expectEnglish(page, main, [D.inventory.subtitle, D.inventory.summary.warehouses]);
    await page.getByRole('button', { name: D.inventory.add }).click();
    const inventoryDialog = page.getByTestId('add-inventory-dialog');
    await expectEnglish(page, inventoryDialog, [D.inventory.addTitle, D.inventory.fields.smartboard]);
    await page.getByTestId('inventory-date-trigger').click();
    await page.getByTestId('inventory-date-calendar').waitFor();
    expect(await indonesianShown(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('inventory-date-calendar').waitFor({ state: 'detached' });
    await closeDialog(page, inventoryDialog);

    expect(errors).toEqual([]);
    await context.close();
  });
});
