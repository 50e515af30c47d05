// Issue 30: tower control's screens in English. Switched in Settings, the Perlu perhatian
// thresholds' dialog, the dashboard (Perlu perhatian with a shipment past its ETA, the charts'
// legends and units, the bell), the header's search, In-Transit with its filter bar and a
// shipment's detail panel, and Hub Activity with a movement's detail panel read in English,
// and none of them shows a text only the Indonesian catalogue of these screens holds.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { id } from '../../src/lib/i18n/id';
import { appUrl, trackPageErrors, useBrowser } from '../support/browser';
import { HUB, TRUCK_TYPE, VENDOR } from '../support/demo';
import { seriousViolations } from './axe';
import { query, scrollToCharts, tablet, tag } from './hub-support';
import { chooseEnglish } from './language-support';
import { shownText } from './shown-text';
import { leaves, type Tree } from '../support/catalogue';

const browser = useBrowser();

/**
 * The texts only the Indonesian catalogue of these screens holds: of each value that differs
 * in English, its literal parts (between {{placeholders}}) longer than 5 characters.
 */
function indonesianOnly(): string[] {
  const idTower = leaves(id.tower as unknown as Tree);
  const enTower = leaves(en.tower as unknown as Tree);
  const english = [...enTower.values()];
  const texts = new Set<string>();
  for (const [key, text] of idTower) {
    if (enTower.get(key) === text) continue;
    for (const part of text.split(/\{\{\w+\}\}/)) {
      const literal = part.trim().replace(/^[,.:;]\s*/, '');
      if (literal.length > 5 && !english.some((e) => e.includes(literal))) texts.add(literal);
    }
  }
  return [...texts];
}

/** Data in the users' words (status labels, hub and warehouse names): not checked. */
async function dataTexts(): Promise<string[]> {
  const rows = await query<{ text: string }>(
    `select label as text from public.shipment_statuses
     union all select name from public.hubs
     union all select name from public.warehouses`,
  );
  return rows.map((r) => r.text);
}

async function expectNoIndonesian(page: Page, where: string, data: readonly string[]): Promise<void> {
  const text = await shownText(page);
  const found = indonesianOnly().filter((t) => text.includes(t) && !data.some((d) => d.includes(t)));
  expect(found, where).toEqual([]);
}

async function makeLateShipment(): Promise<{ id: string; batch: string }> {
  const t = tag();
  const vehicleId = randomUUID();
  await query(
    `insert into public.vehicles (id, license_plate, vehicle_type_id, vendor_id, driver_name, current_hub_id, ready, siap_muat, sedang_muat, is_active)
     values ($1, $2, $3, $4, $5, $6, false, false, false, true)`,
    [vehicleId, `EN ${t}`, TRUCK_TYPE, VENDOR.sinarLogistik.id, `Driver ${t}`, HUB.karawang],
  );
  const shipmentId = randomUUID();
  const batch = `E2E-EN-${t}`;
  await query(
    `insert into public.shipments (id, batch_number, vehicle_id, origin_hub_id, destination_hub_id, current_hub_id,
       smartboard_quantity, bracket_quantity, status, loading_date, eta, selesai_bongkar)
     values ($1, $2, $3, $4, $5, $4, 3, 1, 'otw_cikarang', now() - interval '4 days', current_date - 3, false)`,
    [shipmentId, batch, vehicleId, HUB.karawang, HUB.cikarang],
  );
  return { id: shipmentId, batch };
}

describe("tower control's screens in English", () => {
  it('dashboard, Perlu perhatian, search, In-Transit and Hub Activity read in English', async () => {
    const shipment = await makeLateShipment();
    const labels = await dataTexts();
    const { context, page } = await tablet(browser(), 'admin');
    const errors = trackPageErrors(page);

    // Settings: English, and the thresholds of Perlu perhatian in English.
    await page.goto(appUrl('/settings'));
    await page.getByTestId('settings-page').waitFor();
    await chooseEnglish(page, page.getByTestId('settings-language'));
    const card = page.getByTestId('settings-attention');
    await expect.poll(() => card.textContent()).toContain(en.tower.attentionSettings.title);
    await card.getByRole('button', { name: en.tower.attentionSettings.change }).click();
    const dialog = page.getByTestId('attention-settings-dialog');
    await dialog.getByText(en.tower.attentionSettings.etaGraceField).waitFor();
    await expectNoIndonesian(page, 'settings', labels);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The dashboard: Perlu perhatian names the late shipment in English; the charts' legends and units.
    await page.goto(appUrl('/'));
    await page.locator('[data-testid=dashboard][data-ready=true]').waitFor();
    const item = page.locator(`[data-testid=attention-item][data-id="${shipment.id}"]`).first();
    await item.waitFor();
    await expect
      .poll(() => item.textContent())
      .toContain(`${en.tower.attention.kinds.eta}: ${shipment.batch}`);
    expect(await page.getByTestId('attention-board').textContent()).toContain(en.tower.attention.title);
    await scrollToCharts(page);
    const stock = page.getByTestId('hub-chart-stock');
    await stock.locator('.recharts-legend-item').first().waitFor();
    expect(
      (await stock.locator('.recharts-legend-item-text').allTextContents()).map((t) => t.trim()),
    ).toEqual([en.tower.dashboard.stockTv, en.tower.dashboard.stockBracket]);
    expect((await stock.locator('.recharts-label').allTextContents()).map((t) => t.trim())).toEqual([
      en.tower.chart.stockUnit,
    ]);
    const flow = page.getByTestId('hub-chart-flow');
    expect((await flow.locator('.recharts-legend-item-text').allTextContents()).map((t) => t.trim())).toEqual(
      [en.tower.dashboard.incoming, en.tower.dashboard.outgoing],
    );
    expect(await page.locator('main').textContent()).toContain(en.tower.dashboard.statusHub);
    await expectNoIndonesian(page, 'dashboard', labels);
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

    // The bell: Perlu perhatian in English.
    await page.getByTestId('notification-badge').click();
    const bell = page.getByTestId('notifications-attention');
    await bell.waitFor();
    expect(await bell.textContent()).toContain(en.tower.attention.title);
    await expectNoIndonesian(page, 'bell', labels);
    await page.keyboard.press('Escape');
    await bell.waitFor({ state: 'detached' });
    // Closed, the list hands the focus back to the bell a moment later (Radix, after a 0 ms
    // timer): on a loaded machine that lands after the search is filled, and the search's
    // results close as the focus leaves it. The search is filled once the bell has it.
    await page.locator('[data-testid=notification-badge]:focus').waitFor();

    // The header's search finds the shipment and opens its detail panel on In-Transit.
    const search = page.getByTestId('global-search');
    await expect(search.getAttribute('placeholder')).resolves.toBe(en.tower.search.placeholder);
    await search.fill(shipment.batch);
    const hit = page.getByTestId('search-hit').filter({ hasText: shipment.batch }).first();
    await hit.waitFor();
    await expectNoIndonesian(page, 'search', labels);
    await hit.click();
    const detail = page.getByTestId('shipment-detail');
    await detail.getByRole('heading', { name: en.tower.detail.title }).waitFor();
    await expect.poll(() => detail.textContent()).toContain(en.common.loadingDate);
    expect(await detail.textContent()).toContain(en.tower.correction.correctCounts);
    await expectNoIndonesian(page, 'shipment detail', labels);
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    const filters = page.getByTestId('in-transit-filters');
    expect(await filters.textContent()).toContain(en.tower.filters.reset);
    await expect.poll(() => page.locator('h1').textContent()).toBe(en.tower.inTransit.title);
    expect(await page.locator('main').textContent()).toContain(en.tower.inTransit.totalShipments);
    await expectNoIndonesian(page, 'in-transit', labels);

    // Hub Activity (Karawang) and a movement's detail panel.
    await page.goto(appUrl(`/hub-activity/${HUB.karawang}`));
    await page.getByTestId('activity-table-row').first().waitFor();
    expect(await page.getByTestId('hub-activity').textContent()).toContain(en.tower.activity.totalTv);
    await page.getByTestId('activity-table-row').first().click();
    const movement = page.getByTestId('inventory-detail');
    await movement.getByRole('heading', { name: en.tower.activity.detailTitle }).waitFor();
    expect(await movement.textContent()).toContain(en.common.warehouse);
    await expectNoIndonesian(page, 'hub activity', labels);

    expect(errors).toEqual([]);
    await context.close();
  });
});
