// Issue 41, counts that mean something: an admin sets Hub Cikarang to blind counting on Hubs;
// Cikarang's Selesai Bongkar receipt then opens with EMPTY counts and no sent count, which shows
// (with the difference) only once the worker has entered what is there. A count of 11 of 12 TVs
// shows on the Selesai card as "11/12 TV · 7 Bracket" with a "Kurang 1 TV" mark, and after sync
// on tower control's dashboard (Cikarang's hub card) and its view of the card. axe at 800x1280 and
// 390x844, in Bahasa Indonesia and English. Cikarang's setting is put back after.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, TABLET_PORTRAIT, useBrowser } from '../support/browser';
import { HUB, SEA_VENDOR, TRUCK_VENDOR, USER_ID, WAREHOUSE } from '../support/demo';
import { png } from '../support/images';
import { seriousViolations } from './axe';
import * as hub from './hub-support';
import { closeBast, signReceipt } from './receive-support';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };
const mine = { id: randomUUID(), batch: `E2E-BLIND-${hub.tag()}` };
// A second truck, unloading: its receipt is opened in English (and left unsaved).
const second = { id: randomUUID(), batch: `E2E-BLIND-${hub.tag()}` };

beforeAll(async () => {
  for (const s of [mine, second]) await makeShipment(s);
});

async function makeShipment(s: { id: string; batch: string }): Promise<void> {
  const truck = await hub.makeVehicle({ hubId: HUB.cikarang, flags: { ready: false } });
  await hub.query(
    `insert into public.shipments (id, batch_number, vehicle_id, vendor_id, origin_hub_id, destination_hub_id,
                                   current_hub_id, smartboard_quantity, bracket_quantity, status, loading_date, eta,
                                   arrival_gdt, unloading_started_at)
     values ($1, $2, $3, $4, $5, $6, $6, 12, 7, 'sedang_bongkar', now() - interval '5 hours', current_date,
             now() - interval '1 hour', now() - interval '30 minutes')`,
    [s.id, s.batch, truck.id, TRUCK_VENDOR.id, HUB.karawang, HUB.cikarang],
  );
}

afterAll(async () => {
  await hub.query('update public.hubs set blind_count = false where id = $1', [HUB.cikarang]);
});

/** axe on the page as it is, at the upright tablet and the phone size. */
async function axeAtBothSizes(page: Page, what: string): Promise<void> {
  for (const size of [TABLET_PORTRAIT, PHONE]) {
    await page.setViewportSize(size);
    expect(await seriousViolations(page, { withoutToasts: true }), `${what} at ${size.width}`).toEqual([]);
  }
}

/** The shipment's card on the Selesai list: what arrived of what was sent, with the mark. */
async function expectSelesaiCard(page: Page): Promise<void> {
  const card = page
    .getByTestId('done-list')
    .locator(`[data-testid=shipment-card][data-batch="${mine.batch}"]`);
  await expect.poll(() => card.getByTestId('shipment-quantities').textContent()).toBe('11/12 TV · 7 Bracket');
  await expect.poll(() => card.getByTestId('receipt-mark').allTextContents()).toEqual(['Kurang 1 TV']);
}

/** The device's language (Settings, the sidebar and the sign-in page keep it here), then a fresh load. */
async function english(page: Page): Promise<void> {
  await page.setViewportSize(TABLET_PORTRAIT);
  await page.evaluate(() => localStorage.setItem('dermaga-language', 'en'));
  await page.reload();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
}

describe('blind counting at Hub Cikarang', () => {
  it('an admin sets it on Hubs (Edit Hub), and it reaches the server', async () => {
    const { context, page } = await hub.tablet(browser(), 'admin');
    await page.goto(appUrl('/hubs'));
    await page.getByTestId('hubs-table').waitFor();
    await page.getByRole('button', { name: 'Aksi Hub Cikarang', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByTestId('edit-hub-dialog');
    await dialog.getByLabel('Hitung Buta').click();
    await expect.poll(() => dialog.getByLabel('Hitung Buta').getAttribute('aria-checked')).toBe('true');
    await axeAtBothSizes(page, 'Edit Hub');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await hub.toast(page, 'Hub updated successfully').waitFor();
    const [row] = await hub.eventually(async () => {
      const rows = await hub.query<{ blind_count: boolean }>(
        'select blind_count from public.hubs where id = $1',
        [HUB.cikarang],
      );
      return rows[0]?.blind_count ? rows : undefined;
    });
    expect(row).toEqual({ blind_count: true });

    // In English: the Hubs table says so, and Edit Hub shows it ticked.
    await english(page);
    await page.goto(appUrl('/hubs'));
    await page.getByTestId('hubs-table').waitFor();
    await page.getByRole('button', { name: 'Actions Hub Cikarang', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect.poll(() => dialog.getByLabel('Blind Count').getAttribute('aria-checked')).toBe('true');
    await axeAtBothSizes(page, 'Edit Hub in English');
    await context.close();
  });

  it('Cikarang’s receipt opens empty, shows the difference once counted, and the Selesai card says kurang', async () => {
    const { context, page } = await hub.tablet(browser(), 'cikarang');
    await page.setViewportSize(TABLET_PORTRAIT);
    await hub.openHub(page, '/hub-cikarang/unloading');
    await hub.shipmentCard(page, mine.batch).getByRole('button', { name: 'Selesai Bongkar' }).click();

    const form = page.getByTestId('complete-unloading-dialog');
    await form.getByLabel('TV diterima').waitFor();
    // Empty counts, and what was sent is not shown before counting.
    expect(await form.getByLabel('TV diterima').inputValue()).toBe('');
    expect(await form.getByLabel('Bracket diterima').inputValue()).toBe('');
    await form.getByTestId('receipt-smartboard-not-counted').waitFor();
    await form.getByTestId('receipt-bracket-not-counted').waitFor();
    expect(await form.textContent()).not.toContain('Dikirim: 12');
    await axeAtBothSizes(page, 'the blind receipt');
    await page.setViewportSize(TABLET_PORTRAIT);

    await form.getByLabel('TV diterima').fill('11');
    await form.getByLabel('Bracket diterima').fill('7');
    await expect
      .poll(() => form.getByTestId('receipt-smartboard-difference').textContent())
      .toBe('Dikirim: 12 · TV kurang 1');
    await expect
      .poll(() => form.getByTestId('receipt-bracket-difference').textContent())
      .toBe('Dikirim: 7 · sesuai');
    const short = form.locator('[data-testid=receipt-discrepancy][data-key=smartboard-kurang]');
    await short.getByLabel('Catatan selisih TV kurang 1').fill('Satu dus tidak ada di truk');
    await short.getByTestId('receipt-smartboard-kurang-file').setInputFiles({
      name: 'kurang.png',
      mimeType: 'image/png',
      buffer: png(320, 240),
    });
    await short.getByTestId('receipt-photo').waitFor();
    await axeAtBothSizes(page, 'the counted receipt');
    await page.setViewportSize(TABLET_PORTRAIT);
    await signReceipt(page, form, { receiver: 'Budi Penerima' });
    await form.getByTestId('complete-unloading-submit').click();
    await hub.toast(page, 'Unloading completed successfully').waitFor();
    await closeBast(page);

    // The Selesai card: what arrived, with the mark.
    await expectSelesaiCard(page);
    await axeAtBothSizes(page, 'the Selesai card');

    await hub.waitSynced(page);
    const rows = await hub.eventually(async () => {
      const found = await hub.query<{ item: string; reason: string; quantity: number }>(
        'select item, reason, quantity from public.discrepancies where shipment_id = $1',
        [mine.id],
      );
      return found.length ? found : undefined;
    });
    expect(rows).toEqual([{ item: 'smartboard', reason: 'kurang', quantity: 1 }]);

    // In English: the card's mark in its words.
    await english(page);
    await hub.openHub(page, '/hub-cikarang/unloading');
    const cardEn = page
      .getByTestId('done-list')
      .locator(`[data-testid=shipment-card][data-batch="${mine.batch}"]`);
    await expect.poll(() => cardEn.getByTestId('receipt-mark').allTextContents()).toEqual(['Short 1 TV']);
    await axeAtBothSizes(page, 'the Selesai card in English');
    // The blind receipt in English: empty, "Not counted yet", the difference once counted.
    await hub.shipmentCard(page, second.batch).getByRole('button', { name: 'Finish Unloading' }).click();
    const formEn = page.getByTestId('complete-unloading-dialog');
    await formEn.getByLabel('TV received').waitFor();
    expect(await formEn.getByLabel('TV received').inputValue()).toBe('');
    await expect
      .poll(() => formEn.getByTestId('receipt-smartboard-not-counted').textContent())
      .toBe('Not counted yet');
    await axeAtBothSizes(page, 'the blind receipt in English');
    await page.setViewportSize(TABLET_PORTRAIT);
    await formEn.getByLabel('TV received').fill('13');
    await expect
      .poll(() => formEn.getByTestId('receipt-smartboard-difference').textContent())
      .toBe('Sent: 12 · TV over by 1');
    await context.close();
  });

  it('tower control sees the kurang on Cikarang’s dashboard card and on the Selesai card after sync', async () => {
    const { context, page } = await hub.tablet(browser(), 'tower');
    // What Cikarang's card sums: the open shortages of TVs received there (this test's among them).
    const [{ n }] = (await hub.query<{ n: number }>(
      `select coalesce(sum(quantity), 0)::int as n from public.discrepancies
        where destination_hub_id = $1 and status = 'open' and item = 'smartboard' and reason = 'kurang' and not deleted`,
      [HUB.cikarang],
    )) as [{ n: number }];
    expect(n).toBeGreaterThanOrEqual(1);
    await page.goto(appUrl('/'));
    const hubCard = page.locator('[data-testid=hub-card][data-kind=cikarang]');
    await expect
      .poll(() => hubCard.getByTestId('receipt-mark').allTextContents())
      .toContain(`Kurang ${n} TV`);
    await axeAtBothSizes(page, 'the dashboard');

    await hub.openHub(page, '/hub-cikarang/unloading');
    await expectSelesaiCard(page);

    // The shipment detail (opened by the header's search) and Hub Activity's Diterima column (its CSV's too).
    await page.goto(appUrl(`/in-transit-detail?open=${mine.id}`));
    const detail = page.getByTestId('detail-received');
    await expect.poll(() => detail.getByTestId('receipt-mark').allTextContents()).toEqual(['Kurang 1 TV']);
    expect(await detail.textContent()).toContain('11/12 TV · 7 Bracket');
    await axeAtBothSizes(page, 'the shipment detail');
    await page.setViewportSize(TABLET_PORTRAIT);
    await page.goto(appUrl(`/hub-activity/${HUB.cikarang}`));
    const movement = page.getByTestId('activity-table-row').filter({ hasText: mine.batch });
    await expect.poll(() => movement.first().textContent()).toContain('11/12 TV · 7 Bracket (Kurang 1 TV)');

    await english(page);
    await page.goto(appUrl('/'));
    await expect
      .poll(() =>
        page
          .locator('[data-testid=hub-card][data-kind=cikarang]')
          .getByTestId('receipt-mark')
          .allTextContents(),
      )
      .toContain(`Short ${n} TV`);
    await axeAtBothSizes(page, 'the dashboard in English');
    await context.close();
  });

  it('the POD lists its completed containers with what arrived: Rusak 2 Bracket', async () => {
    // A container received at Makassar, as pod_complete stores it: the receipt and its discrepancy.
    const pod = { id: randomUUID(), batch: `E2E-POD-${hub.tag()}` };
    const ship = await hub.makeVehicle({ hubId: HUB.makassar, sea: true });
    const receiptId = randomUUID();
    await hub.query(
      `insert into public.shipments (id, batch_number, vehicle_id, vendor_id, origin_hub_id, destination_hub_id,
                                     current_hub_id, smartboard_quantity, bracket_quantity, status, selesai_bongkar,
                                     loading_date, eta, arrival_destination, unloading_started_at, unloading_finished_at)
       values ($1, $2, $3, $4, $5, $6, $6, 12, 7, 'selesai_pod', true, now() - interval '5 days', current_date,
               now() - interval '3 hours', now() - interval '2 hours', now() - interval '1 hour')`,
      [pod.id, pod.batch, ship.id, SEA_VENDOR.id, HUB.polsub, HUB.makassar],
    );
    await hub.query(
      `insert into public.shipment_receipts (id, shipment_id, warehouse_id, smartboard_sent, bracket_sent,
                                             smartboard_received, bracket_received, smartboard_damaged, bracket_damaged,
                                             receiver_name, driver_name, receiver_signature_id, driver_signature_id,
                                             signed_at, counted_by)
       values ($1, $2, $3, 12, 7, 12, 7, 0, 2, 'Penerima E2E', 'Nakhoda E2E', $4, $5, now(), $6)`,
      [receiptId, pod.id, WAREHOUSE.makassar, randomUUID(), randomUUID(), USER_ID.makassar],
    );
    await hub.query(
      `insert into public.discrepancies (id, shipment_id, receipt_id, item, reason, quantity, photo_ids,
                                         origin_hub_id, destination_hub_id, reported_by)
       values ($1, $2, $3, 'bracket', 'rusak', 2, array[$4::uuid], $5, $6, $7)`,
      [randomUUID(), pod.id, receiptId, randomUUID(), HUB.polsub, HUB.makassar, USER_ID.makassar],
    );

    const { context, page } = await hub.tablet(browser(), 'tower');
    await page.setViewportSize(TABLET_PORTRAIT);
    await page.goto(appUrl('/pod'));
    await page.getByTestId('pod-tab-unloading').click();
    const card = page.locator(`[data-testid=pod-done-shipment][data-batch="${pod.batch}"]`);
    await expect.poll(() => card.getByTestId('pod-done-quantities').textContent()).toBe('12 TV · 7 Bracket');
    await expect.poll(() => card.getByTestId('receipt-mark').allTextContents()).toEqual(['Rusak 2 Bracket']);
    await axeAtBothSizes(page, 'the POD’s completed containers');
    await english(page);
    await page.getByTestId('pod-tab-unloading').click();
    await expect
      .poll(() => card.getByTestId('receipt-mark').allTextContents())
      .toEqual(['Damaged 2 Bracket']);
    await axeAtBothSizes(page, 'the POD’s completed containers in English');
    await context.close();
  });
});
