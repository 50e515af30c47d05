// Issue 12 in Chromium: Settings shows this device's sync, storage and version,
// asks for persistent storage and exports a diagnostics file that holds no
// token; the audit trail lists what devices did, for tower control too; the
// Status Shipment screen adds, edits and deletes a status (a used one cannot be
// deleted). Each screen passes an axe-core scan without serious violations.
import { id } from '../../src/lib/i18n/id';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { appUrl, signedInPage, useBrowser } from '../support/browser';
import { as } from '../integration/commands-support';
import { seriousViolations } from './axe';
import { query, toast } from './hub-support';
import { DEMO_USERS, HUB } from '../support/demo';

const run = Date.now().toString(36);
const KEY = `e2e_${run}`;

const browser = useBrowser();

afterAll(async () => {
  await query('delete from public.shipment_statuses where key like $1', [`e2e_${run}%`]);
});

describe('Settings', () => {
  it("shows this device's sync, storage and version, and exports diagnostics without a token", async () => {
    const { context, page } = await signedInPage(browser(), DEMO_USERS.admin, { acceptDownloads: true });
    await page.goto(appUrl('/settings'));
    await page.getByTestId('settings-page').waitFor();

    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'));
    await expect.poll(() => page.getByTestId('app-version').textContent()).toBe(pkg.version);
    await expect.poll(() => page.getByTestId('storage-usage').textContent()).toMatch(/\d.* (B|KB|MB|GB)$/);
    await expect
      .poll(() => page.getByTestId('sync-last-synced').first().textContent())
      .not.toMatch(/^Belum pernah|^-$/);

    const persisted = page.getByTestId('storage-persisted');
    const ask = page.getByRole('button', { name: id.common.askForPersistentStorage });
    if (await ask.count()) {
      await ask.click();
      // Granted: the row says so and the button goes; refused: the page says why.
      await expect
        .poll(
          async () =>
            (await persisted.textContent())?.startsWith('Diberikan') ||
            (await page.getByText(id.settings.storageRefused).count()) > 0,
        )
        .toBe(true);
    }

    await page.getByRole('button', { name: id.settings.updateCheck }).click();
    await expect
      .poll(() => page.getByTestId('update-result').textContent())
      .toMatch(/versi terbaru|Versi baru|tidak tersedia/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: id.settings.diagnosticsExport }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^dermaga-diagnostics-.*\.json$/);
    const text = await readFile((await download.path())!, 'utf8');
    const file = JSON.parse(text);
    expect(file).toMatchObject({
      kind: 'dermaga-diagnostics',
      app: { version: pkg.version },
      user: { role: 'admin' },
    });
    expect(Array.isArray(file.outbox)).toBe(true);
    expect(Array.isArray(file.conflicts)).toBe(true);
    const session = await page.evaluate(() => JSON.parse(localStorage.getItem('dermaga-auth') ?? '{}'));
    expect(session.access_token).toEqual(expect.any(String));
    expect(text).not.toContain(session.access_token);
    expect(text).not.toContain(session.refresh_token);

    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
    await context.close();
  });
});

describe('Audit Trail', () => {
  it('tower control reads who did what, and filters by user and action', async () => {
    // A command the Karawang tablet sent and the server refused: it is in the trail.
    const karawang = await as('karawang');
    const refused = await karawang.run('confirm_arrival', {
      hub_id: HUB.cikarang,
      shipment_id: randomUUID(),
    });
    expect(refused.outcome).toBe('rejected');

    const { context, page } = await signedInPage(browser(), DEMO_USERS.tower);
    await page.locator('[data-slot=sidebar] a', { hasText: 'Audit Trail' }).click();
    await page.getByTestId('audit-table').waitFor();
    await page.getByLabel('User').fill('karawang@demo');
    await page.locator('#audit-type').click();
    await page.getByRole('option', { name: 'Confirm Tiba', exact: true }).click();
    const rows = page.getByTestId('audit-table-row');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    await expect
      .poll(async () =>
        (await rows.allTextContents()).every(
          (t) => t.includes(DEMO_USERS.karawang) && t.includes('Confirm Tiba'),
        ),
      )
      .toBe(true);
    await expect.poll(() => rows.first().textContent()).toContain('Ditolak');
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

    // The entry in full, with its shipment's history (here: this one refused command).
    await rows
      .first()
      .getByRole('button', { name: /\(Detail Confirm Tiba / })
      .click();
    const detail = page.getByTestId('audit-detail');
    await expect.poll(() => detail.getByTestId('audit-detail-outcome').textContent()).toMatch(/^Ditolak/);
    const entries = detail.getByTestId('history-entry');
    await expect.poll(() => entries.count()).toBeGreaterThan(0);
    await expect.poll(() => entries.last().getAttribute('data-outcome')).toBe('rejected');
    // Offline, the audit trail says it needs the server instead of failing silently.
    await context.setOffline(true);
    await page.getByTestId('needs-connection').waitFor();
    await expect.poll(() => page.getByTestId('audit-table').count()).toBe(0);
    await context.setOffline(false);
    await context.close();
  });

  it('a hub user gets the restricted-feature alert', async () => {
    const { context, page } = await signedInPage(browser(), DEMO_USERS.karawang);
    await page.goto(appUrl('/audit'));
    await page.getByTestId('restricted-feature-alert').waitFor();
    await context.close();
  });
});

describe('Status Shipment', () => {
  const row = (page: Page, key: string) => page.getByTestId('statuses-table').locator('tr', { hasText: key });

  async function rowAction(page: Page, key: string, action: 'Edit' | 'Delete') {
    await row(page, key)
      .getByRole('button', { name: /actions|aksi|menu/i })
      .click();
    await page.getByRole('menuitem', { name: action }).click();
  }

  it('an admin adds, edits and deletes a status; a used one cannot be deleted', async () => {
    const { context, page } = await signedInPage(browser(), DEMO_USERS.admin);
    await page.goto(appUrl('/status-shipment'));
    await page.getByTestId('statuses-table').waitFor();
    await row(page, 'otw_cikarang').waitFor();
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

    await page.getByRole('button', { name: 'Add Status' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.locator('button[type=submit]').click();
    await expect.poll(() => dialog.textContent()).toContain('Both key and label are required');
    await dialog.getByLabel('Kunci Status').fill(KEY);
    await dialog.getByLabel('Label Tampilan').fill('E2E Status');
    await dialog.locator('button[type=submit]').click();
    await toast(page, 'Status added successfully').waitFor();
    await expect.poll(() => row(page, KEY).getByTestId('status-preview').textContent()).toBe('E2E Status');

    await rowAction(page, KEY, 'Edit');
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Label Tampilan').fill('E2E Diubah');
    await dialog.getByLabel('Kunci Status').fill(`${KEY}_b`);
    await dialog.locator('button[type=submit]').click();
    await toast(page, 'Status updated successfully').waitFor();
    await expect
      .poll(() => row(page, `${KEY}_b`).getByTestId('status-preview').textContent())
      .toBe('E2E Diubah');

    await rowAction(page, `${KEY}_b`, 'Delete');
    const confirm = page.getByRole('alertdialog');
    await expect.poll(() => confirm.textContent()).toMatch(/tidak dapat dibatalkan.*dihapus permanen/s);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Status deleted successfully').waitFor();
    await expect.poll(() => row(page, `${KEY}_b`).count()).toBe(0);

    // otw_cikarang is used by the demo shipments.
    await rowAction(page, 'otw_cikarang', 'Delete');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(
      page,
      'Cannot Delete - This status is currently being used by shipments and cannot be deleted',
    ).waitFor();
    const [still] = await query('select deleted from public.shipment_statuses where key = $1', [
      'otw_cikarang',
    ]);
    expect(still).toEqual({ deleted: false });
    await context.close();
  });
});
