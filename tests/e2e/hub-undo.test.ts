// Issue 29 acceptance: every floor action offers Urungkan for ten seconds. Keluarkan (now in
// the card's overflow menu) then Urungkan offline leaves the truck in Siap Muat and sends
// nothing once online; Confirm Tiba then Urungkan after it synced restores the shipment on
// the server (its inverse, undo_command).
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import * as hub from './hub-support';
import { seriousViolations } from './axe';
import { HUB } from '../support/demo';

const browser = useBrowser();

/** The Urungkan button of the toast that says `text`, checked to be glove-sized. */
async function urungkan(page: Page, text: string) {
  const offer = hub.toast(page, text);
  await offer.waitFor();
  // Hovering a toast holds its timer: the offer stays while the test looks at the server.
  await offer.hover();
  const button = offer.getByRole('button', { name: 'Urungkan' });
  const box = await hub.settledBox(button);
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.width).toBeGreaterThanOrEqual(44);
  return button;
}

/** A shipment of the test's own on its way from Karawang to Cikarang. */
async function otwToCikarang() {
  const shipmentId = randomUUID();
  const batch = `E2E-UND-${hub.tag()}`;
  const truck = await hub.makeOtwShipment({ id: shipmentId, batch }, { smartboard: 5, bracket: 5 });
  return { shipmentId, batch, truck };
}

/**
 * Proses Muat on `other` (queued at Karawang), then waits until the server has applied it: the
 * device's outbox before that tap has gone out.
 */
async function laterTapApplied(page: Page, other: { id: string; plate: string }): Promise<void> {
  await hub.readyCard(page, other.plate).getByRole('button', { name: 'Proses Muat' }).click();
  await hub.eventually(async () => {
    const [started] = await hub.query(
      `select 1 from public.commands where type = 'start_loading' and outcome = 'applied'
         and payload ->> 'vehicle_id' = $1`,
      [other.id],
    );
    return started;
  });
}

const row = async (table: 'vehicles' | 'shipments', id: string) =>
  (await hub.query(`select * from public.${table} where id = $1`, [id]))[0];

/**
 * Confirm Tiba on the shipment's card, then synced: applied on the server, the device's outbox
 * empty; the offer's Urungkan button.
 */
async function confirmTibaSynced(page: Page, batch: string, shipmentId: string) {
  await hub.shipmentCard(page, batch).getByRole('button', { name: 'Confirm Tiba' }).click();
  const button = await urungkan(page, 'Kedatangan berhasil dikonfirmasi');
  await hub.eventually(async () =>
    (await row('shipments', shipmentId))?.status === 'confirm_tiba' ? true : undefined,
  );
  await hub.waitSynced(page);
  return button;
}

/** No command `where` (of the vehicle `$1`) reached the server, and the vehicle's row is as `before`. */
async function expectNothingSent(vehicleId: string, before: unknown, where: string): Promise<void> {
  expect(await hub.query(`select id from public.commands where ${where}`, [vehicleId])).toEqual([]);
  expect(await row('vehicles', vehicleId)).toEqual(before);
}

describe('Urungkan on the hub floor', () => {
  it('Tambah ke Antrian then Urungkan offline: the truck is not queued, nothing is sent once online', async () => {
    const truck = await hub.makeVehicle({ hubId: HUB.karawang });
    const before = await row('vehicles', truck.id);
    const { context, page } = await hub.tablet(browser(), 'karawang');
    try {
      await hub.openHub(page, '/hub-karawang/ready');
      await context.setOffline(true);
      await hub.waitOffline(page);
      await page.getByRole('button', { name: 'Tambah ke Antrian' }).click();
      const dialog = page.getByTestId('add-to-queue-dialog');
      await dialog.getByTestId('queue-search').fill(truck.plate);
      await dialog.locator(`label[data-plate="${truck.plate}"]`).click();
      await dialog.getByTestId('queue-submit').click();
      await dialog.waitFor({ state: 'detached' });
      const card = hub.readyCard(page, truck.plate);
      await card.waitFor();
      const button = await urungkan(page, '1 kendaraan berhasil ditambahkan ke antrian');
      await button.click();
      await hub.toast(page, 'Tindakan diurungkan').waitFor();
      await card.waitFor({ state: 'detached' });

      await context.setOffline(false);
      await hub.waitSynced(page);
      // A later command of this tablet applied on the server: the outbox before it has gone out.
      const other = await hub.makeVehicle({ hubId: HUB.karawang, flags: { ready: false, siap_muat: true } });
      await page.reload();
      await laterTapApplied(page, other);
      await expectNothingSent(truck.id, before, `type = 'queue_vehicles' and payload -> 'vehicle_ids' ? $1`);
    } finally {
      await context.close();
    }
  });

  it('Keluarkan then Urungkan offline: the truck stays in Siap Muat, nothing is sent once online', async () => {
    const truck = await hub.makeVehicle({ hubId: HUB.karawang, flags: { ready: false, siap_muat: true } });
    const other = await hub.makeVehicle({ hubId: HUB.karawang, flags: { ready: false, siap_muat: true } });
    const before = await row('vehicles', truck.id);
    const { context, page } = await hub.tablet(browser(), 'karawang');
    try {
      await hub.openHub(page, '/hub-karawang/ready');
      const card = hub.readyCard(page, truck.plate);
      await card.waitFor();
      // Keluarkan is no longer a button beside Proses Muat: it is in the card's menu.
      expect(await card.getByRole('button', { name: 'Keluarkan' }).count()).toBe(0);
      await context.setOffline(true);
      await hub.waitOffline(page);

      await card.getByRole('button', { name: `Tindakan lain untuk ${truck.plate}` }).click();
      await page.getByRole('menuitem', { name: 'Keluarkan' }).click();
      await card.waitFor({ state: 'detached' });
      const button = await urungkan(page, 'Kendaraan dikeluarkan dari antrian');
      expect(await seriousViolations(page)).toEqual([]);
      await button.click();

      await hub.toast(page, 'Tindakan diurungkan').waitFor();
      await card.waitFor();
      await expect.poll(() => card.getByTestId('vehicle-badge').textContent()).toBe('Siap Muat');
      await expect.poll(() => hub.vehicleCard(page, truck.plate).getAttribute('data-pending')).toBe('false');

      // Online again, then a later tap: once it is applied, everything before it was sent.
      await context.setOffline(false);
      await hub.waitSynced(page);
      await laterTapApplied(page, other);
      await expectNothingSent(
        truck.id,
        before,
        `type = 'remove_from_queue' and payload ->> 'vehicle_id' = $1`,
      );
    } finally {
      await context.close();
    }
  });

  it('Confirm Tiba then Urungkan after it synced: the shipment on the server as before', async () => {
    const { shipmentId, batch, truck } = await otwToCikarang();
    const shipment = await row('shipments', shipmentId);
    const vehicle = await row('vehicles', truck.id);
    const { context, page } = await hub.tablet(browser(), 'cikarang');
    try {
      await hub.openHub(page, '/hub-cikarang/otw');
      const button = await confirmTibaSynced(page, batch, shipmentId);
      await button.click();

      await hub.toast(page, 'Tindakan diurungkan').waitFor();
      await hub.shipmentCard(page, batch).getByRole('button', { name: 'Confirm Tiba' }).waitFor();
      await hub
        .eventually(async () => {
          const [undone] = await hub.query(
            `select outcome from public.commands where type = 'undo_command' and payload ->> 'shipment_id' = $1`,
            [shipmentId],
          );
          return undone;
        })
        .then((undone) => expect(undone).toEqual({ outcome: 'applied' }));
      const { updated_at: _s, change_xid: _sx, ...restored } = (await row('shipments', shipmentId))!;
      const { updated_at: _b, change_xid: _bx, ...was } = shipment!;
      expect(restored).toEqual(was);
      const { updated_at: _v, change_xid: _vx, ...truckNow } = (await row('vehicles', truck.id))!;
      const { updated_at: _w, change_xid: _wx, ...truckWas } = vehicle!;
      expect(truckNow).toEqual(truckWas);

      // The device shows the server's state: OTW again, nothing waiting.
      await hub.waitSynced(page);
      await expect.poll(() => hub.shipmentCard(page, batch).getAttribute('data-status')).toBe('otw_cikarang');
      await expect.poll(() => hub.shipmentCard(page, batch).getAttribute('data-pending')).toBe('false');
    } finally {
      await context.close();
    }
  });

  it('says plainly when Urungkan is no longer possible: another tablet started unloading', async () => {
    const { shipmentId, batch } = await otwToCikarang();
    const { context, page } = await hub.tablet(browser(), 'cikarang');
    try {
      await hub.openHub(page, '/hub-cikarang/otw');
      const button = await confirmTibaSynced(page, batch, shipmentId);
      // Meanwhile the other tablet of the hub started unloading.
      await hub.query(
        `update public.shipments set status = 'sedang_bongkar', unloading_started_at = now() where id = $1`,
        [shipmentId],
      );
      const moved = await row('shipments', shipmentId);
      await button.click();

      // Refused on the device (it has pulled the change) or by the server (not yet): in plain words.
      await page
        .locator('[data-sonner-toast], [data-testid=rejection-message]', {
          hasText: 'Tidak dapat diurungkan',
        })
        .first()
        .waitFor();
      // The device shows the server's state: the shipment is being unloaded.
      await hub.waitSynced(page);
      await hub.clickTab(page, 'Sedang Bongkar');
      await expect
        .poll(() =>
          page.locator(`[data-testid=unloading-list] [data-batch="${batch}"]`).getAttribute('data-status'),
        )
        .toBe('sedang_bongkar');
      expect(await row('shipments', shipmentId)).toEqual(moved);
    } finally {
      await context.close();
    }
  });

  it('two Proses Muat in a row: one Urungkan offer, for the second truck; the first stays loading', async () => {
    const first = await hub.makeVehicle({ hubId: HUB.karawang, flags: { ready: false, siap_muat: true } });
    const second = await hub.makeVehicle({ hubId: HUB.karawang, flags: { ready: false, siap_muat: true } });
    const { context, page } = await hub.tablet(browser(), 'karawang');
    try {
      await hub.openHub(page, '/hub-karawang/ready');
      await hub.readyCard(page, second.plate).waitFor();
      const loading = (plate: string) => page.locator(`[data-testid=loading-list] [data-plate="${plate}"]`);
      for (const truck of [first, second]) {
        await hub.clickTab(page, 'Siap Muat');
        await hub.readyCard(page, truck.plate).getByRole('button', { name: 'Proses Muat' }).click();
        await loading(truck.plate).waitFor();
      }
      // The pointer on the toasts holds their timers while the server applies the commands.
      await page.locator('[data-sonner-toast]').first().hover();
      // The second tap's command, as the server has it: its offer took the first one's toast
      // over (both offers stood on the old code: the hover holds the first one's ten seconds).
      const id = await hub.eventually(
        async () =>
          (
            await hub.query<{ id: string }>(
              `select id from public.commands where type = 'start_loading' and outcome = 'applied'
                 and payload ->> 'vehicle_id' = $1`,
              [second.id],
            )
          )[0]?.id,
      );
      const offer = page.getByTestId(`undo-offer-${id}`);
      await offer.getByRole('button', { name: 'Urungkan' }).waitFor();
      expect(await page.locator('[data-sonner-toast]').filter({ hasText: 'Urungkan' }).count()).toBe(1);

      await offer.hover();
      await offer.getByRole('button', { name: 'Urungkan' }).click();
      await hub.toast(page, 'Tindakan diurungkan').waitFor();
      await hub.eventually(async () =>
        (await row('vehicles', second.id))?.sedang_muat === false ? true : undefined,
      );
      expect((await row('vehicles', first.id))?.sedang_muat).toBe(true);
      await hub.readyCard(page, second.plate).waitFor();
      expect(await loading(first.plate).count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
