// Issue 41, point 1: the Urungkan toast never fights a form. Cikarang confirms one truck's
// arrival (its toast offers Urungkan), then opens Selesai Bongkar for another and types the
// receiver's name and a count. A tap on the toast, then on its Urungkan, leaves the receipt
// open with what was typed, and the arrival is undone. On a phone the toast leaves the
// dialog's title and description (which truck, which batch) in view. A tap on the dim edge
// beside the receipt does not throw it away either.
import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, signIn, useBrowser, waitForServiceWorkerControl } from '../support/browser';
import { DEMO_USERS, HUB, TRUCK_VENDOR } from '../support/demo';
import { seriousViolations } from './axe';
import { makeVehicle, openHub, query, shipmentCard, tag, toast, waitFirstSync } from './hub-support';

const browser = useBrowser();

/** A shipment of the test's own bound for Cikarang, in `status`. */
async function shipment(status: 'otw_cikarang' | 'sedang_bongkar') {
  const truck = await makeVehicle({ hubId: HUB.cikarang, flags: { ready: false } });
  const id = randomUUID();
  const batch = `E2E-TST-${tag()}`;
  await query(
    `insert into public.shipments (id, batch_number, vehicle_id, vendor_id, origin_hub_id, destination_hub_id,
                                   current_hub_id, smartboard_quantity, bracket_quantity, status, loading_date, eta,
                                   arrival_gdt)
     values ($1, $2, $3, $4, $5, $6, $6, 4, 3, $7, now() - interval '3 hours', current_date + 1,
             case when $7 = 'sedang_bongkar' then now() - interval '1 hour' end)`,
    [id, batch, truck.id, TRUCK_VENDOR.id, HUB.karawang, HUB.cikarang, status],
  );
  return { id, batch };
}

async function cikarang(viewport: { width: number; height: number }) {
  const context = await newContext(browser() as Browser, { viewport, hasTouch: true });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[cikarang] page error', error));
  await signIn(page, DEMO_USERS.cikarang);
  await waitForServiceWorkerControl(page);
  await waitFirstSync(page);
  return { context, page };
}

const centre = async (target: Locator) => {
  const box = (await target.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

/**
 * Confirm Tiba on `arriving` (its toast offers Urungkan), then Selesai Bongkar on `unloading`
 * with a name and a count typed. The pointer rests on the toast, which holds its timer; the
 * dialog is reached by keys only, so the pointer never leaves it.
 */
async function toastOverReceipt(page: Page, arriving: string, unloading: string) {
  await openHub(page, '/hub-cikarang/otw');
  await shipmentCard(page, arriving).getByRole('button', { name: 'Confirm Tiba' }).click();
  const offer = toast(page, 'Kedatangan berhasil dikonfirmasi');
  await offer.waitFor();
  await offer.hover();
  await page
    .getByTestId('hub-tabs')
    .getByRole('link', { name: /^Sedang Bongkar\s*\d*$/ })
    .press('Enter');
  await shipmentCard(page, unloading).getByRole('button', { name: 'Selesai Bongkar' }).press('Enter');
  const dialog = page.getByTestId('complete-unloading-dialog');
  await dialog.waitFor();
  await dialog.getByLabel('Nama Penerima', { exact: true }).fill('Penerima Toast');
  await dialog.getByLabel('TV diterima', { exact: true }).fill('3');
  return { offer, dialog };
}

/** The receipt is still open and holds what was typed (read after the undo came back). */
async function receiptKept(dialog: Locator) {
  expect(await dialog.isVisible()).toBe(true);
  expect(await dialog.getByLabel('Nama Penerima', { exact: true }).inputValue()).toBe('Penerima Toast');
  expect(await dialog.getByLabel('TV diterima', { exact: true }).inputValue()).toBe('3');
}

const statusOnServer = async (id: string) =>
  (await query<{ status: string }>('select status from public.shipments where id = $1', [id]))[0]!.status;

describe('the Urungkan toast over an open receipt', () => {
  it('a tap on the toast keeps the receipt and its Urungkan undoes the arrival (tablet, 800x1280)', async () => {
    const arriving = await shipment('otw_cikarang');
    const unloading = await shipment('sedang_bongkar');
    const { context, page } = await cikarang({ width: 800, height: 1280 });
    try {
      const { offer, dialog } = await toastOverReceipt(page, arriving.batch, unloading.batch);
      // A tap on the toast's text: nothing happens to the receipt.
      const text = offer.getByText('Kedatangan berhasil dikonfirmasi');
      const at = await centre(text);
      await page.mouse.click(at.x, at.y);
      // Nothing serious is found with the toast over the dialog.
      expect(await seriousViolations(page, { withToast: true })).toEqual([]);
      // Its Urungkan works; once the arrival is undone on the server the receipt is as it was.
      const undo = await centre(offer.getByRole('button', { name: 'Urungkan' }));
      await page.mouse.click(undo.x, undo.y);
      await toast(page, 'Tindakan diurungkan').waitFor();
      await expect.poll(() => statusOnServer(arriving.id), { timeout: 30_000 }).toBe('otw_cikarang');
      await receiptKept(dialog);
      // A tap on the dim edge beside the receipt keeps it too (Batal, X and Esc close it).
      const box = (await dialog.boundingBox())!;
      await page.mouse.click(box.x / 2, box.y + box.height / 2);
      await receiptKept(dialog);
    } finally {
      await context.close();
    }
  });

  it('on a phone (390x844) the toast leaves the dialog title in view, and a tap on it keeps the receipt', async () => {
    const arriving = await shipment('otw_cikarang');
    const unloading = await shipment('sedang_bongkar');
    const { context, page } = await cikarang({ width: 390, height: 844 });
    try {
      const { offer, dialog } = await toastOverReceipt(page, arriving.batch, unloading.batch);
      // The dialog scrolled to the field typed in: back at its top, as it opened.
      await dialog.evaluate((el) => el.scrollTo(0, 0));
      const header = dialog.locator('[data-slot=dialog-header]');
      const [h, o] = [(await header.boundingBox())!, (await offer.boundingBox())!];
      const overlaps = h.y < o.y + o.height && o.y < h.y + h.height && h.x < o.x + o.width && o.x < h.x + h.width;
      expect(overlaps, `toast ${JSON.stringify(o)} over the dialog's header ${JSON.stringify(h)}`).toBe(false);
      expect(await seriousViolations(page, { withToast: true })).toEqual([]);
      const undo = await centre(offer.getByRole('button', { name: 'Urungkan' }));
      await page.touchscreen.tap(undo.x, undo.y);
      await toast(page, 'Tindakan diurungkan').waitFor();
      await expect.poll(() => statusOnServer(arriving.id), { timeout: 30_000 }).toBe('otw_cikarang');
      await receiptKept(dialog);
    } finally {
      await context.close();
    }
  });
});
