// Issue 29: a device mid-first-sync shows no false facts. Its shipments, inventory and stock
// balances (issue 26: the stock figures' table) are held back (their pull answers wait until
// the test releases them), so the dashboard, Inventory
// Master, In-Transit, Hub Activity, POD and a hub's tab must show skeletons, never a 0 stock, a
// 0 total or a "tidak ada ..." empty state; once released, the real figures appear (this test's
// own warehouse with its stock).
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, newContext, signIn, useBrowser } from '../support/browser';
import { leaveOutOfOneRequest } from '../support/first-sync-route';
import { DEMO_USERS, HUB } from '../support/demo';
import { makeWarehouse, query, tag } from './hub-support';

const browser = useBrowser();

/** The tables whose pull answers are held while the screens are checked. */
const HELD_TABLES = ['shipments', 'inventory', 'stock_balances'];

/**
 * From the page's first script on, every figure or empty state the screens render while the
 * test watches: while the tables are held, any of them is a false fact.
 */
function recordFalseFacts() {
  const w = window as unknown as { __facts: string[]; __watching: boolean };
  w.__facts = [];
  w.__watching = true;
  const selector = [
    // Dashboard: the In-Transit card, the hub cards, the POD cards.
    'in-transit-shipments',
    'in-transit-tv',
    'in-transit-bracket',
    'hub-stock-tv',
    'hub-stock-bracket',
    'hub-flow-incoming',
    'pod-otw',
    'pod-tv',
    // Inventory Master: the summary and the warehouse cards.
    'summary-warehouses',
    'summary-tv',
    'summary-bracket',
    'warehouse-tv',
    // In-Transit: the totals.
    'total-shipments',
    'total-tv',
    'total-bracket',
    // Hub Activity: the hub's stock.
    'stock-tv',
    'stock-bracket',
    // Empty states.
    'empty-state',
  ]
    .map((id) => `[data-testid="${id}"]`)
    .concat(
      '[data-testid$="-empty"]',
      '[data-testid^="pod-empty-"]',
      '[data-testid="summary-in-transit"] .tabular-nums',
    )
    .join(', ');
  new MutationObserver(() => {
    if (!w.__watching) return;
    for (const el of document.querySelectorAll(selector)) {
      const fact = `${el.closest('[data-testid]')?.getAttribute('data-testid')}: ${el.textContent?.trim()}`;
      if (!w.__facts.includes(fact)) w.__facts.push(fact);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

const falseFacts = (page: Page) => page.evaluate(() => (window as unknown as { __facts: string[] }).__facts);

/** The empty-state texts of the screens checked ("Tidak ada ...", "Belum ada ...", "Riwayat kosong"). */
const NONE_TEXT = /tidak ada|belum ada|kosong/i;

const number = (text: string | null) => Number((text ?? '').replace(/\D+/g, ''));

describe('a device mid-first-sync', () => {
  const name = `Gudang Sinkron ${tag()}`;
  let warehouseId = '';

  beforeAll(async () => {
    // This test's own warehouse (no hub: the dashboard's hub figures stay as they were) with stock.
    warehouseId = await makeWarehouse(name);
    await query(
      `insert into public.inventory (warehouse_id, date_recorded, smartboard_quantity, bracket_quantity, batch_number)
       values ($1, current_date, 37, 12, $2)`,
      [warehouseId, `E2E-SINKRON-${name.slice(-8)}`],
    );
  });

  afterAll(async () => {
    if (warehouseId) await query(`update public.warehouses set deleted = true where id = $1`, [warehouseId]);
  });

  it('shows no 0 stock and no empty-state text until its tables arrive, then the real figures', async () => {
    const context = await newContext(browser());
    const held: Route[] = [];
    let release = false;
    // Their first batches out of first_sync's answer: they come by pull_changes, held here.
    await leaveOutOfOneRequest(context, (table) => HELD_TABLES.includes(table));
    await context.route('**/rest/v1/rpc/pull_changes', (route) => {
      const table = (route.request().postDataJSON() as { p_table?: string } | null)?.p_table ?? '';
      if (release || !HELD_TABLES.includes(table)) return route.continue();
      held.push(route);
    });
    await context.addInitScript(recordFalseFacts);
    const page = await context.newPage();
    try {
      await signIn(page, DEMO_USERS.admin);

      // Dashboard: the first sync is under way, its shipments held.
      await page.getByTestId('first-sync').waitFor();
      await expect.poll(() => held.length).toBeGreaterThan(0);
      await page.getByTestId('in-transit-card').waitFor();
      expect(await falseFacts(page)).toEqual([]);
      await page.getByTestId('status-hub-loading').waitFor();
      await page.getByTestId('pod-cards-loading').waitFor();
      expect(await falseFacts(page)).toEqual([]);
      expect(await page.locator('main').getByText(NONE_TEXT).count()).toBe(0);

      // Inventory Master: the warehouses have arrived, their stock has not.
      await page.goto(appUrl('/inventory'));
      await page.locator('main h1', { hasText: 'Inventory Master' }).waitFor();
      await page.getByTestId('first-sync').waitFor();
      await expect
        .poll(() => page.locator('[data-testid=inventory-page] [data-slot=skeleton]').count())
        .toBeGreaterThan(0);
      expect(await falseFacts(page)).toEqual([]);
      expect(await page.getByTestId('warehouse-card').count()).toBe(0);

      // In-Transit: no totals and no "Tidak ada pengiriman dalam perjalanan."
      await page.goto(appUrl('/in-transit-detail'));
      await page.getByTestId('in-transit-table-loading').waitFor();
      await page.getByTestId('first-sync').waitFor();
      expect(await falseFacts(page)).toEqual([]);
      expect(await page.locator('main').getByText(NONE_TEXT).count()).toBe(0);

      // Hub Activity: the hub has arrived, its stock and movements have not.
      await page.goto(appUrl(`/hub-activity/${HUB.karawang}`));
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).not.toBe('…');
      await page.getByTestId('activity-table-loading').waitFor();
      expect(await falseFacts(page)).toEqual([]);
      expect(await page.locator('main').getByText(NONE_TEXT).count()).toBe(0);

      // POD and a hub's operations tab (OTW into Cikarang): no "Tidak ada ..." yet.
      await page.goto(appUrl('/pod'));
      await page.getByTestId('pod-loading-otw').waitFor();
      expect(await falseFacts(page)).toEqual([]);
      expect(await page.locator('main').getByText(NONE_TEXT).count()).toBe(0);
      await page.goto(appUrl('/hub-cikarang'));
      await page.locator('[data-testid=hub-operations]:not([data-hub-id=""])').waitFor();
      await page.getByTestId('empty-state-loading').first().waitFor();
      expect(await falseFacts(page)).toEqual([]);
      expect(await page.locator('main').getByText(NONE_TEXT).count()).toBe(0);

      // Released: the first sync finishes and the real figures replace the skeletons.
      await page.evaluate(() => {
        (window as unknown as { __watching: boolean }).__watching = false;
      });
      release = true;
      // Routes of the pages left behind may be gone with them.
      for (const route of held.splice(0)) await route.continue().catch(() => undefined);
      await page.goto(appUrl('/in-transit-detail'));
      await page.getByTestId('total-shipments').waitFor({ timeout: 60_000 });
      await expect.poll(() => page.getByTestId('in-transit-table-loading').count()).toBe(0);
      expect(await page.getByTestId('total-shipments').textContent()).toMatch(/^\d[\d.]*$/);

      await page.goto(appUrl('/inventory'));
      const mine = page.locator(`[data-testid=warehouse-card][data-name="${name}"]`);
      await expect
        .poll(() => mine.getByTestId('warehouse-tv').textContent(), { timeout: 60_000 })
        .toBe('TV Stock: 37');
      expect(await mine.getByTestId('warehouse-bracket').textContent()).toBe('Bracket Stock: 12');
      expect(number(await page.getByTestId('summary-tv').textContent())).toBeGreaterThanOrEqual(37);

      await page.goto(appUrl('/'));
      await page.locator('[data-testid=dashboard][data-ready=true]').waitFor({ timeout: 60_000 });
      await page.getByTestId('in-transit-shipments').waitFor();
      expect(await page.getByTestId('hub-stock-tv').count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  }, 180_000);
});
