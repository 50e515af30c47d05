// Issue 41, one screen per arriving truck. Cikarang scans a surat jalan through the camera
// (Chromium's fake video capture playing its QR code) and lands on that shipment's own view;
// Confirm Tiba, Mulai Bongkar and the counted receipt (counts, two signatures) are its one big
// button in turn, and the tablet never leaves the view: at the end it says done and offers the
// BAST. Part of a batch number (the tag's last five characters, in lower case: nothing else on
// the tablet holds them) in the header's search or the scanner's box opens the shipment's view
// (the box took only a whole batch number before; the search opened the in-transit detail). The same at POD Makassar. axe on the view
// with the Urungkan toast showing, at 800x1280 and 390x844, in Bahasa Indonesia and English.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeShipmentQr } from '../../src/lib/documents/qr-payload';
import { LANGUAGE_KEY } from '../../src/lib/session/storage-keys';
import { appUrl } from '../support/browser';
import { type DemoUser } from '../support/demo';
import { seriousViolations } from './axe';
import {
  makeOtwShipment,
  openHub,
  otwToMakassar,
  query,
  tablet,
  tag,
  toast,
  waitSynced,
} from './hub-support';
import { useQrCamera } from './qr-camera';
import { closeBast, signReceipt } from './receive-support';

const { browser, show } = useQrCamera('dermaga-arrival');
const TABLET = { width: 800, height: 1280 };
const PHONE = { width: 390, height: 844 };

const scanned = { id: randomUUID(), batch: `E2E-ARV-${tag()}` };
const typed = { id: randomUUID(), batch: `E2E-ARV-${tag()}` };
const pod = { id: randomUUID(), batch: `E2E-ARVP-${tag()}` };

beforeAll(async () => {
  for (const s of [scanned, typed]) await makeOtwShipment(s, { smartboard: 12, bracket: 7 });
  await otwToMakassar(pod, { smartboard: 5, bracket: 2 }, { daysAgo: 3, dueInDays: 2 });
});

const device = (user: DemoUser, viewport = TABLET) => tablet(browser(), user, viewport);

/** Every address the tab shows from now on (pathname and query), in order. */
function addresses(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) {
      const url = new URL(frame.url());
      seen.push(url.pathname + url.search);
    }
  });
  return seen;
}

const step = (page: Page) => page.getByTestId('shipment-next').getByTestId('shipment-step');
const viewStatus = (page: Page) => page.getByTestId('shipment-view').getAttribute('data-status');

/** axe with the Urungkan toast showing, at the tablet's and a phone's size (the pointer holds the toast). */
async function axeWithUndoToast(page: Page, text: string): Promise<string[]> {
  const offer = toast(page, text);
  await offer.waitFor();
  const found: string[] = [];
  for (const size of [TABLET, PHONE]) {
    await page.setViewportSize(size);
    await offer.hover();
    found.push(...(await seriousViolations(page, { withToast: true })).map((v) => `${size.width}: ${v}`));
  }
  await page.setViewportSize(TABLET);
  return found;
}

describe('one screen per arriving truck', () => {
  it('Cikarang scans the surat jalan and finishes the arrival without leaving the shipment’s view', async () => {
    const { context, page } = await device('cikarang');
    await openHub(page, '/hub-cikarang/ready');
    const view = `/hub-cikarang/shipment/${scanned.id}`;
    show(encodeShipmentQr(new URL(appUrl('/')).origin, scanned.id, scanned.batch));
    await page.getByTestId('scan-surat-jalan').click();
    await page.waitForURL(`**${view}`);
    const seen = addresses(page);
    await expect.poll(() => viewStatus(page)).toBe('otw_cikarang');
    await expect.poll(() => step(page).getAttribute('data-step')).toBe('otw');

    await step(page).click();
    await expect.poll(() => viewStatus(page)).toBe('confirm_tiba');
    expect(await axeWithUndoToast(page, 'Kedatangan berhasil dikonfirmasi')).toEqual([]);
    await expect.poll(() => step(page).getAttribute('data-step')).toBe('arrival');
    await expect.poll(() => step(page).textContent()).toBe('Mulai Bongkar');

    await step(page).click();
    await expect.poll(() => viewStatus(page)).toBe('sedang_bongkar');
    await toast(page, 'Proses bongkar dimulai').waitFor();
    await expect.poll(() => step(page).textContent()).toBe('Selesai Bongkar');

    await step(page).click();
    const form = page.getByTestId('complete-unloading-dialog');
    await form.getByLabel('TV diterima', { exact: true }).fill('12');
    await form.getByLabel('Bracket diterima', { exact: true }).fill('7');
    await signReceipt(page, form, { receiver: 'Penerima Satu Layar' });
    await form.getByTestId('complete-unloading-submit').click();
    await toast(page, 'Unloading completed successfully').waitFor();
    await closeBast(page);

    // Done, still on the view: it says so and offers the BAST among the documents.
    await expect.poll(() => viewStatus(page)).toBe('selesai');
    await page.getByTestId('shipment-view-done').waitFor();
    await page.locator('[data-testid=shipment-document][data-kind=bast]').waitFor();
    expect(seen.every((address) => address === view)).toBe(true);
    await waitSynced(page);
    const [receipt] = await query<Record<string, unknown>>(
      'select smartboard_received, bracket_received, receiver_name from public.shipment_receipts where shipment_id = $1',
      [scanned.id],
    );
    expect(receipt).toEqual({
      smartboard_received: 12,
      bracket_received: 7,
      receiver_name: 'Penerima Satu Layar',
    });
    await context.close();
  });

  it('part of a batch number in the header’s search or the scanner’s box opens that shipment’s view; axe in English', async () => {
    const { context, page } = await device('cikarang');
    await page.evaluate((key) => localStorage.setItem(key, 'en'), LANGUAGE_KEY);
    await openHub(page, '/hub-cikarang/otw');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    // The header's search: part of the batch finds it, and the pick opens its view at this hub.
    const part = typed.batch.slice(-5).toLowerCase();
    await page.getByTestId('global-search').fill(part);
    await page.getByTestId('search-hit').filter({ hasText: typed.batch }).click();
    await page.waitForURL(`**/hub-cikarang/shipment/${typed.id}`);
    await expect.poll(() => viewStatus(page)).toBe('otw_cikarang');
    await openHub(page, '/hub-cikarang/otw');
    show('not a code');
    await page.getByTestId('scan-surat-jalan').click();
    await page.locator('#scan-batch').fill(part);
    await page.locator('#scan-batch').press('Enter');
    await page.waitForURL(`**/hub-cikarang/shipment/${typed.id}`);
    await expect.poll(() => viewStatus(page)).toBe('otw_cikarang');
    await page.getByTestId('qr-scanner').waitFor({ state: 'detached' });
    await step(page).click();
    await expect.poll(() => viewStatus(page)).toBe('confirm_tiba');
    expect(await axeWithUndoToast(page, 'Arrival confirmed')).toEqual([]);
    await context.close();
  });

  it('POD Makassar: the scanned container’s view takes it from Confirm Tiba to done; axe in both languages', async () => {
    const { context, page } = await device('makassar');
    await page.goto(appUrl('/pod'));
    await page.getByTestId('pod-page').waitFor();
    const view = `/pod/shipment/${pod.id}`;
    show(encodeShipmentQr(new URL(appUrl('/')).origin, pod.id, pod.batch));
    await page.getByTestId('scan-surat-jalan').click();
    await page.waitForURL(`**${view}`);
    const seen = addresses(page);
    await expect.poll(() => step(page).getAttribute('data-step')).toBe('otw');
    await step(page).click();
    await expect.poll(() => viewStatus(page)).toBe('confirm_tiba');
    expect(await axeWithUndoToast(page, 'Kedatangan berhasil dikonfirmasi')).toEqual([]);
    // The same view in English (a reload keeps the address), axe again with the next step's toast.
    await page.evaluate((key) => localStorage.setItem(key, 'en'), LANGUAGE_KEY);
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await expect.poll(() => step(page).getAttribute('data-step')).toBe('arrival');
    await step(page).click();
    await expect.poll(() => viewStatus(page)).toBe('sedang_bongkar');
    expect(await axeWithUndoToast(page, 'Unloading started')).toEqual([]);
    // Back in Indonesian for the receipt (its helpers read the Indonesian labels).
    await page.evaluate((key) => localStorage.removeItem(key), LANGUAGE_KEY);
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('id');
    await expect.poll(() => step(page).getAttribute('data-step')).toBe('unloading');
    await step(page).click();
    const form = page.getByTestId('pod-receipt-dialog');
    await signReceipt(page, form);
    await form.getByTestId('pod-receipt-submit').click();
    await closeBast(page);
    await expect.poll(() => viewStatus(page)).toBe('selesai_pod');
    await page.getByTestId('shipment-view-done').waitFor();
    expect(seen.every((address) => address === view)).toBe(true);
    await context.close();
  });
});
