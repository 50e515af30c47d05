// Issue 6 acceptance: a truck leaves Karawang with the tablet offline the whole
// time (queue, Proses Muat, Selesai Muat, shipping form with two photos), the
// work survives an offline reload, reaches the server once the signal returns,
// and Cikarang receives it: Confirm Tiba, Mulai Bongkar, Selesai Bongkar.
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import * as hub from './hub-support';
import * as shipping from './shipping-form-support';
import { HUB, TRUCK_VENDOR, WAREHOUSE } from '../support/demo';
import { closeBast, signReceipt } from './receive-support';

const browser = useBrowser();
let truck: { id: string; plate: string };
const batch = `E2E-KRW-${hub.tag()}`;
let shipmentId = '';

beforeAll(async () => {
  truck = await hub.makeVehicle({ hubId: HUB.karawang });
});

describe('Karawang to Cikarang, the Karawang tablet offline', () => {
  it('queues, loads and ships a truck with two photos offline, keeps it over a reload, then syncs', async () => {
    const { context, page } = await hub.tablet(browser(), 'karawang');
    await hub.openHub(page, '/hub-karawang/ready');

    await context.setOffline(true);
    await hub.waitOffline(page);

    // Tambah ke Antrian
    await hub.queueVehicles(page, TRUCK_VENDOR.name, [truck.plate]);
    await hub.toast(page, '1 kendaraan berhasil ditambahkan ke antrian').waitFor();
    const queued = hub.vehicleCard(page, truck.plate);
    await queued.waitFor();
    await expect.poll(() => queued.getByTestId('vehicle-badge').textContent()).toBe('Siap Muat');
    await queued.getByTestId('pending-badge').waitFor();

    // Proses Muat: the loading tab
    await queued.getByRole('button', { name: 'Proses Muat' }).click();
    await hub.toast(page, 'Vehicle moved to loading process').waitFor();
    await page.waitForURL(/\/hub-karawang\/loading$/);
    const loading = hub.vehicleCard(page, truck.plate);
    await expect.poll(() => loading.getByTestId('vehicle-badge').textContent()).toBe('Sedang Muat');

    // Selesai Muat opens the shipping form for that vehicle
    await loading.getByRole('button', { name: 'Selesai Muat' }).click();
    const form = page.getByTestId('shipping-dialog');
    await form.waitFor();
    await expect.poll(() => form.getAttribute('data-form')).toBe('darat');
    await shipping.fillDaratToCikarang(page, form, batch);
    await shipping.pickDaratPhotos(form);
    await shipping.sendThroughSummary(form, batch);
    await hub.toast(page, 'Shipping record created successfully. Vehicle status updated.').waitFor();
    await form.waitFor({ state: 'detached' });

    // It left Karawang: on its way, waiting to sync, both photos waiting to upload.
    const departed = hub.shipmentCard(page, batch);
    await departed.waitFor();
    shipmentId = (await departed.getAttribute('data-shipment-id'))!;
    await expect.poll(() => departed.getAttribute('data-status')).toBe('otw_cikarang');
    await departed.getByTestId('pending-badge').waitFor();
    await expect.poll(() => departed.getByTestId('upload-thumbnail').count()).toBe(2);
    await expect.poll(() => hub.vehicleCard(page, truck.plate).count()).toBe(0);
    expect(await hub.query('select 1 from public.shipments where id = $1', [shipmentId])).toHaveLength(0);

    // A reload with no network keeps all of it.
    await page.reload();
    await hub.openHub(page, '/hub-karawang/loading');
    await hub.shipmentCard(page, batch).waitFor();
    const afterReload = hub.shipmentCard(page, batch);
    await expect.poll(() => afterReload.getAttribute('data-status')).toBe('otw_cikarang');
    await expect.poll(() => afterReload.getByTestId('shipment-quantities').textContent()).toContain('12 TV');
    await afterReload.getByTestId('pending-badge').waitFor();
    // Each list answers on its own: poll for what is waited on.
    await expect
      .poll(() => afterReload.locator('[data-testid=upload-thumbnail][data-state=pending]').count())
      .toBe(2);
    await expect.poll(() => hub.vehicleCard(page, truck.plate).count()).toBe(0);

    // Signal back: everything reaches the server, the photos included.
    await context.setOffline(false);
    await hub.waitSynced(page, 90_000);
    await hub.eventually(async () => {
      const [s] = await hub.query<{
        delivery_record_image_url: string | null;
        bast_image_url: string | null;
      }>('select delivery_record_image_url, bast_image_url from public.shipments where id = $1', [
        shipmentId,
      ]);
      return s?.delivery_record_image_url && s.bast_image_url ? s : undefined;
    }, 60_000);
    await hub.waitSynced(page, 60_000);
    await afterReload.locator('[data-testid=upload-thumbnail][data-state=uploaded]').nth(1).waitFor();
    await expect.poll(() => afterReload.getByTestId('pending-badge').count()).toBe(0);
    await context.close();
  });

  it('Cikarang finds it under OTW, confirms arrival, starts and completes unloading', async () => {
    expect(shipmentId).not.toBe('');
    const { context, page } = await hub.tablet(browser(), 'cikarang');
    await hub.openHub(page, '/hub-cikarang/otw');
    const otw = hub.shipmentCard(page, batch);
    await otw.waitFor();
    await otw.getByTestId('shipment-transport').filter({ hasText: truck.plate }).waitFor();
    await otw.getByRole('button', { name: 'Confirm Tiba' }).click();
    await hub.toast(page, 'Kedatangan berhasil dikonfirmasi').waitFor();
    await otw.waitFor({ state: 'detached' });

    await hub.clickTab(page, 'Confirm Tiba');
    const arrived = hub.shipmentCard(page, batch);
    await arrived.getByRole('button', { name: 'Mulai Bongkar' }).click();
    await hub.toast(page, 'Proses bongkar dimulai').waitFor();

    await hub.clickTab(page, 'Sedang Bongkar');
    const unloading = page.getByTestId('unloading-list').locator(`[data-batch="${batch}"]`);
    await unloading.getByRole('button', { name: 'Selesai Bongkar' }).click();
    const dialog = page.getByTestId('complete-unloading-dialog');
    await dialog.locator('#unloading-notes').fill('Diterima lengkap (e2e)');
    // The counted receipt (issue 28): everything arrived, both sign.
    await signReceipt(page, dialog);
    await dialog.getByTestId('complete-unloading-submit').click();
    await hub.toast(page, 'Unloading completed successfully').waitFor();
    await closeBast(page);
    await page.getByTestId('done-list').locator(`[data-batch="${batch}"]`).waitFor();
    await hub.waitSynced(page);
    await context.close();

    // On the server: selesai, the stock rows out of Karawang and into Cikarang,
    // both photos stored where the shipment points, the truck ready at Cikarang.
    const [shipment] = await hub.query<{
      status: string;
      selesai_bongkar: boolean;
      notes: string;
      delivery_record_image_url: string;
      bast_image_url: string;
      arrival_gdt: Date | null;
    }>('select * from public.shipments where id = $1', [shipmentId]);
    expect(shipment).toMatchObject({
      status: 'selesai',
      selesai_bongkar: true,
      notes: 'Diterima lengkap (e2e)',
    });
    expect(shipment!.arrival_gdt).not.toBeNull();

    const stock = await hub.query<{
      warehouse_id: string;
      smartboard_quantity: number;
      bracket_quantity: number;
    }>(
      `select warehouse_id, smartboard_quantity, bracket_quantity from public.inventory
       where shipment_id = $1 order by smartboard_quantity, bracket_quantity`,
      [shipmentId],
    );
    expect(stock).toEqual(
      expect.arrayContaining([
        { warehouse_id: WAREHOUSE.karawang, smartboard_quantity: -12, bracket_quantity: -7 },
        { warehouse_id: WAREHOUSE.cikarang, smartboard_quantity: 12, bracket_quantity: 0 },
        { warehouse_id: WAREHOUSE.cikarang, smartboard_quantity: 0, bracket_quantity: 7 },
      ]),
    );
    expect(stock).toHaveLength(3);

    const prefix = '/storage/v1/object/public/shipment-documents/';
    for (const url of [shipment!.delivery_record_image_url, shipment!.bast_image_url]) {
      expect(url.startsWith(prefix)).toBe(true);
      const objects = await hub.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
        'shipment-documents',
        url.slice(prefix.length),
      ]);
      expect(objects, url).toHaveLength(1);
    }
    expect(shipment!.delivery_record_image_url).toContain('delivery_record');
    expect(shipment!.bast_image_url).toContain('bast');

    const [vehicle] = await hub.query('select * from public.vehicles where id = $1', [truck.id]);
    expect(vehicle).toMatchObject({
      current_hub_id: HUB.cikarang,
      ready: true,
      siap_muat: false,
      sedang_muat: false,
    });
  });
});
