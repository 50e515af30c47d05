// Issue 30: the hub operations screen's frame and queue side in English. A Cikarang hub user
// chooses English on the sign-in page (a hub user has no Settings); the hub's title, tabs, toolbar, today's dock times, the Siap
// Muat card (its step, badge and dock time), Tambah ke Antrian (queueing one truck, its toast)
// and Tambah Kendaraan read English, and no Indonesian-only text of the hub-ops catalogue is on
// the page (values that differ between the languages, longer than 5 characters; of a template,
// its literal parts).
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { hubOpsEn } from '../../src/lib/i18n/hub-ops-en';
import { hubOpsId } from '../../src/lib/i18n/hub-ops-id';
import { useBrowser, watchedDevice } from '../support/browser';
import { DEMO_USERS, HUB, TRUCK_TYPE } from '../support/demo';
import { signInInEnglish } from './language-support';
import { seriousViolations } from './axe';
import { openHub, query, tag, toast, vehicleCard, waitSynced } from './hub-support';
import { leaves, type Tree } from '../support/catalogue';

const browser = useBrowser();

/**
 * What only the Indonesian catalogue says: its texts unlike English's, longer than 5 characters;
 * a template's literal parts (`parts`), found inside a text, the others as a whole text.
 */
function indonesianOnly(): { whole: string[]; parts: string[] } {
  const ids = leaves(hubOpsId as unknown as Tree);
  const ens = leaves(hubOpsEn as unknown as Tree);
  const whole = new Set<string>();
  const parts = new Set<string>();
  for (const [key, text] of ids) {
    if (text === ens.get(key)) continue;
    if (!text.includes('{{')) {
      if (text.length > 5) whole.add(text);
      continue;
    }
    for (const part of text.split(/\{\{\w+\}\}/)) if (part.trim().length > 5) parts.add(part.trim());
  }
  return { whole: [...whole], parts: [...parts] };
}

const T = tag();
const vendor = { id: randomUUID(), name: `PT Bahasa Antrian ${T}` };
const queued = { id: randomUUID(), plate: `LQ ${T}` };
const free = { id: randomUUID(), plate: `LF ${T}` };

beforeAll(async () => {
  await query('insert into public.vendors (id, name) values ($1, $2)', [vendor.id, vendor.name]);
  const now = new Date().toISOString();
  for (const [truck, siapMuat] of [
    [queued, true],
    [free, false],
  ] as const) {
    await query(
      `insert into public.vehicles (id, license_plate, vehicle_type_id, vendor_id, driver_name, current_hub_id,
                                    ready, siap_muat, sedang_muat, is_active, queued_at)
       values ($1, $2, $3, $4, $5, $6, not $7, $7, false, true, $8)`,
      [
        truck.id,
        truck.plate,
        TRUCK_TYPE,
        vendor.id,
        `Sopir ${T}`,
        HUB.cikarang,
        siapMuat,
        siapMuat ? now : null,
      ],
    );
  }
});

afterAll(async () => {
  await query(
    `update public.vehicles set siap_muat = false, sedang_muat = false, is_active = false where id = any($1)`,
    [[queued.id, free.id]],
  );
});

/**
 * The page's texts: every text node and accessible name or hint in attributes, each whole (the
 * data inside them, e.g. a shipping line 'Pelayaran E2E' of another test's container, is no label),
 * but shipments' status labels (data).
 */
const pageTexts = (page: Page) =>
  page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // A shipment's status label is the statuses table's (data, the admin's words).
      if (node.parentElement?.closest('[data-testid=shipment-status]')) continue;
      const text = node.textContent?.trim();
      if (text) texts.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = el.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });

async function noIndonesian(page: Page): Promise<void> {
  const texts = await pageTexts(page);
  const { whole, parts } = indonesianOnly();
  const found = [
    ...whole.filter((value) => texts.includes(value)),
    ...parts.filter((part) => texts.some((text) => text.includes(part))),
  ];
  expect(found).toEqual([]);
}

describe('the hub queue in English', () => {
  it('shows the queue tab, Tambah ke Antrian and Tambah Kendaraan in English', async () => {
    // A hub user has no Settings: the device's language is chosen on the sign-in page.
    const { context, page, errors } = await watchedDevice(browser(), { hasTouch: true });
    await signInInEnglish(page, DEMO_USERS.cikarang);
    await waitSynced(page);

    await openHub(page, '/hub-cikarang/ready');
    const tabs = page.getByTestId('hub-tabs');
    await page.getByRole('navigation', { name: 'Hub Cikarang tabs' }).waitFor();
    await tabs.getByRole('link', { name: /^Ready to Load\s*\d*$/ }).waitFor();
    await tabs.getByRole('link', { name: /^Confirm Arrival\s*\d*$/ }).waitFor();
    await page.getByTestId('dock-time-summary').getByText(hubOpsEn.dock.today).waitFor();
    const card = vehicleCard(page, queued.plate);
    await card.getByRole('button', { name: en.lib.commands.start_loading }).waitFor();
    await expect.poll(() => card.getByTestId('vehicle-badge').textContent()).toBe('Ready to Load');
    await expect.poll(() => card.getByTestId('dock-times').textContent()).toMatch(/^Queue \d+ (sec|min)/);
    await card.getByRole('button', { name: `More actions for ${queued.plate}` }).waitFor();
    await noIndonesian(page);
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

    // Tambah ke Antrian: queue the free truck; the toast in English.
    await page.getByRole('button', { name: 'Add to Queue' }).click();
    const dialog = page.getByTestId('add-to-queue-dialog');
    await dialog.getByRole('heading', { name: 'Add to Queue' }).waitFor();
    await dialog.getByLabel('Search vehicles').fill(free.plate);
    await dialog.getByText('Vehicles ready (0 chosen)').waitFor();
    await dialog.locator(`label[data-plate="${free.plate}"]`).click();
    await dialog.getByRole('button', { name: 'Add to queue (1)' }).waitFor();
    await noIndonesian(page);
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
    await dialog.getByRole('button', { name: 'Add to queue (1)' }).click();
    await dialog.waitFor({ state: 'detached' });
    await toast(page, '1 vehicle(s) added to the queue successfully').waitFor();
    await vehicleCard(page, free.plate).waitFor();

    // Tambah Kendaraan: Land and Sea, the truck's fields.
    await page.getByRole('button', { name: 'Add Vehicle' }).click();
    const add = page.getByTestId('add-vehicle-dialog');
    await add.getByRole('heading', { name: 'Add Vehicle' }).waitFor();
    await add.getByRole('radio', { name: 'Land' }).waitFor();
    await add.getByLabel('License Plate').waitFor();
    await add.getByLabel('Driver Name (Optional)').waitFor();
    await add.getByRole('button', { name: 'Add Vehicle Type' }).waitFor();
    await noIndonesian(page);
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
  });
});
