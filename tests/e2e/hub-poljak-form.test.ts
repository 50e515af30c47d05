// Issue 6 acceptance: the PolJak form with one container image creates an
// otw_ shipment to its destination, with its containers row; the form's own
// messages (spec 5) show first; only sea fleet can be queued at PolJak.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import * as hub from './hub-support';
import * as shipping from './shipping-form-support';
import { pickDate } from './dates-support';
import { HUB, SEA_VENDOR } from '../support/demo';

const browser = useBrowser();
let fleet: { id: string; plate: string };
let truckOfSeaVendor: string;

beforeAll(async () => {
  fleet = await hub.makeVehicle({ hubId: HUB.poljak, sea: true });
  // A truck of the same vendor: the PolJak queue offers only sea fleet with a ship name.
  truckOfSeaVendor = `E2E TRK ${randomUUID().slice(0, 6).toUpperCase()}`;
  await hub.query(
    `insert into public.vehicles (license_plate, vendor_id, current_hub_id, ready, siap_muat, sedang_muat, is_active)
     values ($1, $2, $3, true, false, false, true)`,
    [truckOfSeaVendor, SEA_VENDOR.id, HUB.poljak],
  );
});

describe('the PolJak shipment form', () => {
  it('sends a sea fleet unit to Makassar with one container photo', async () => {
    const { context, page } = await hub.tablet(browser(), 'poljak');
    await hub.openHub(page, '/hub-poljak/ready');

    // Only sea fleet with a ship name is offered.
    await page.getByRole('button', { name: 'Tambah ke Antrian' }).click();
    const queueDialog = page.getByTestId('add-to-queue-dialog');
    await hub.choose(page, 'queue-vendor', SEA_VENDOR.name);
    await queueDialog.locator(`label[data-plate="${fleet.plate}"]`).waitFor();
    await expect.poll(() => queueDialog.locator(`label[data-plate="${truckOfSeaVendor}"]`).count()).toBe(0);
    await page.keyboard.press('Escape');
    await queueDialog.waitFor({ state: 'detached' });

    await hub.queueVehicles(page, SEA_VENDOR.name, [fleet.plate]);
    await hub.vehicleCard(page, fleet.plate).getByRole('button', { name: 'Proses Muat' }).click();
    await page.waitForURL(/\/hub-poljak\/loading$/);
    await hub.vehicleCard(page, fleet.plate).getByRole('button', { name: 'Selesai Muat' }).click();

    const form = page.getByTestId('shipping-dialog');
    await form.waitFor();
    await expect.poll(() => form.getAttribute('data-form')).toBe('poljak');
    // Prefilled from the sea fleet unit.
    await expect.poll(() => form.locator('#poljak-kapal').inputValue()).toBe('KM E2E Nusantara');
    await expect.poll(() => form.locator('#poljak-pelayaran').inputValue()).toBe('Pelayaran E2E');
    await expect.poll(() => form.locator('#poljak-container').inputValue()).toBe(fleet.plate);

    // The form's own messages, in its order.
    await form.getByTestId('shipping-submit').click();
    await form.getByTestId('error-poljak-eta').filter({ hasText: 'ETA is required' }).waitFor();
    await form
      .getByTestId('error-poljak-destination')
      .filter({ hasText: 'Destination is required' })
      .waitFor();
    await pickDate(page, 'poljak-eta', '2026-12-24');
    await hub.choose(page, 'poljak-destination', /POD Makassar/);
    await form.locator('#poljak-smartboard').fill('30');
    await form.locator('#poljak-bracket').fill('30');
    await form.getByTestId('shipping-submit').click();
    await form
      .getByTestId('error-poljak-images')
      .filter({ hasText: 'Upload minimal 1 gambar container' })
      .waitFor();
    // A file of another type is refused with the PolJak message.
    await form
      .getByTestId('poljak-images-input')
      .setInputFiles([{ name: 'container.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') }]);
    await form
      .getByTestId('error-poljak-images')
      .filter({ hasText: 'Hanya file JPG dan PNG yang diperbolehkan' })
      .waitFor();
    await shipping.pickContainerPhoto(form);
    await shipping.sendThroughSummary(form, 'POD Makassar');
    await hub.toast(page, 'Shipment berhasil dibuat dengan status OTW POD Makassar').waitFor();
    await form.waitFor({ state: 'detached' });

    const card = page.getByTestId('departures-list').locator('[data-testid=shipment-card]', {
      hasText: fleet.plate,
    });
    await card.waitFor();
    const batch = (await card.getAttribute('data-batch'))!;
    expect(batch).toMatch(/^POLJAK-\d+$/);
    await expect.poll(() => card.getAttribute('data-status')).toBe('otw_podmakasar');
    await hub.waitSynced(page, 60_000);
    await context.close();

    const shipment = await hub.eventually(async () => {
      const [row] = await hub.query<Record<string, unknown>>(
        'select * from public.shipments where batch_number = $1 and delivery_record_image_url is not null',
        [batch],
      );
      return row;
    });
    expect(shipment).toMatchObject({
      status: 'otw_podmakasar',
      origin_hub_id: HUB.poljak,
      destination_hub_id: HUB.makassar,
      vehicle_id: fleet.id,
      smartboard_quantity: 30,
      bracket_quantity: 30,
      delivery_record: true,
      bast: false,
      bast_image_url: null,
      selesai_bongkar: false,
    });
    const containers = await hub.query('select * from public.containers where shipment_id = $1', [
      shipment.id,
    ]);
    expect(containers).toEqual([
      expect.objectContaining({
        container_number: fleet.plate,
        vessel_name: 'KM E2E Nusantara',
        shipping_line: 'Pelayaran E2E',
      }),
    ]);
    const [vehicle] = await hub.query('select * from public.vehicles where id = $1', [fleet.id]);
    expect(vehicle).toMatchObject({ ready: false, sedang_muat: false, nama_kapal: 'KM E2E Nusantara' });
    const url = shipment.delivery_record_image_url as string;
    const objects = await hub.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
      'shipment-documents',
      url.replace('/storage/v1/object/public/shipment-documents/', ''),
    ]);
    expect(objects).toHaveLength(1);
  });
});
