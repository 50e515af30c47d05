// Issue 30: the hub screen's shipping side in English. A Cikarang hub user (an Android tablet,
// a fake rear camera) chooses English on the sign-in page (a hub user has no Settings); the OTW
// tab's shipment card (its step, notes and dates), the Sedang Bongkar tab (Selesai and the
// Selesai Bongkar dialog), the shipping form of a loaded truck (origin stock, images, the camera
// dialog, the summary before sending) read English, as does a PolSub user's shipment form with
// its messages; and no Indonesian-only text of the hub-shipping catalogue is on the page (values
// that differ between the languages, longer than 5 characters; of a template, its literal parts).
// Status badges and notes are data and left out of the check.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubShippingEn } from '../../src/lib/i18n/hub-shipping-en';
import { hubShippingId } from '../../src/lib/i18n/hub-shipping-id';
import { hubOpsEn } from '../../src/lib/i18n/hub-ops-en';
import { en } from '../../src/lib/i18n/en';
import { useBrowser, watchedDevice } from '../support/browser';
import { DEMO_USERS, HUB, TRUCK_VENDOR } from '../support/demo';
import * as language from './language-support';
import { seriousViolations } from './axe';
import * as hub from './hub-support';
import { shownText } from './shown-text';
import { leaves, type Tree } from '../support/catalogue';

// A fake camera, allowed without asking.
const browser = useBrowser({
  extraArgs: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
});
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/** What only the Indonesian catalogue says: its texts (a template's literal parts) unlike English's. */
function indonesianOnly(): string[] {
  const ids = leaves(hubShippingId as unknown as Tree);
  const ens = leaves(hubShippingEn as unknown as Tree);
  const texts = new Set<string>();
  for (const [key, text] of ids) {
    if (text === ens.get(key)) continue;
    for (const part of text.split(/\{\{\w+\}\}/)) if (part.trim().length > 5) texts.add(part.trim());
  }
  return [...texts];
}

const T = hub.tag();
const otw = { id: randomUUID(), batch: `E2E-LHS-OTW-${T}`, notes: `Catatan uji ${T}` };
const unloading = { id: randomUUID(), batch: `E2E-LHS-BKR-${T}` };
let loaded: { id: string; plate: string };
let fleet: { id: string; plate: string };
let carriers: string[] = [];

beforeAll(async () => {
  loaded = await hub.makeVehicle({ hubId: HUB.cikarang, flags: { ready: false, sedang_muat: true } });
  fleet = await hub.makeVehicle({ hubId: HUB.polsub, sea: true, flags: { ready: false, sedang_muat: true } });
  const a = await hub.makeVehicle({ hubId: HUB.karawang, flags: { ready: false } });
  const b = await hub.makeVehicle({ hubId: HUB.cikarang, flags: { ready: false } });
  carriers = [a.id, b.id];
  await hub.query(
    `insert into public.shipments (id, batch_number, vehicle_id, vendor_id, origin_hub_id, destination_hub_id,
                                   current_hub_id, smartboard_quantity, bracket_quantity, status, loading_date, eta, notes)
     values ($1, $2, $3, $4, $5, $6, $5, 5, 3, 'otw_cikarang', now() - interval '3 hours', current_date + 1, $7)`,
    [otw.id, otw.batch, a.id, TRUCK_VENDOR.id, HUB.karawang, HUB.cikarang, otw.notes],
  );
  await hub.query(
    `insert into public.shipments (id, batch_number, vehicle_id, vendor_id, origin_hub_id, destination_hub_id,
                                   current_hub_id, smartboard_quantity, bracket_quantity, status, loading_date,
                                   arrival_gdt, unloading_started_at)
     values ($1, $2, $3, $4, $5, $6, $6, 4, 2, 'sedang_bongkar', now() - interval '5 hours',
             now() - interval '2 hours', now() - interval '1 hour')`,
    [unloading.id, unloading.batch, b.id, TRUCK_VENDOR.id, HUB.karawang, HUB.cikarang],
  );
});

afterAll(async () => {
  await hub.query(
    `update public.vehicles set siap_muat = false, sedang_muat = false, is_active = false where id = any($1)`,
    [[loaded.id, fleet.id, ...carriers]],
  );
});

/** Signed in in English (language-support), its first sync done. */
async function signInInEnglish(page: Page, user: string): Promise<void> {
  await language.signInInEnglish(page, user);
  await hub.waitFirstSync(page, en.sync.never);
}

/** `root`: a part of the page only (a dialog over cards whose data holds Indonesian words). */
async function noIndonesian(page: Page, root = 'body'): Promise<void> {
  // The status badges (the statuses table's) and shipments' notes are data: left out.
  const text = await shownText(
    page.locator(root).first(),
    '[data-testid=shipment-status], [data-testid=shipment-notes]',
  );
  // The lines that hold one, to tell where it is.
  const lines = text.split('\n');
  const found = indonesianOnly().flatMap((t) =>
    lines.filter((line) => line.includes(t)).map((line) => `${t}: ${line}`),
  );
  expect(found).toEqual([]);
}

describe('the hub shipping side in English', () => {
  it('shows the shipment tabs, Selesai Bongkar, the shipping form and the camera in English', async () => {
    const { context, page, errors } = await watchedDevice(browser(), {
      hasTouch: true,
      userAgent: ANDROID_TABLET,
      permissions: ['camera'],
    });
    await signInInEnglish(page, DEMO_USERS.cikarang);

    // OTW: the shipment's step, notes and dates.
    await hub.openHub(page, '/hub-cikarang/otw');
    await page.getByRole('region', { name: en.hubOps.page.tabs.otw }).waitFor();
    const card = hub.shipmentCard(page, otw.batch);
    await card.getByRole('button', { name: 'Confirm Arrival' }).waitFor();
    await expect.poll(() => card.getByTestId('shipment-notes').textContent()).toBe(`Notes: ${otw.notes}`);
    await expect.poll(() => card.getByTestId('shipment-quantities').textContent()).toBe('5 TV · 3 Bracket');
    await expect
      .poll(() => card.getByTestId('shipment-transport').textContent())
      .toMatch(/ · from Hub Karawang$/);
    await card.getByText('ETA:').waitFor();
    await noIndonesian(page);
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

    // Sedang Bongkar: the card's dates and dock times, Selesai below, and the Selesai Bongkar dialog.
    await hub.clickTab(page, hubOpsEn.page.tabs.unloading);
    await page.getByRole('region', { name: en.hubOps.page.tabs.unloading }).waitFor();
    const inUnloading = hub.shipmentCard(page, unloading.batch);
    await inUnloading.getByText('Unloading started:').waitFor();
    await expect.poll(() => inUnloading.getByTestId('dock-times').textContent()).toMatch(/Waiting to unload/);
    await page.getByRole('heading', { name: en.hubOps.page.tabs.done, exact: true }).waitFor();
    await noIndonesian(page);
    await inUnloading.getByRole('button', { name: 'Finish Unloading' }).click();
    const receipt = page.getByTestId('complete-unloading-dialog');
    await receipt.getByRole('heading', { name: en.lib.commands.complete_unloading }).waitFor();
    await expect
      .poll(() => receipt.textContent())
      .toContain(`${unloading.batch}: count the goods that arrived at Hub Cikarang.`);
    await noIndonesian(page);
    await page.keyboard.press('Escape');
    await receipt.waitFor({ state: 'detached' });

    // The loaded truck's shipping form: origin stock, images, the camera, the summary.
    await hub.clickTab(page, hubOpsEn.page.tabs.loading);
    await hub
      .vehicleCard(page, loaded.plate)
      .getByRole('button', { name: en.lib.commands.finish_loading })
      .click();
    const form = page.getByTestId('shipping-dialog');
    await form.getByRole('heading', { name: hubShippingEn.darat.title }).waitFor();
    await form.locator('[data-testid=origin-stock][data-ready=true]').waitFor();
    await expect.poll(() => form.getByTestId('origin-stock').textContent()).toMatch(/^Available stock at /);
    await form.getByLabel('Batch number').waitFor();
    await form.getByText('0/2 images').waitFor();
    await noIndonesian(page);
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

    await form.getByRole('button', { name: 'Camera', exact: true }).click();
    const camera = page.getByTestId('camera-dialog');
    await camera.getByRole('heading', { name: 'Take a Photo' }).waitFor();
    const shoot = camera.getByRole('button', { name: 'Take Photo' });
    await expect.poll(() => shoot.isEnabled()).toBe(true);
    await noIndonesian(page);
    await shoot.click();
    await camera.waitFor({ state: 'detached' });
    const picked = form.getByTestId('picked-image');
    await expect.poll(() => picked.count()).toBe(1);
    await picked.getByText('Not uploaded yet').waitFor();
    await form.getByRole('button', { name: 'Remove Delivery record' }).waitFor();

    await form.getByTestId('darat-destination').click();
    await page
      .getByRole('option', { name: /Gudang/ })
      .first()
      .click();
    await form.getByLabel('Batch number').fill(`E2E-LHS-${T}`);
    // Issue 41: nothing empty leaves; one bracket.
    await form.locator('#darat-bracket').fill('1');
    await form.getByTestId('shipping-submit').click();
    const summary = form.getByTestId('shipping-summary');
    await summary.getByRole('heading', { name: 'Check before sending' }).waitFor();
    await expect.poll(() => summary.textContent()).toContain('Photos1 photo(s)');
    await form.getByRole('button', { name: 'Yes, send' }).waitFor();
    await noIndonesian(page);
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
    // Change goes back to the form; Cancel closes it unsent.
    await form.getByRole('button', { name: 'Change' }).click();
    await summary.waitFor({ state: 'detached' });
    await form.getByRole('button', { name: en.common.cancel, exact: true }).click();
    await form.waitFor({ state: 'detached' });
    const [sent] = await hub.query<{ n: number }>(
      'select count(*)::int as n from public.shipments where batch_number = $1',
      [`E2E-LHS-${T}`],
    );
    expect(sent?.n).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the PolSub shipment form and its messages in English', async () => {
    const { context, page, errors } = await watchedDevice(browser(), { hasTouch: true });
    await signInInEnglish(page, DEMO_USERS.polsub);

    await hub.openHub(page, '/hub-polsub/loading');
    await hub
      .vehicleCard(page, fleet.plate)
      .getByRole('button', { name: en.lib.commands.finish_loading })
      .click();
    const form = page.getByTestId('shipping-dialog');
    await form.getByRole('heading', { name: hubShippingEn.sea.titlePolsub }).waitFor();
    await expect.poll(() => form.getByLabel('Shipping line').inputValue()).toBe('Pelayaran E2E');
    await form.getByLabel('Ship name').waitFor();
    await form.getByLabel('Container number').waitFor();
    await form.getByText('Container photos (1 to 2)').waitFor();
    // Sent empty: the commands' messages (the spec's Indonesian for PolSub) in English.
    await form.getByTestId('shipping-submit').click();
    await expect.poll(() => form.getByTestId('error-polsub-eta').textContent()).toBe('ETA is required');
    await expect
      .poll(() => form.getByTestId('error-polsub-destination').textContent())
      .toBe('Choose a destination');
    await expect
      .poll(() => form.getByTestId('error-polsub-images').textContent())
      .toBe('Please upload at least 1 container image');
    // The dialog's text: behind it, the sea fleet's cards name their shipping line ('Pelayaran E2E').
    await noIndonesian(page, '[data-testid=shipping-dialog]');
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
    await form.getByRole('button', { name: en.common.cancel, exact: true }).click();
    await form.waitFor({ state: 'detached' });

    expect(errors).toEqual([]);
    await context.close();
  });
});
