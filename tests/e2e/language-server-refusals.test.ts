// Issue 39 acceptance: a refusal from the server is shown in English on an English device
// through its key, for one refusal of each command family. Each device chooses English on the
// sign-in page, acts offline on rows of this file's own, and meanwhile the server's state changes
// (SQL, or tower control confirming first over HTTP); back online the server refuses the queued
// command with a key and its parameters, and the toast, the rejections alert and the sync panel
// say it in English, exactly as `en.server` renders it, and nowhere in Indonesian.
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { id as catalogue } from '../../src/lib/i18n/id';
import { hubOpsEn } from '../../src/lib/i18n/hub-ops-en';
import { hubShippingEn } from '../../src/lib/i18n/hub-shipping-en';
import { serialScanEn } from '../../src/lib/i18n/serial-scan-en';
import { as } from '../integration/commands-support';
import {
  appUrl,
  newContext,
  signIn,
  trackPageErrors,
  useBrowser,
  waitForServiceWorkerControl,
} from '../support/browser';
import { render, type MessageParams } from '../support/catalogue';
import { DEMO_USERS, HUB, TRUCK_VENDOR, type DemoUser } from '../support/demo';
import {
  choose,
  closeSyncPanel,
  eventually,
  makeOtwShipment,
  makeVehicle,
  openHub,
  query,
  shipmentCard,
  tag,
  toast,
  vehicleCard,
  waitFirstSync,
  waitOffline,
  waitSynced,
} from './hub-support';
import { chooseEnglish } from './language-support';
import { shownText } from './shown-text';

const browser = useBrowser();
const T = tag();
const arriving = { id: randomUUID(), batch: `E2E-LSR-OTW-${T}` };
const undoing = { id: randomUUID(), batch: `E2E-LSR-UND-${T}` };
const departing = `E2E-LSR-DRT-${T}`;
const vendorName = `PT Kunci Bahasa ${T}`;
const registeredElsewhere = `E2E-LSR-SN-${T}`;
let trackedBefore = false;
let toQueue: { id: string; plate: string };
let loaded: { id: string; plate: string };

beforeAll(async () => {
  toQueue = await makeVehicle({ hubId: HUB.karawang });
  loaded = await makeVehicle({ hubId: HUB.karawang, flags: { ready: false, sedang_muat: true } });
  for (const shipment of [arriving, undoing]) await makeOtwShipment(shipment);
  const [hub] = await query<{ serial_tracking: boolean }>(
    'select serial_tracking from public.hubs where id = $1',
    [HUB.karawang],
  );
  trackedBefore = hub!.serial_tracking;
});

afterAll(async () => {
  await query('update public.hubs set serial_tracking = $2 where id = $1', [HUB.karawang, trackedBefore]);
  // Other files read the hubs' tabs: this file's trucks and shipments leave them.
  await query('delete from public.shipments where id = any($1) or batch_number = $2', [
    [arriving.id, undoing.id],
    departing,
  ]);
  await query(
    'update public.vehicles set siap_muat = false, sedang_muat = false, is_active = false where id = any($1)',
    [[toQueue.id, loaded.id]],
  );
});

/** A touch tablet whose user chose English on the sign-in page, signed in and first-synced. */
async function englishTablet(
  user: DemoUser,
): Promise<{ context: BrowserContext; page: Page; errors: Error[] }> {
  const context = await newContext(browser(), { hasTouch: true });
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  await page.goto(appUrl('/auth'));
  await chooseEnglish(page, page.locator('body'));
  await signIn(page, DEMO_USERS[user]);
  await waitForServiceWorkerControl(page);
  await waitFirstSync(page, en.sync.never);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  return { context, page, errors };
}

async function offline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await waitOffline(page);
}

/**
 * Back online: the server refuses the queued command by `key` with `params` (its trail says so;
 * `payload` narrows the trail to this test's command where `params` could be another test's too),
 * and the device says it in English, in the toast, the rejections alert and the sync panel;
 * the Indonesian sentence is nowhere on the page. Each is found by a parameter (a plate, a batch,
 * a name: the same in both languages), then read whole.
 */
async function refusedInEnglish(
  context: BrowserContext,
  page: Page,
  key: string,
  params: MessageParams,
  payload: Record<string, string> = {},
) {
  const english = render(en.server, key, params);
  const indonesian = render(catalogue.server, key, params);
  expect(english).not.toBe(indonesian);
  const mark = Object.values(params).find((value) => typeof value === 'string');
  if (typeof mark !== 'string') throw new Error(`no text parameter to find ${key} by`);
  await context.setOffline(false);
  // The toast first: it goes by itself after a few seconds.
  const shown = toast(page, mark);
  await shown.waitFor({ timeout: 60_000 });
  expect(await shown.locator('[data-description]').textContent()).toBe(english);
  const listed = page.getByTestId('rejection-message').filter({ hasText: mark });
  await listed.waitFor();
  expect(await listed.textContent()).toBe(english);
  await waitSynced(page);

  const trail = await query<{ message: string }>(
    `select message from public.commands
     where outcome = 'rejected' and message_key = $1 and message_params @> $2::jsonb and payload @> $3::jsonb`,
    [key, JSON.stringify(params), JSON.stringify(payload)],
  );
  expect(trail.map((row) => row.message)).toEqual([indonesian]);

  await page.getByTestId('sync-indicator').click();
  const inPanel = page
    .getByRole('list', { name: en.sync.rejectedActions })
    .getByRole('listitem')
    .filter({ hasText: mark });
  await inPanel.waitFor();
  expect(await inPanel.locator('p').first().textContent()).toBe(english);
  expect(await shownText(page)).not.toContain(indonesian);
  await closeSyncPanel(page);
  return english;
}

describe('a refusal from the server on an English device', () => {
  it('Karawang: a truck queued offline that is no longer ready; a darat shipment with a truck made inactive', async () => {
    const { context, page, errors } = await englishTablet('karawang');

    // The vehicle queue: Add to Queue offline; meanwhile the truck is taken off ready.
    await openHub(page, '/hub-karawang/ready');
    await offline(context, page);
    await page.getByRole('button', { name: hubOpsEn.page.toolbar.queue }).click();
    const dialog = page.getByTestId('add-to-queue-dialog');
    await choose(page, 'queue-vendor', TRUCK_VENDOR.name);
    await dialog.getByTestId('queue-search').fill(toQueue.plate);
    await dialog.locator(`label[data-plate="${toQueue.plate}"]`).click();
    await dialog.getByTestId('queue-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await vehicleCard(page, toQueue.plate).getByTestId('pending-badge').waitFor();
    await query('update public.vehicles set ready = false where id = $1', [toQueue.id]);
    const notReady = await refusedInEnglish(context, page, 'vehicleNotReady', { plate: toQueue.plate });
    expect(notReady).toBe(`Vehicle ${toQueue.plate} is not ready to be queued.`);
    await expect.poll(() => vehicleCard(page, toQueue.plate).count()).toBe(0);

    // Shipping: Finish Loading and the darat form offline; meanwhile the truck is made inactive.
    await openHub(page, '/hub-karawang/loading');
    await offline(context, page);
    await vehicleCard(page, loaded.plate)
      .getByRole('button', { name: en.lib.commands.finish_loading })
      .click();
    const form = page.getByTestId('shipping-dialog');
    await form.locator('[data-testid=origin-stock][data-ready=true]').waitFor();
    await choose(page, 'darat-destination', /Gudang Cikarang/);
    await form.locator('#darat-batch').fill(departing);
    await form.locator('#darat-smartboard').fill('1');
    await form.locator('#darat-bracket').fill('1');
    await form.getByTestId('shipping-submit').click();
    await form.getByRole('button', { name: hubShippingEn.summary.confirmSend }).click();
    await form.waitFor({ state: 'detached' });
    // The surat jalan step that follows, closed.
    const suratJalan = page.getByTestId('surat-jalan-dialog');
    await suratJalan
      .locator('[data-slot=dialog-footer]')
      .getByRole('button', { name: en.common.close, exact: true })
      .click();
    await suratJalan.waitFor({ state: 'detached' });
    await shipmentCard(page, departing).getByTestId('pending-badge').waitFor();
    await query('update public.vehicles set is_active = false where id = $1', [loaded.id]);
    const inactive = await refusedInEnglish(context, page, 'vehicleInactive', { plate: loaded.plate });
    expect(inactive).toBe(`Vehicle ${loaded.plate} is not active.`);
    await expect.poll(() => shipmentCard(page, departing).count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('Cikarang: an arrival confirmed offline that tower control confirmed first; an Undo offline of an arrival unloaded meanwhile', async () => {
    const { context, page, errors } = await englishTablet('cikarang');
    await openHub(page, '/hub-cikarang/otw');
    const card = shipmentCard(page, arriving.batch);
    await offline(context, page);
    await card.getByRole('button', { name: en.hubOps.page.tabs.arrival }).click();
    await card.waitFor({ state: 'detached' });

    const first = await (
      await as('tower')
    ).ok('confirm_arrival', { hub_id: HUB.cikarang, shipment_id: arriving.id });
    const [row] = await query<{ when: string }>(
      'select public.dm_format_wib(issued_at) as when from public.commands where id = $1',
      [first.id],
    );
    const when = row!.when;
    // Another file's arrival confirmed first by the tower in the same minute has the same
    // parameters: the trail is narrowed to this shipment's command.
    const conflict = await refusedInEnglish(
      context,
      page,
      'conflictBy',
      { what: { key: 'arrivalAlreadyConfirmed' }, who: DEMO_USERS.tower, when },
      { shipment_id: arriving.id },
    );
    expect(conflict).toBe(`Arrival already confirmed by ${DEMO_USERS.tower} at ${when}`);

    // Undo: Confirm Arrival online (applied), then offline; meanwhile another tablet started
    // unloading; the toast's Undo (held open by hovering it) is queued and refused.
    await shipmentCard(page, undoing.batch)
      .getByRole('button', { name: en.hubOps.page.tabs.arrival })
      .click();
    // The newest (sonner's front toast is first in the DOM): the first arrival's may still show.
    const confirmed = toast(page, en.common.arrivalConfirmed).first();
    await confirmed.hover();
    await eventually(async () => {
      const [shipment] = await query<{ status: string }>(
        'select status from public.shipments where id = $1',
        [undoing.id],
      );
      return shipment?.status === 'confirm_tiba' ? true : undefined;
    });
    await waitSynced(page);
    await offline(context, page);
    await query(
      `update public.shipments set status = 'sedang_bongkar', unloading_started_at = now() where id = $1`,
      [undoing.id],
    );
    await confirmed.getByRole('button', { name: en.lib.commands.undo_command }).click();
    await toast(page, en.lib.undo.undone).waitFor();
    const [label] = await query<{ label: string }>(
      "select label from public.shipment_statuses where key = 'sedang_bongkar'",
    );
    const moved = await refusedInEnglish(context, page, 'undoShipmentMoved', {
      batch: undoing.batch,
      status: label!.label,
    });
    expect(moved).toBe(
      `Cannot undo: shipment ${undoing.batch} has moved on (current status: ${label!.label}).`,
    );

    expect(errors).toEqual([]);
    await context.close();
  });

  it('Karawang: a TV serial put into stock offline that another device registered meanwhile (issue 42)', async () => {
    // Only for this test: the darat form above types its TV count, which serial tracking replaces.
    await query('update public.hubs set serial_tracking = true where id = $1', [HUB.karawang]);
    const { context, page, errors } = await englishTablet('karawang');
    await page.goto(appUrl('/inventory'));
    const stock = page.getByTestId('serial-stock');
    await stock.waitFor();
    await offline(context, page);
    await stock.getByRole('button', { name: serialScanEn.stock.importCsv }).click();
    const importer = page.getByTestId('serial-import-dialog');
    await importer.getByLabel(serialScanEn.importDialog.file).setInputFiles({
      name: 'packing-list.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`serial\r\n${registeredElsewhere}\r\n`),
    });
    await expect.poll(() => importer.getByTestId('serial-import-plan').getAttribute('data-add')).toBe('1');
    await importer.getByRole('button', { name: serialScanEn.importDialog.confirm }).click();
    await stock.getByTestId('serial-draft').getByRole('button', { name: en.common.save }).click();
    await stock.getByTestId('serial-draft').waitFor({ state: 'detached' });
    // Meanwhile an admin registers the same serial at this hub from another device.
    await (
      await as('admin')
    ).ok('register_serials', {
      hub_id: HUB.karawang,
      units: [{ unit_id: randomUUID(), serial: registeredElsewhere }],
    });
    const taken = await refusedInEnglish(context, page, 'serial.alreadyRegistered', {
      serial: registeredElsewhere,
    });
    expect(taken).toBe(`Serial number ${registeredElsewhere} is already registered.`);
    await query('update public.hubs set serial_tracking = $2 where id = $1', [HUB.karawang, trackedBefore]);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin: a vendor added offline whose name another took meanwhile', async () => {
    const { context, page, errors } = await englishTablet('admin');
    await page.goto(appUrl('/vendors'));
    await page.getByTestId('vendors-table').waitFor();
    await offline(context, page);
    await page.getByTestId('add-vendor').click();
    const dialog = page.getByTestId('vendor-dialog');
    await dialog.getByLabel(en.common.vendorName).fill(vendorName);
    await dialog.getByRole('button', { name: en.common.save }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('vendor-link').filter({ hasText: vendorName }).waitFor();
    await query('insert into public.vendors (id, name) values ($1, $2)', [randomUUID(), vendorName]);
    const duplicate = await refusedInEnglish(context, page, 'duplicateVendor', { name: vendorName });
    expect(duplicate).toBe(`Vendor "${vendorName}" already exists.`);

    expect(errors).toEqual([]);
    await context.close();
  });
});
