// Issue 10: the dashboard, POD, In-Transit and Hub Activity screens in Chromium
// (1280x800 touch): each opens offline after a reload and says it shows the
// last sync's data and when; the tables sort, filter, open a row's detail and
// export the rows shown; an unknown hub shows the error view; an axe-core scan
// of each finds no serious or critical violation.
import { describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from '../support/browser';
import { seriousViolations } from './axe';
import { tablet, waitOffline } from './hub-support';
import { HUB } from '../support/demo';

const browser = useBrowser();

const SCREENS = [
  { path: '/', ready: '[data-testid=dashboard][data-ready=true]' },
  { path: '/pod', ready: '[data-testid=pod-page]' },
  { path: '/in-transit-detail', ready: '[data-testid=in-transit-table-row]' },
  { path: `/hub-activity/${HUB.karawang}`, ready: '[data-testid=activity-table-row]' },
];

describe('overview screens', () => {
  it('each opens offline after a reload with the last sync time, and passes an axe scan', async () => {
    const { context, page } = await tablet(browser(), 'tower');
    for (const screen of SCREENS) {
      await page.goto(appUrl(screen.path));
      await page.locator(screen.ready).first().waitFor();
      expect({ path: screen.path, violations: await seriousViolations(page) }).toEqual({ path: screen.path, violations: [] });
    }
    await context.setOffline(true);
    await waitOffline(page);
    for (const screen of SCREENS) {
      await page.reload();
      await page.goto(appUrl(screen.path));
      await page.locator(screen.ready).first().waitFor();
      await expect.poll(() => page.getByTestId('data-freshness').getAttribute('data-online')).toBe('false');
      await expect
        .poll(() => page.getByTestId('data-freshness').textContent())
        .toMatch(/data sinkronisasi terakhir \(\d{2} \w{3} \d{4}/);
    }
    await context.close();
  }, 180_000);

  it('In-Transit: totals, sort, filter, detail and CSV of the rows shown', async () => {
    const { context, page } = await tablet(browser(), 'admin');
    await page.goto(appUrl('/in-transit-detail'));
    const rows = page.getByTestId('in-transit-table-row');
    await rows.first().waitFor();
    const total = Number(await page.getByTestId('total-shipments').textContent());
    await expect.poll(() => rows.count()).toBe(total);

    await page.getByTestId('in-transit-table-sort-tv').click();
    await expect.poll(() => page.locator('th[aria-sort=ascending]').count()).toBe(1);
    // id-ID numbers (1.200 is twelve hundred): the digits.
    const tvs = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.children[1]!.textContent!.replace(/\D/g, ''))));
    expect(tvs).toEqual([...tvs].sort((a, b) => a - b));

    await page.getByTestId('in-transit-table-filter').fill('POLJAK');
    await expect.poll(async () => (await rows.allTextContents()).every((t) => t.toLowerCase().includes('poljak'))).toBe(true);
    const shown = await rows.count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(total);

    const download = page.waitForEvent('download');
    await page.getByTestId('in-transit-table-export').click();
    const file = await download;
    const text = await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8');
    const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Batch,TV,Bracket,Status,Rute,ETA,Tanggal muat');
    expect(lines).toHaveLength(shown + 1);

    await rows.first().getByRole('button').first().click();
    await page.getByTestId('shipment-detail').waitFor();
    await expect.poll(() => page.getByTestId('shipment-detail').textContent()).toContain('Detail Shipment');
    await context.close();
  });

  it('Hub Activity: Masuk and Keluar filter the movements; a row opens Detail Inventory; an unknown hub says so', async () => {
    const { context, page } = await tablet(browser(), 'admin');
    await page.goto(appUrl(`/hub-activity/${HUB.karawang}`));
    const rows = page.getByTestId('activity-table-row');
    await rows.first().waitFor();
    const types = () => rows.evaluateAll((trs) => trs.map((tr) => tr.children[4]!.textContent));
    await page.getByRole('radio', { name: 'Masuk' }).click();
    await expect.poll(async () => new Set(await types())).toEqual(new Set(['Masuk']));
    await page.getByRole('radio', { name: 'Keluar' }).click();
    await expect.poll(async () => new Set(await types())).toEqual(new Set(['Keluar']));
    await rows.first().getByRole('button').first().click();
    await page.getByTestId('inventory-detail').waitFor();
    await expect.poll(() => page.getByTestId('inventory-detail').textContent()).toContain('Gudang Karawang');
    await page.keyboard.press('Escape');

    await page.goto(appUrl('/hub-activity/11111111-0000-4000-8000-0000000000ff'));
    await page.getByTestId('hub-activity-error').waitFor();
    await expect.poll(() => page.getByTestId('hub-activity-error').textContent()).toContain('Hub not found');
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL(appUrl('/'));
    await context.close();
  });
});
