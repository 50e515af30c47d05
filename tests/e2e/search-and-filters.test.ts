// Issue 30: the header's search finds what people say (a driver's name, a
// vendor's name) with status labels, newest first, and opens on a phone from a
// header icon; In-Transit's status, origin and date filters live in the
// address, survive a reload, filter the rows and the CSV. Every row here is the
// test's own (a vendor, trucks and shipments with a unique tag).
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appUrl, newContext, signIn, useBrowser } from '../support/browser';
import { seriousViolations } from './axe';
import { query, tablet, tag, waitFirstSync } from './hub-support';
import { DEMO_USERS, HUB, TRUCK_TYPE, WAREHOUSE } from '../support/demo';

const browser = useBrowser();

async function makeVendor(name: string): Promise<string> {
  const id = randomUUID();
  await query(`insert into public.vendors (id, name) values ($1, $2)`, [id, name]);
  return id;
}

async function makeTruck(vendorId: string, driver: string): Promise<{ id: string; plate: string }> {
  const id = randomUUID();
  const plate = `E2E ${tag()}`;
  await query(
    `insert into public.vehicles (id, license_plate, vehicle_type_id, vendor_id, driver_name, current_hub_id, ready, siap_muat, sedang_muat, is_active)
     values ($1, $2, $3, $4, $5, $6, true, false, false, true)`,
    [id, plate, TRUCK_TYPE, vendorId, driver, HUB.karawang],
  );
  return { id, plate };
}

async function makeShipment(s: {
  batch: string;
  vehicleId: string;
  vendorId?: string;
  origin: string;
  destination: string;
  status: string;
  loading?: string;
}): Promise<string> {
  const id = randomUUID();
  await query(
    `insert into public.shipments (id, batch_number, vehicle_id, vendor_id, origin_hub_id, destination_hub_id, current_hub_id,
       smartboard_quantity, bracket_quantity, status, loading_date, selesai_bongkar)
     values ($1, $2, $3, $4, $5, $6, $5, 4, 2, $7, coalesce($8::timestamptz, now()), false)`,
    [id, s.batch, s.vehicleId, s.vendorId ?? null, s.origin, s.destination, s.status, s.loading ?? null],
  );
  return id;
}

const label = async (key: string) =>
  (await query<{ label: string }>(`select label from public.shipment_statuses where key = $1`, [key]))[0]!.label;
const hubName = async (id: string) =>
  (await query<{ name: string }>(`select name from public.hubs where id = $1`, [id]))[0]!.name;

/** The hits' titles for a query, typed again on each poll (the device may still be syncing the rows). */
async function searchTitles(page: Page, input: string, text: string): Promise<string[]> {
  await page.getByTestId(input).fill(text);
  return page.getByTestId('search-hit-title').allTextContents();
}

describe('search and filters', () => {
  it("search finds a driver's and a vendor's trucks, newest first, with status labels", async () => {
    const t = tag();
    const vendor = `Ekspedisi Uji ${t}`;
    const vendorId = await makeVendor(vendor);
    const driver = `Sopir Uji ${t}`;
    const first = await makeTruck(vendorId, driver);
    const second = await makeTruck(vendorId, `Pengemudi Lain ${t}`);
    const batch = `E2E-CARI-${t}`;
    await makeShipment({ batch, vehicleId: first.id, vendorId, origin: HUB.karawang, destination: HUB.cikarang, status: 'otw_cikarang' });
    const otwLabel = await label('otw_cikarang');

    const { context, page } = await tablet(browser(), 'admin');
    // The driver: the truck and the shipment it carries (the newer, first).
    await expect.poll(() => searchTitles(page, 'global-search', driver)).toEqual([batch, first.plate]);
    // The vendor: both trucks and the shipment, newest first.
    await expect.poll(() => searchTitles(page, 'global-search', vendor.toLowerCase())).toEqual([batch, second.plate, first.plate]);
    const shipmentHit = page.getByTestId('search-hit').filter({ hasText: batch });
    await expect.poll(() => shipmentHit.getByTestId('search-hit-status').textContent()).toBe(otwLabel);
    expect(otwLabel).not.toBe('otw_cikarang');
    expect({ violations: await seriousViolations(page, { withoutToasts: true }) }).toEqual({ violations: [] });
    // A truck in transit opens its shipment.
    await page.locator('[data-testid=search-hit][data-kind=vehicle]').filter({ hasText: first.plate }).click();
    await expect.poll(() => page.getByTestId('shipment-detail').textContent()).toContain(batch);
    await context.close();
  });

  it('on a 390x844 phone the search opens from an icon in the header', async () => {
    const t = tag();
    const vendorId = await makeVendor(`Ekspedisi Ponsel ${t}`);
    const driver = `Sopir Ponsel ${t}`;
    const truck = await makeTruck(vendorId, driver);
    const context = await newContext(browser(), { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signIn(page, DEMO_USERS.tower);
    await waitFirstSync(page);
    await expect.poll(() => page.getByTestId('global-search').isVisible()).toBe(false);
    const icon = page.getByTestId('app-header').getByRole('button', { name: 'Cari' });
    await icon.click();
    await page.getByTestId('search-dialog').waitFor();
    await expect.poll(() => searchTitles(page, 'global-search-phone', driver)).toEqual([truck.plate]);
    await expect.poll(() => page.getByTestId('search-hit-status').textContent()).toBe('Ready');
    expect({ violations: await seriousViolations(page, { withoutToasts: true }) }).toEqual({ violations: [] });
    await page.keyboard.press('Escape');
    await page.getByTestId('search-dialog').waitFor({ state: 'detached' });
    await context.close();
  });

  it('In-Transit: status and origin chosen in the filter bar go to the address, survive a reload, and filter rows and CSV', async () => {
    const t = tag();
    const vendorId = await makeVendor(`Ekspedisi Filter ${t}`);
    const truck = await makeTruck(vendorId, `Sopir Filter ${t}`);
    const batch = (n: string) => `E2E-FLT-${t}-${n}`;
    // Only B is otw_poljak from Karawang and loaded after 2021; A, C and D each miss one condition.
    await makeShipment({ batch: batch('A'), vehicleId: truck.id, origin: HUB.cikarang, destination: HUB.poljak, status: 'otw_poljak' });
    await makeShipment({ batch: batch('B'), vehicleId: truck.id, origin: HUB.karawang, destination: HUB.poljak, status: 'otw_poljak' });
    await makeShipment({ batch: batch('C'), vehicleId: truck.id, origin: HUB.karawang, destination: HUB.cikarang, status: 'otw_cikarang' });
    await makeShipment({
      batch: batch('D'),
      vehicleId: truck.id,
      origin: HUB.karawang,
      destination: HUB.poljak,
      status: 'otw_poljak',
      loading: '2020-06-15T12:00:00Z',
    });
    const [statusLabel, karawang] = [await label('otw_poljak'), await hubName(HUB.karawang)];

    const { context, page } = await tablet(browser(), 'tower');
    await page.goto(appUrl('/in-transit-detail'));
    const rows = page.getByTestId('in-transit-table-row');
    const mine = async () =>
      (await rows.locator('td:first-child').allTextContents()).map((s) => s.replace(/ \(Detail.*\)$/, '')).filter((b) => b.includes(t)).sort();
    await expect.poll(mine).toEqual([batch('A'), batch('B'), batch('C'), batch('D')]);

    await page.getByTestId('in-transit-filter-status').click();
    await page.getByRole('option', { name: statusLabel, exact: true }).click();
    await page.getByTestId('in-transit-filter-origin').click();
    await page.getByRole('option', { name: karawang, exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('otw_poljak');
    await expect.poll(() => new URL(page.url()).searchParams.get('asal')).toBe(HUB.karawang);
    await expect.poll(mine).toEqual([batch('B'), batch('D')]);

    // Every row shown is of that status and from that hub (the route column: origin → destination).
    const shownRows = () =>
      rows.evaluateAll((trs) => trs.map((tr) => ({ status: tr.children[3]!.textContent, route: tr.children[4]!.textContent })));
    const allMatch = async () => (await shownRows()).every((r) => r.status === statusLabel && r.route!.startsWith(`${karawang} →`));
    expect(await allMatch()).toBe(true);

    // The date range, from the address: D (loaded in 2020) leaves; the picker shows the day.
    const url = new URL(page.url());
    url.searchParams.set('dari', '2021-01-01');
    await page.goto(url.toString());
    await expect.poll(mine).toEqual([batch('B')]);
    await expect.poll(() => page.getByTestId('in-transit-filter-from-trigger').textContent()).toBe('01/01/2021');

    // A reload keeps every filter, in the address and on screen.
    await page.reload();
    await expect.poll(mine).toEqual([batch('B')]);
    await expect.poll(allMatch).toBe(true);
    await expect.poll(() => page.getByTestId('in-transit-filter-status').textContent()).toBe(statusLabel);
    await expect.poll(() => page.getByTestId('in-transit-filter-origin').textContent()).toBe(karawang);
    const params = new URL(page.url()).searchParams;
    expect([params.get('status'), params.get('asal'), params.get('dari')]).toEqual(['otw_poljak', HUB.karawang, '2021-01-01']);
    expect({ violations: await seriousViolations(page, { withoutToasts: true }) }).toEqual({ violations: [] });

    // The CSV holds what the filters show, with the text filter on top.
    await page.getByTestId('in-transit-table-filter').fill(t);
    await expect.poll(() => rows.count()).toBe(1);
    const download = page.waitForEvent('download');
    await page.getByTestId('in-transit-table-export').click();
    const text = await readFile((await (await download).path())!, 'utf8');
    const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(batch('B'));

    // Hapus filter clears the address and brings the others back.
    await page.getByTestId('in-transit-filters-reset').click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(mine).toEqual([batch('A'), batch('B'), batch('C'), batch('D')]);
    await context.close();
  }, 120_000);

  it("Hub Activity: the same filters over the movements' shipments and dates, from the bar and the address", async () => {
    const t = tag();
    const vendorId = await makeVendor(`Ekspedisi Aktivitas ${t}`);
    const truck = await makeTruck(vendorId, `Sopir Aktivitas ${t}`);
    const batch = (n: string) => `E2E-AKT-${t}-${n}`;
    const toPolsub = await makeShipment({ batch: batch('S1'), vehicleId: truck.id, origin: HUB.karawang, destination: HUB.polsub, status: 'otw_polsub' });
    const toCikarang = await makeShipment({ batch: batch('S2'), vehicleId: truck.id, origin: HUB.karawang, destination: HUB.cikarang, status: 'otw_cikarang' });
    // Days as the stock ledger stores them (yyyy-MM-dd), inside the device's retention window.
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const movement = (b: string, shipmentId: string, day: string) =>
      query(
        `insert into public.inventory (warehouse_id, date_recorded, smartboard_quantity, bracket_quantity, batch_number, shipment_id)
         values ($1, $2, -1, -1, $3, $4)`,
        [WAREHOUSE.karawang, day, b, shipmentId],
      );
    await movement(batch('S1'), toPolsub, daysAgo(0));
    await movement(batch('S2'), toCikarang, daysAgo(0));
    await movement(batch('S1-LAMA'), toPolsub, daysAgo(10));
    const polsubLabel = await label('otw_polsub');

    const { context, page } = await tablet(browser(), 'tower');
    await page.goto(appUrl(`/hub-activity/${HUB.karawang}`));
    const rows = page.getByTestId('activity-table-row');
    const mine = async () =>
      (await rows.locator('td:nth-child(2)').allTextContents()).filter((b) => b.includes(t)).sort();
    await page.getByTestId('activity-table-filter').fill(t);
    await expect.poll(mine).toEqual([batch('S1'), batch('S1-LAMA'), batch('S2')]);

    await page.getByTestId('activity-filter-status').click();
    await page.getByRole('option', { name: polsubLabel, exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('otw_polsub');
    await expect.poll(mine).toEqual([batch('S1'), batch('S1-LAMA')]);

    const url = new URL(page.url());
    url.searchParams.set('dari', daysAgo(5));
    await page.goto(url.toString());
    await page.getByTestId('activity-table-filter').fill(t);
    await expect.poll(mine).toEqual([batch('S1')]);
    await expect.poll(() => page.getByTestId('activity-filter-status').textContent()).toBe(polsubLabel);
    expect({ violations: await seriousViolations(page, { withoutToasts: true }) }).toEqual({ violations: [] });
    await context.close();
  }, 120_000);
});
