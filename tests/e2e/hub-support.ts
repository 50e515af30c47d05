// Shared by tests/e2e/hub-*.test.ts: a vehicle of the test's own and the few
// interactions every hub test needs (the demo rows: tests/support/demo.ts).
import { SYNC_NEVER } from '../../src/lib/i18n/default-strings';
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { appUrl, newContext, signIn, waitForServiceWorkerControl } from '../support/browser';
import { ownerSql, signedIn } from '../support/clients';
import { DEMO_USERS, HUB, SEA_VENDOR, TRUCK_TYPE, TRUCK_VENDOR, type DemoUser } from '../support/demo';

export const tag = () => randomUUID().slice(0, 8).toUpperCase();

/** A vehicle of the test's own (unique plate), made by the owner; by default a ready truck. */
export async function makeVehicle(options: {
  hubId: string;
  sea?: boolean;
  flags?: Partial<{ ready: boolean; siap_muat: boolean; sedang_muat: boolean }>;
}): Promise<{ id: string; plate: string }> {
  const id = randomUUID();
  const plate = options.sea ? `E2EU ${tag()}` : `E2E ${tag()}`;
  const sql = await ownerSql();
  try {
    await sql.query(
      `insert into public.vehicles (id, license_plate, vehicle_type_id, vendor_id, driver_name, nama_kapal, nama_pelayaran,
                                    current_hub_id, ready, siap_muat, sedang_muat, is_active)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, true)`,
      [
        id,
        plate,
        options.sea ? null : TRUCK_TYPE,
        options.sea ? SEA_VENDOR.id : TRUCK_VENDOR.id,
        options.sea ? null : 'Sopir E2E',
        options.sea ? 'KM E2E Nusantara' : null,
        options.sea ? 'Pelayaran E2E' : null,
        options.hubId,
        options.flags?.ready ?? true,
        options.flags?.siap_muat ?? false,
        options.flags?.sedang_muat ?? false,
      ],
    );
  } finally {
    await sql.end();
  }
  return { id, plate };
}

/**
 * A shipment of the test's own (`shipment`: its id and batch) on its way from Karawang to
 * Cikarang, loaded three hours ago, due tomorrow, on a truck of its own; the truck.
 */
export async function makeOtwShipment(
  shipment: { id: string; batch: string },
  counts: { smartboard: number; bracket: number } = { smartboard: 2, bracket: 2 },
): Promise<{ id: string; plate: string }> {
  const truck = await makeVehicle({ hubId: HUB.karawang, flags: { ready: false } });
  await query(
    `insert into public.shipments (id, batch_number, vehicle_id, vendor_id, origin_hub_id, destination_hub_id,
                                   current_hub_id, smartboard_quantity, bracket_quantity, status, loading_date, eta)
     values ($1, $2, $3, $4, $5, $6, $5, $7, $8, 'otw_cikarang', now() - interval '3 hours', current_date + 1)`,
    [
      shipment.id,
      shipment.batch,
      truck.id,
      TRUCK_VENDOR.id,
      HUB.karawang,
      HUB.cikarang,
      counts.smartboard,
      counts.bracket,
    ],
  );
  return truck;
}

/**
 * A container of the test's own (`shipment`: its id and batch) on its way from PolJak to POD
 * Makassar on a vessel of its own: loaded and left `sailed.daysAgo` days ago, due
 * `sailed.dueInDays` from today (less than 0: overdue); with its containers row unless
 * `withContainer` is false.
 */
export async function otwToMakassar(
  shipment: { id: string; batch: string },
  counts: { smartboard: number; bracket: number },
  sailed: { daysAgo: number; dueInDays: number },
  withContainer = true,
): Promise<void> {
  const vessel = await makeVehicle({ hubId: HUB.poljak, sea: true, flags: { ready: false } });
  await query(
    `insert into public.shipments (id, batch_number, vehicle_id, origin_hub_id, destination_hub_id, current_hub_id,
       smartboard_quantity, bracket_quantity, status, loading_date, etd, eta, selesai_bongkar)
     values ($1, $2, $3, $4, $5, $4, $6, $7, 'otw_podmakasar', now() - make_interval(days => $8),
             current_date - $8::int, current_date + $9::int, false)`,
    [
      shipment.id,
      shipment.batch,
      vessel.id,
      HUB.poljak,
      HUB.makassar,
      counts.smartboard,
      counts.bracket,
      sailed.daysAgo,
      sailed.dueInDays,
    ],
  );
  if (!withContainer) return;
  await query(
    `insert into public.containers (id, container_number, vessel_name, shipping_line, shipment_id)
     values ($1, $2, 'KM E2E Nusantara', 'Pelayaran E2E', $3)`,
    [randomUUID(), `MRTU ${tag()}`, shipment.id],
  );
}

/** A warehouse of the test's own named `name`, with no hub; its id. */
export async function makeWarehouse(name: string): Promise<string> {
  const [row] = await query<{ id: string }>(
    `insert into public.warehouses (name, location) values ($1, 'Uji e2e') returning id`,
    [name],
  );
  return row!.id;
}

/** A warehouse's stock on the server: the sum of its live ledger rows. */
export async function ledgerStock(warehouseId: string): Promise<{ tv: number; bracket: number }> {
  const [row] = await query<{ tv: string; br: string }>(
    `select coalesce(sum(smartboard_quantity), 0) as tv, coalesce(sum(bracket_quantity), 0) as br
     from public.inventory where warehouse_id = $1 and not deleted`,
    [warehouseId],
  );
  return { tv: Number(row!.tv), bracket: Number(row!.br) };
}

/** One command sent as `email` through another client, straight to apply_commands; it must be applied. */
export async function applyAs(email: string, type: string, payload: Record<string, unknown>): Promise<void> {
  const client = await signedIn(email);
  const { data: session } = await client.auth.getSession();
  const { data, error } = await client.rpc('apply_commands', {
    commands: [
      {
        id: randomUUID(),
        type,
        payload,
        issued_at: new Date().toISOString(),
        actor: session.session!.user.id,
      },
    ],
  });
  if (error) throw new Error(error.message);
  expect((data as { results: Array<{ outcome: string }> }).results[0]!.outcome).toBe('applied');
}

export async function query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const sql = await ownerSql();
  try {
    return (await sql.query(text, params)).rows as T[];
  } finally {
    await sql.end();
  }
}

/** Polls the database until `check` returns a value (not undefined). */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Scrolls to the dashboard's charts: they are drawn when the reader comes near them (issue 43),
 * and they stand below the fold on every screen. The caller waits for what it needs drawn.
 */
export async function scrollToCharts(page: Page): Promise<void> {
  // Found and scrolled in one step in the page: the placeholder inside the box is replaced by
  // the chart as it comes near, so a locator resolved to it can be gone by the scroll.
  await page.waitForFunction(() => {
    const box = document.querySelector('[data-testid=hub-chart-box]');
    box?.scrollIntoView({ block: 'center' });
    return box !== null;
  });
}

/**
 * A tablet (touch, 1280x800 unless `viewport` says otherwise) signed in as `user`, its service
 * worker in control, first sync done.
 */
export async function tablet(
  browser: Browser,
  user: DemoUser,
  viewport?: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, viewport ? { viewport, hasTouch: true } : { hasTouch: true });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[${user}] page error`, error));
  await signIn(page, DEMO_USERS[user]);
  await waitForServiceWorkerControl(page);
  await waitFirstSync(page);
  return { context, page };
}

/**
 * Waits until a whole sync round has finished on this device (the sync panel's last sync is set;
 * `never`: what it says before, in the device's language).
 */
export async function waitFirstSync(page: Page, never = SYNC_NEVER): Promise<void> {
  await page.getByTestId('sync-indicator').click();
  await page.waitForFunction((before) => {
    const text = document.querySelector('[data-testid=sync-last-synced]')?.textContent ?? '';
    return text !== '' && text !== before;
  }, never);
  await closeSyncPanel(page);
  await waitSynced(page);
}

/**
 * Closes the sync panel with Escape and waits until its focus is back on the header's sync
 * button. Radix hands focus back a task after the panel unmounts: a search typed into before
 * that loses its focus, and its results close (find-unit failed so in a loaded CI run).
 */
export async function closeSyncPanel(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByTestId('sync-last-synced').waitFor({ state: 'detached' });
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'sync-indicator');
}

/** Opens a hub tab and waits until the hub resolved from the local data. */
export async function openHub(page: Page, path: string): Promise<void> {
  await page.goto(appUrl(path));
  await page.locator('[data-testid=hub-operations]:not([data-hub-id=""])').waitFor();
}

/** A tablet signed in as `user` (as tablet() makes it) at the hub tab `path`, then offline. */
export async function offlineAtHub(
  browser: Browser,
  user: DemoUser,
  path: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const device = await tablet(browser, user);
  await openHub(device.page, path);
  await device.context.setOffline(true);
  await waitOffline(device.page);
  return device;
}

/** A hub tab by its label; its name ends with its count once the tab's rows are read (issue 29). */
export async function clickTab(page: Page, label: string): Promise<void> {
  await page
    .getByTestId('hub-tabs')
    .getByRole('link', { name: new RegExp(`^${label}\\s*\\d*$`) })
    .click();
}

export async function waitSynced(page: Page, timeout = 60_000): Promise<void> {
  await page.locator('[data-testid=sync-indicator][data-health=synced]').waitFor({ timeout });
}

export async function waitOffline(page: Page): Promise<void> {
  await page.locator('[data-testid=sync-indicator][data-online=false]').waitFor();
}

export function toast(page: Page, text: string): Locator {
  return page.locator('[data-sonner-toast]', { hasText: text });
}

/**
 * The box of `target` once two readings in a row agree: a toast slides in and scales as others
 * stack behind it, and a box read mid-transition is a fraction of a pixel short (a clean-clone
 * CI run read the 44 px Urungkan as 43.99999).
 */
export async function settledBox(
  target: Locator,
): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = '';
  let box: { x: number; y: number; width: number; height: number } | null = null;
  await expect
    .poll(async () => {
      box = await target.boundingBox();
      const reading = JSON.stringify(box);
      const settled = box !== null && reading === last;
      last = reading;
      return settled;
    })
    .toBe(true);
  return box!;
}

/** Picks an option of a Radix select by its trigger's test id and the option's text. */
export async function choose(page: Page, triggerTestId: string, option: string | RegExp): Promise<void> {
  await page.getByTestId(triggerTestId).click();
  await page.getByRole('option', { name: option }).click();
}

export const vehicleCard = (page: Page, plate: string) =>
  page.locator(`[data-testid=vehicle-card][data-plate="${plate}"]`);
/** A vehicle's card in the Siap Muat list. */
export const readyCard = (page: Page, plate: string) =>
  page.locator(`[data-testid=ready-list] [data-plate="${plate}"]`);
export const shipmentCard = (page: Page, batch: string) =>
  page.locator(`[data-testid=shipment-card][data-batch="${batch}"]`);

/** A truck of the test's own queued at Karawang, and the Karawang tablet showing its card in Siap Muat. */
export async function queuedAtKarawang(
  browser: Browser,
): Promise<{ truck: { id: string; plate: string }; context: BrowserContext; page: Page; queued: Locator }> {
  const truck = await makeVehicle({ hubId: HUB.karawang, flags: { ready: false, siap_muat: true } });
  const { context, page } = await tablet(browser, 'karawang');
  await openHub(page, '/hub-karawang/ready');
  const queued = readyCard(page, truck.plate);
  await queued.waitFor();
  return { truck, context, page, queued };
}

/** Queues vehicles of a vendor through the Tambah ke Antrian dialog. */
export async function queueVehicles(page: Page, vendorName: string, plates: string[]): Promise<void> {
  await page.getByRole('button', { name: 'Tambah ke Antrian' }).click();
  const dialog = page.getByTestId('add-to-queue-dialog');
  await choose(page, 'queue-vendor', vendorName);
  for (const plate of plates) await dialog.locator(`label[data-plate="${plate}"]`).click();
  await dialog.getByTestId('queue-submit').click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Issue 42: these hubs track TVs by serial while the file runs (hubs.serial_tracking on before
 * its first test), each put back as it was after its last. Call at the top of a test file,
 * before any beforeAll that needs the tracking.
 */
export function useSerialTracking(...hubIds: string[]): void {
  const before = new Map<string, boolean>();
  beforeAll(async () => {
    for (const id of hubIds) {
      const [row] = await query<{ serial_tracking: boolean }>(
        'select serial_tracking from public.hubs where id = $1',
        [id],
      );
      before.set(id, row!.serial_tracking);
      await query('update public.hubs set serial_tracking = true where id = $1', [id]);
    }
  });
  afterAll(async () => {
    for (const [id, tracked] of before)
      await query('update public.hubs set serial_tracking = $2 where id = $1', [id, tracked]);
  });
}
