// Issue 10: POD Management on a tablet at Gudang Makassar with no signal.
// makassar@demo.local, offline, confirms the arrival of a container on the way,
// starts and completes its unloading; back online, the server has it selesai_pod
// with selesai_bongkar and the positive stock rows at Gudang Makassar. Tower
// control gets the city selector with Semua Kota; the POD user a fixed badge.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from '../support/browser';
import { eventually, otwToMakassar, query, tablet, tag, toast, waitOffline, waitSynced } from './hub-support';
import { WAREHOUSE } from '../support/demo';
import { closeBast, signReceipt } from './receive-support';

const browser = useBrowser();
const batch = `E2E-POD-${tag()}`;
const shipmentId = randomUUID();

beforeAll(async () => {
  // A container of the test's own, shipped from PolJak to POD Makassar.
  await otwToMakassar({ id: shipmentId, batch }, { smartboard: 24, bracket: 9 }, { daysAgo: 3, dueInDays: 2 });
});

const card = (page: Page) => page.locator(`[data-testid=pod-shipment][data-batch="${batch}"]`);

describe('POD Management', () => {
  it('makassar works a container through offline; the server has it done and the stock booked', async () => {
    const { context, page } = await tablet(browser(), 'makassar');
    // The dashboard shows a POD user its own city's card only.
    const makassarCard = page.locator('[data-testid=pod-card][data-city=Makassar]');
    await page.goto(appUrl('/'));
    await page.locator('[data-testid=dashboard][data-ready=true]').waitFor();
    await expect.poll(() => page.getByTestId('pod-card').count()).toBe(1);
    // The figures are written id-ID (1.234 is a thousand two hundred thirty-four): read the digits.
    const figure = async (testId: string) =>
      Number((await makassarCard.getByTestId(testId).textContent())!.replace(/[^\d-]/g, ''));
    // Our container is on the way: poll until the pulled data counts it.
    await page.getByTestId('pod-card').first().waitFor();
    await expect.poll(() => page.getByTestId('hub-card').count()).toBe(0);
    await expect.poll(() => figure('pod-otw')).toBeGreaterThanOrEqual(1);
    const before = { otw: await figure('pod-otw'), tv: await figure('pod-tv'), bracket: await figure('pod-bracket') };
    expect(before.otw).toBeGreaterThanOrEqual(1);

    await page.goto(appUrl('/pod'));
    await page.getByTestId('pod-page').waitFor();
    // A POD user sees its city as a fixed badge, no selector.
    await expect.poll(() => page.getByTestId('pod-city-badge').textContent()).toBe('Makassar');
    await expect.poll(() => page.getByTestId('pod-city-select').count()).toBe(0);
    await card(page).waitFor();

    await context.setOffline(true);
    await waitOffline(page);
    await expect.poll(() => page.getByTestId('data-freshness').getAttribute('data-online')).toBe('false');

    await card(page).getByRole('button', { name: 'Confirm Tiba' }).click();
    await toast(page, 'Kedatangan berhasil dikonfirmasi').waitFor();
    await page.getByTestId('pod-tab-arrival').click();
    await expect.poll(() => card(page).getAttribute('data-status')).toBe('confirm_tiba');
    await expect.poll(() => card(page).getByTestId('pending-badge').count()).toBe(1);
    await card(page).getByRole('button', { name: 'Mulai Bongkar' }).click();
    await toast(page, 'Proses bongkar dimulai').waitFor();
    await page.getByTestId('pod-tab-unloading').click();
    await expect.poll(() => card(page).getAttribute('data-status')).toBe('sedang_bongkar');
    await card(page).getByRole('button', { name: 'Selesai Bongkar' }).click();
    // The counted receipt (issue 28): everything arrived, both sign; the BAST follows.
    const receipt = page.getByTestId('pod-receipt-dialog');
    await signReceipt(page, receipt);
    await receipt.getByTestId('pod-receipt-submit').click();
    await toast(page, 'POD berhasil diselesaikan. Inventory ditambahkan ke Makassar').waitFor();
    await closeBast(page);
    await card(page).waitFor({ state: 'detached' });

    // Nothing reached the server yet.
    const [atServer] = await query<{ status: string }>('select status from public.shipments where id = $1', [shipmentId]);
    expect(atServer!.status).toBe('otw_podmakasar');

    await context.setOffline(false);
    await waitSynced(page);
    const done = await eventually(async () => {
      const [s] = await query<{ status: string; selesai_bongkar: boolean; arrival_destination: Date | null }>(
        'select status, selesai_bongkar, arrival_destination from public.shipments where id = $1',
        [shipmentId],
      );
      return s?.status === 'selesai_pod' ? s : undefined;
    });
    expect(done).toMatchObject({ status: 'selesai_pod', selesai_bongkar: true });
    expect(done.arrival_destination).not.toBeNull();
    const stock = await query<{ warehouse_id: string; smartboard_quantity: number; bracket_quantity: number }>(
      'select warehouse_id, smartboard_quantity, bracket_quantity from public.inventory where shipment_id = $1 order by smartboard_quantity desc',
      [shipmentId],
    );
    expect(stock).toEqual([
      { warehouse_id: WAREHOUSE.makassar, smartboard_quantity: 24, bracket_quantity: 0 },
      { warehouse_id: WAREHOUSE.makassar, smartboard_quantity: 0, bracket_quantity: 9 },
    ]);

    // The dashboard's Makassar card follows: one container fewer on the way, the stock booked.
    await page.goto(appUrl('/'));
    await expect
      .poll(async () => ({ otw: await figure('pod-otw'), tv: await figure('pod-tv'), bracket: await figure('pod-bracket') }))
      .toEqual({ otw: before.otw - 1, tv: before.tv + 24, bracket: before.bracket + 9 });
    await context.close();
  });

  it('tower control chooses among the cities, Semua Kota included', async () => {
    const { context, page } = await tablet(browser(), 'tower');
    await page.goto(appUrl('/pod'));
    await page.getByTestId('pod-city-select').click();
    await page.getByRole('option', { name: 'Semua Kota' }).waitFor();
    await page.getByRole('option', { name: 'Makassar' }).click();
    await expect.poll(() => page.getByTestId('pod-city-select').textContent()).toContain('Makassar');
    await expect.poll(() => page.getByTestId('pod-city-badge').count()).toBe(0);
    await context.close();
  });
});
