// Shared by the handover acceptance tests (handover-darat, handover-sea): the steps both take
// in the same way. Loading to the shipping form, the surat jalan made offline, the scan that
// opens the shipment and its arrival steps, the BAST the tablet made, what the server holds
// once the signal is back, tower control resolving the one open discrepancy, and the origin
// hub seeing it resolved.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { appUrl } from '../support/browser';
import type { DemoUser } from '../support/demo';
import { USER_ID } from '../support/demo';
import { pdfText } from '../support/handover-pdf';
import { seriousViolations } from './axe';
import { countShortAndSign, downloadOf } from './handover-flow-support';
import * as hub from './hub-support';

export interface Balance {
  smartboard_quantity: number;
  bracket_quantity: number;
}

/** A warehouse's stored stock on the server. */
export async function balance(warehouseId: string): Promise<Balance> {
  const [row] = await hub.query<Balance>(
    'select smartboard_quantity, bracket_quantity from public.stock_balances where warehouse_id = $1',
    [warehouseId],
  );
  return row ?? { smartboard_quantity: 0, bracket_quantity: 0 };
}

/** Queues `plate` at this hub, Proses Muat (the tab at `loadingUrl`), Selesai Muat: the shipping form, open. */
export async function loadToForm(
  page: Page,
  vendorName: string,
  plate: string,
  loadingUrl: RegExp,
): Promise<Locator> {
  await hub.queueVehicles(page, vendorName, [plate]);
  await hub.vehicleCard(page, plate).getByRole('button', { name: 'Proses Muat' }).click();
  await page.waitForURL(loadingUrl);
  await hub.vehicleCard(page, plate).getByRole('button', { name: 'Selesai Muat' }).click();
  const form = page.getByTestId('shipping-dialog');
  await form.waitFor();
  return form;
}

/**
 * The surat jalan once made on the tablet (axe-clean), and its PDF through Unduh / Bagikan
 * (a download where the browser shares no files: desktop Chromium).
 */
export async function madeSuratJalan(page: Page): Promise<{ dialog: Locator; bytes: Uint8Array }> {
  const dialog = page.locator('[data-testid=surat-jalan-dialog][data-state-doc=made]');
  await dialog.waitFor();
  expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
  return { dialog, bytes: await downloadOf(page, dialog.getByTestId('surat-jalan-share')) };
}

/** The footer's Tutup (the corner's X is named Tutup too). */
export async function closeByFooter(dialog: Locator): Promise<void> {
  await dialog
    .locator('[data-slot=dialog-footer]')
    .getByRole('button', { name: 'Tutup', exact: true })
    .click();
}

/** Waits until the shipment's surat jalan is on the server: its row and its object. */
export async function suratJalanStored(shipmentId: string): Promise<void> {
  await hub.eventually(async () => {
    const [doc] = await hub.query<{ path: string }>(
      `select d.path from public.shipment_documents d join storage.objects o
         on o.bucket_id = 'shipment-documents' and o.name = d.path
       where d.shipment_id = $1 and d.kind = 'surat_jalan'`,
      [shipmentId],
    );
    return doc;
  }, 60_000);
}

/** Signal back at the origin: the shipment and its surat jalan reach the server; the tablet is closed. */
export async function originSynced(
  origin: { context: BrowserContext; page: Page },
  shipmentId: string,
): Promise<void> {
  await origin.context.setOffline(false);
  await hub.waitSynced(origin.page, 90_000);
  await suratJalanStored(shipmentId);
  await origin.context.close();
}

/**
 * The receipt counted two TVs short and signed (countShortAndSign), axe-clean, sent with
 * `submit`; the BAST the tablet makes names the batch, both signers, the shortfall and its note.
 */
export async function receiveShortWithBast(
  page: Page,
  dialog: Locator,
  submit: string,
  batch: string,
  counted: Parameters<typeof countShortAndSign>[2],
): Promise<void> {
  await countShortAndSign(page, dialog, counted);
  expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
  await page.getByTestId(submit).click();
  await expectBast(page, [batch, counted.receiver, counted.driver, 'Kurang', counted.note]);
}

/**
 * The receiving side on the server: its receipt row holds `receipt`, its one discrepancy is
 * two TVs short and open, the BAST, both signatures, the photo and the surat jalan are stored,
 * and the stock booked at `warehouseId` is what was counted. Answers the discrepancy's id.
 */
export async function receivedOnServer(
  shipmentId: string,
  expected: { receipt: Record<string, unknown>; warehouseId: string; before: Balance; booked: Balance },
): Promise<string> {
  const [counted] = await hub.query<Record<string, unknown>>(
    'select * from public.shipment_receipts where shipment_id = $1',
    [shipmentId],
  );
  expect(counted).toMatchObject(expected.receipt);
  const discrepancyId = await openShortOfTwo(shipmentId);
  await expectDocumentsStored(shipmentId);
  await expectBookedAt(shipmentId, expected.warehouseId, expected.before, expected.booked);
  return discrepancyId;
}

/**
 * The receiving tablet goes offline and scans the surat jalan through the camera; the code
 * opens the shipment's own view (`shipmentUrl`, issue 41), whose next step is the one big
 * button: Confirm Tiba, Mulai Bongkar, Selesai Bongkar.
 */
export async function scanAndUnload(context: BrowserContext, page: Page, shipmentUrl: string): Promise<void> {
  await context.setOffline(true);
  await hub.waitOffline(page);
  await page.getByTestId('scan-surat-jalan').click();
  // The camera reads the code within moments: the scanner may be gone before it is seen.
  await page.waitForURL(shipmentUrl, { timeout: 30_000 });
  const next = page.getByTestId('shipment-next');
  await next.getByRole('button', { name: 'Confirm Tiba' }).click();
  await hub.toast(page, 'Kedatangan berhasil dikonfirmasi').waitFor();
  await next.getByRole('button', { name: 'Mulai Bongkar' }).click();
  await hub.toast(page, 'Proses bongkar dimulai').waitFor();
  await next.getByRole('button', { name: 'Selesai Bongkar' }).click();
}

/** The BAST made on the tablet from the counted receipt: its PDF's text holds `expected`; closed, the view says done. */
export async function expectBast(page: Page, expected: string[]): Promise<void> {
  const bast = page.getByTestId('bast-dialog');
  await bast.getByTestId('bast-download').waitFor({ timeout: 30_000 });
  const bastText = await pdfText(await downloadOf(page, bast.getByTestId('bast-download')));
  for (const text of expected) expect(bastText).toContain(text);
  await closeByFooter(bast);
  await page.getByTestId('shipment-view-done').waitFor();
}

/** The shipment's one discrepancy on the server (two TVs short, open); its id. */
export async function openShortOfTwo(shipmentId: string): Promise<string> {
  const discrepancies = await hub.query<Record<string, unknown>>(
    'select * from public.discrepancies where shipment_id = $1',
    [shipmentId],
  );
  expect(discrepancies).toEqual([
    expect.objectContaining({ item: 'smartboard', reason: 'kurang', quantity: 2, status: 'open' }),
  ]);
  return discrepancies[0]!.id as string;
}

/** The BAST, both signatures, the photo and the surat jalan, each stored where its row points. */
export async function expectDocumentsStored(shipmentId: string): Promise<void> {
  const kinds = await hub.eventually(async () => {
    const rows = await hub.query<{ kind: string }>(
      `select d.kind from public.shipment_documents d join storage.objects o
         on o.bucket_id = 'shipment-documents' and o.name = d.path
       where d.shipment_id = $1 order by d.kind`,
      [shipmentId],
    );
    return rows.length >= 5 ? rows.map((r) => r.kind) : undefined;
  }, 60_000);
  expect(kinds).toEqual([
    'bast',
    'discrepancy_photo',
    'signature_driver',
    'signature_receiver',
    'surat_jalan',
  ]);
}

/** The stock booked at `warehouseId` for the shipment is what was counted, and its balance rose by as much. */
export async function expectBookedAt(
  shipmentId: string,
  warehouseId: string,
  before: Balance,
  counted: Balance,
): Promise<void> {
  const stock = await hub.query<Balance>(
    `select coalesce(sum(smartboard_quantity), 0)::int as smartboard_quantity,
            coalesce(sum(bracket_quantity), 0)::int as bracket_quantity
       from public.inventory where shipment_id = $1 and warehouse_id = $2`,
    [shipmentId, warehouseId],
  );
  expect(stock).toEqual([counted]);
  await expect
    .poll(() => balance(warehouseId))
    .toEqual({
      smartboard_quantity: before.smartboard_quantity + counted.smartboard_quantity,
      bracket_quantity: before.bracket_quantity + counted.bracket_quantity,
    });
}

/**
 * Tower control resolves the discrepancy from its dashboard's board (the batch's one row,
 * "Kurang 2 TV") with `note`; the server has it resolved by tower. `axe`: the dialog filled
 * in is checked first.
 */
export async function towerResolves(
  browser: Browser,
  discrepancy: { id: string; batch: string; note: string; axe?: boolean },
): Promise<void> {
  const tower = await hub.tablet(browser, 'tower');
  const page = tower.page;
  await page.goto(appUrl('/'));
  const row = page.locator(
    `[data-testid=discrepancy-board][data-ready=true] [data-testid=discrepancy][data-id="${discrepancy.id}"]`,
  );
  await expect
    .poll(() => row.getByTestId('discrepancy-what').textContent())
    .toBe(`${discrepancy.batch} · Kurang 2 TV`);
  await expect
    .poll(() => page.locator(`[data-testid=discrepancy][data-batch="${discrepancy.batch}"]`).count())
    .toBe(1);
  await row.getByRole('button', { name: /Selesaikan/ }).click();
  const dialog = page.getByTestId('resolve-discrepancy-dialog');
  await dialog.locator('#resolve-note').fill(discrepancy.note);
  if (discrepancy.axe) expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
  await page.getByTestId('resolve-discrepancy-submit').click();
  await hub.toast(page, 'Selisih berhasil diselesaikan').waitFor();
  await expect.poll(() => row.count()).toBe(0);
  await hub.waitSynced(page);
  const [resolved] = await hub.query<{ status: string; resolved_by: string }>(
    'select status, resolved_by from public.discrepancies where id = $1',
    [discrepancy.id],
  );
  expect(resolved).toEqual({ status: 'resolved', resolved_by: USER_ID.tower });
  await tower.context.close();
}

/** The origin hub's tablet, at `path`, shows the discrepancy resolved with `note`. */
export async function originSeesResolved(
  browser: Browser,
  user: DemoUser,
  path: string,
  discrepancy: { id: string; note: string },
): Promise<void> {
  const origin = await hub.tablet(browser, user);
  const page = origin.page;
  await hub.openHub(page, path);
  const section = page.getByTestId('hub-discrepancies');
  await section.locator('summary').click();
  const seen = section.locator(`[data-testid=discrepancy][data-id="${discrepancy.id}"]`);
  await expect.poll(() => seen.getAttribute('data-status')).toBe('resolved');
  await expect
    .poll(() => seen.getByTestId('discrepancy-resolution').textContent())
    .toContain(discrepancy.note);
  await origin.context.close();
}
