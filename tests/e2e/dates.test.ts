// Issue 30, one date format and one date picker: In-Transit's and the audit
// trail's date filters are the app's picker (no native date input left on
// those screens), choosing a day in it filters the list and goes in the
// address; times that cross hubs are 24-hour on the clock of the hub where
// they happened, with its zone (Karawang WIB, Makassar WITA); the picker is
// touch sized and axe-clean while open. Every row here is the test's own.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appUrl, newContext, signIn, useBrowser } from '../support/browser';
import { seriousViolations } from './axe';
import { pickDate } from './dates-support';
import { query, tablet, tag, waitFirstSync } from './hub-support';
import { DEMO_USERS, HUB, TRUCK_TYPE, TRUCK_VENDOR, USER_ID } from '../support/demo';

const browser = useBrowser();

/** The native date and time inputs on the page (the issue: the browser's own mm/dd/yyyy pickers). */
const nativeDateInputs = (page: Page) =>
  page
    .locator(
      'input[type=date], input[type=datetime-local], input[type=month], input[type=week], input[type=time]',
    )
    .count();

async function makeTruck(): Promise<string> {
  const id = randomUUID();
  await query(
    `insert into public.vehicles (id, license_plate, vehicle_type_id, vendor_id, current_hub_id, ready, siap_muat, sedang_muat, is_active)
     values ($1, $2, $3, $4, $5, false, false, false, true)`,
    [id, `E2E ${tag()}`, TRUCK_TYPE, TRUCK_VENDOR.id, HUB.karawang],
  );
  return id;
}

async function makeShipment(
  batch: string,
  vehicleId: string,
  origin: string,
  destination: string,
  loading: string,
) {
  await query(
    `insert into public.shipments (id, batch_number, vehicle_id, origin_hub_id, destination_hub_id, current_hub_id,
       smartboard_quantity, bracket_quantity, status, loading_date, selesai_bongkar)
     values ($1, $2, $3, $4, $5, $4, 3, 1, 'otw_poljak', $6::timestamptz, false)`,
    [randomUUID(), batch, vehicleId, origin, destination, loading],
  );
}

/** The picker's calendar, open: touch-sized days and month buttons, focus on a day, no serious axe violation. */
async function checkOpenPicker(page: Page, id: string) {
  await page.getByTestId(`${id}-trigger`).click();
  const calendar = page.getByTestId(`${id}-calendar`);
  await calendar.waitFor();
  // The keyboard starts on a day of the grid (arrow keys move from there).
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('[role=gridcell]') !== null))
    .toBe(true);
  const sizes = await calendar
    .locator('td[data-day] button, .rdp-button_previous, .rdp-button_next')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)));
  expect(sizes.length).toBeGreaterThan(28);
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(44);
  expect({ violations: await seriousViolations(page, { withoutToasts: true }) }).toEqual({ violations: [] });
  await page.keyboard.press('Escape');
  await calendar.waitFor({ state: 'detached' });
}

describe('one date format and one date picker (issue 30)', () => {
  it('In-Transit: loading times on the origin hub’s clock with WIB/WITA; the date filter is the picker', async () => {
    const t = tag();
    const truck = await makeTruck();
    // One instant, 16:30 UTC on 10 March: 23:30 that day in Karawang (WIB), 00:30 the next day in Makassar (WITA).
    const fromKarawang = `E2E-TGL-${t}-KRW`;
    const fromMakassar = `E2E-TGL-${t}-MKS`;
    await makeShipment(fromKarawang, truck, HUB.karawang, HUB.poljak, '2026-03-10T16:30:00Z');
    await makeShipment(fromMakassar, truck, HUB.makassar, HUB.poljak, '2026-03-10T16:30:00Z');

    const { context, page } = await tablet(browser(), 'tower');
    await page.goto(appUrl('/in-transit-detail'));
    await page.getByTestId('in-transit-filters').waitFor();
    await page.getByTestId('in-transit-table-filter').fill(t);
    const rows = page.getByTestId('in-transit-table-row');
    const loadingOf = (batch: string) => rows.filter({ hasText: batch }).locator('td').nth(6).textContent();
    await expect.poll(() => loadingOf(fromKarawang)).toBe('10 Mar 2026 23:30 WIB');
    await expect.poll(() => loadingOf(fromMakassar)).toBe('11 Mar 2026 00:30 WITA');
    expect(await nativeDateInputs(page)).toBe(0);

    // The picker, open: sized for a finger, keyboard on a day, clean for axe.
    await checkOpenPicker(page, 'in-transit-filter-from');

    // From 11 March: the Karawang shipment (loaded on the 10th, its clock) leaves, Makassar's stays.
    const mine = async () => (await rows.allTextContents()).filter((r) => r.includes(t)).length;
    await expect.poll(mine).toBe(2);
    await pickDate(page, 'in-transit-filter-from', '2026-03-11');
    await expect.poll(() => new URL(page.url()).searchParams.get('dari')).toBe('2026-03-11');
    await expect
      .poll(() => page.getByTestId('in-transit-filter-from-trigger').textContent())
      .toBe('11/03/2026');
    await expect.poll(mine).toBe(1);
    await expect.poll(() => rows.filter({ hasText: fromMakassar }).count()).toBe(1);
    // Until 10 March instead: only Karawang's.
    await page.getByTestId('in-transit-filter-from-trigger').click();
    await page.getByTestId('in-transit-filter-from-clear').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('dari')).toBeNull();
    await pickDate(page, 'in-transit-filter-to', '2026-03-10');
    await expect.poll(() => new URL(page.url()).searchParams.get('sampai')).toBe('2026-03-10');
    await expect.poll(mine).toBe(1);
    await expect.poll(() => rows.filter({ hasText: fromKarawang }).count()).toBe(1);

    // The detail names the same time, on the same clock.
    await rows
      .filter({ hasText: fromKarawang })
      .getByRole('button', { name: /Detail/ })
      .first()
      .click();
    await expect
      .poll(() => page.getByTestId('shipment-detail').textContent())
      .toContain('10 Mar 2026 23:30 WIB');
    await context.close();
  });

  it('on a 390x844 phone the open calendar fits the screen, its days a finger wide', async () => {
    const context = await newContext(browser(), {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await signIn(page, DEMO_USERS.tower);
    await waitFirstSync(page);
    await page.goto(appUrl('/in-transit-detail'));
    // On a phone the filters open from their button (issue 41).
    await page.getByTestId('in-transit-filters-toggle').tap();
    await page.getByTestId('in-transit-filter-to-trigger').tap();
    const calendar = page.getByTestId('in-transit-filter-to-calendar');
    await calendar.waitFor();
    const box = (await calendar.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await calendar.locator('td[data-day] button').first().waitFor();
    const days = await calendar
      .locator('td[data-day] button')
      .evaluateAll((els) =>
        els.map((e) => e.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)),
      );
    expect(Math.min(...days)).toBeGreaterThanOrEqual(44);
    // A tap on a day chooses it.
    const day = await calendar.locator('td[data-day]').nth(10).getAttribute('data-day');
    await calendar.locator(`td[data-day="${day}"] button`).tap();
    await expect.poll(() => new URL(page.url()).searchParams.get('sampai')).toBe(day);
    await context.close();
  });

  it('the hub screens: a departure on Karawang’s clock (WIB), an arrival at POD Makassar on its own (WITA)', async () => {
    const t = tag();
    const truck = await makeTruck();
    const departed = `E2E-TGL-${t}-BRK`;
    await makeShipment(departed, truck, HUB.karawang, HUB.cikarang, '2026-03-10T16:30:00Z');
    const arrived = `E2E-TGL-${t}-TBA`;
    await query(
      `insert into public.shipments (id, batch_number, vehicle_id, origin_hub_id, destination_hub_id, current_hub_id,
         smartboard_quantity, bracket_quantity, status, loading_date, arrival_destination, selesai_bongkar)
       values ($1, $2, $3, $4, $5, $5, 2, 1, 'confirm_tiba', '2026-03-09T01:00:00Z', '2026-03-10T16:30:00Z', false)`,
      [randomUUID(), arrived, truck, HUB.polsub, HUB.makassar],
    );

    const karawang = await tablet(browser(), 'karawang');
    await karawang.page.goto(appUrl('/hub-karawang'));
    const card = karawang.page.locator(`[data-testid=shipment-card][data-batch="${departed}"]`);
    await expect.poll(() => card.getByTestId('date-berangkat').textContent()).toBe('10 Mar 2026 23:30 WIB');
    await karawang.context.close();

    const makassar = await tablet(browser(), 'makassar');
    await makassar.page.goto(appUrl('/pod'));
    await makassar.page.getByTestId('pod-tab-arrival').click();
    const podCard = makassar.page.locator(`[data-testid=pod-shipment][data-batch="${arrived}"]`);
    await expect.poll(() => podCard.textContent()).toContain('11 Mar 2026 00:30 WITA');
    await makassar.context.close();
  });

  it('the audit trail: times on the entry’s hub clock; its date filters are the picker and filter the list', async () => {
    const t = tag();
    const type = `e2e_tanggal_${t}`;
    // Two entries of the test's own action: one at Karawang on 10 March, one at Makassar on the 12th (10:00 UTC:
    // the same calendar day on any device clock from UTC-10 to UTC+13, as the day filter reads the device's days).
    const entry = async (hub: string, at: string) =>
      query(
        `insert into public.commands (id, actor_id, actor_email, type, payload, issued_at, received_at, outcome)
         values ($1, $2, 'karawang@demo.local', $3, $4, $5::timestamptz, $5::timestamptz, 'applied')`,
        [randomUUID(), USER_ID.karawang, type, JSON.stringify({ hub_id: hub }), at],
      );
    await entry(HUB.karawang, '2025-03-10T10:00:00Z');
    await entry(HUB.makassar, '2025-03-12T10:00:00Z');
    const label = type.replace(/_/g, ' ');

    const { context, page } = await tablet(browser(), 'tower');
    await page.goto(appUrl('/audit'));
    const rows = page.getByTestId('audit-table-row');
    const mine = async () =>
      (await rows.allTextContents())
        .filter((r) => r.includes(label))
        .map((r) => r.match(/\d{2} \w{3} \d{4} \d{2}:\d{2} (WIB|WITA)/)?.[0])
        .sort();
    await page.getByTestId('audit-filters').waitFor();
    expect(await nativeDateInputs(page)).toBe(0);

    await checkOpenPicker(page, 'audit-from');

    // Until the end of March 2025: the test's two entries, however many the trail has received since.
    await pickDate(page, 'audit-to', '2025-03-31');
    await expect.poll(() => page.getByTestId('audit-to-trigger').textContent()).toBe('31/03/2025');
    await expect.poll(mine).toEqual(['10 Mar 2025 17:00 WIB', '12 Mar 2025 18:00 WITA']);
    // From the 11th: only Makassar's.
    await pickDate(page, 'audit-from', '2025-03-11');
    await expect.poll(() => page.getByTestId('audit-from-trigger').textContent()).toBe('11/03/2025');
    await expect.poll(mine).toEqual(['12 Mar 2025 18:00 WITA']);
    // Without a start, until the 11th: only Karawang's.
    await page.getByTestId('audit-from-trigger').click();
    await page.getByTestId('audit-from-clear').click();
    await expect.poll(() => page.getByTestId('audit-from-trigger').textContent()).toBe('dd/mm/yyyy');
    await pickDate(page, 'audit-to', '2025-03-11');
    await expect.poll(mine).toEqual(['10 Mar 2025 17:00 WIB']);
    await context.close();
  });
});
