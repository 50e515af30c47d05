// Issue 40: the shipments' files live in a private bucket. A shipment's photo (its column names
// the object, as the spec's relative URL) is shown in the detail panel through a short-lived
// signed URL issued to the viewer, and the image loads; its old public path answers nothing.
// Offline, with no copy of its own, the tablet says the photo needs a connection.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from '../support/browser';
import { signedIn, stack } from '../support/clients';
import { DEMO_USERS, HUB, WAREHOUSE } from '../support/demo';
import { png } from '../support/images';
import { makeVehicle, tablet, tag, waitOffline } from './hub-support';

const browser = useBrowser();

describe("a shipment's photo in a private bucket", () => {
  it('is shown through a signed URL, never the public path; offline without a copy the panel says so', async () => {
    const karawang = await signedIn(DEMO_USERS.karawang);
    const { data: session } = await karawang.auth.getSession();
    const actor = session.session!.user.id;
    const truck = await makeVehicle({ hubId: HUB.karawang });
    const shipmentId = randomUUID();
    const path = `shipments/${shipmentId}/delivery_record.png`;
    const command = (type: string, payload: Record<string, unknown>) => ({
      id: randomUUID(),
      type,
      issued_at: new Date().toISOString(),
      actor,
      payload,
    });
    const created = await karawang.rpc('apply_commands', {
      commands: [
        command('create_shipment_darat', {
          hub_id: HUB.karawang,
          shipment_id: shipmentId,
          vehicle_id: truck.id,
          destination_warehouse_id: WAREHOUSE.cikarang,
          batch_number: `E2E-FOTO-${tag()}`,
          smartboard_quantity: 1,
          bracket_quantity: 1,
          inventory_id: randomUUID(),
          image_count: 1,
        }),
      ],
    });
    expect(created.error).toBeNull();
    const photo = png(24, 16, [10, 160, 90]);
    expect(
      (await karawang.storage.from('shipment-documents').upload(path, photo, { contentType: 'image/png' }))
        .error,
    ).toBeNull();
    const pointed = await karawang.rpc('apply_commands', {
      commands: [command('set_shipment_image', { shipment_id: shipmentId, slot: 'delivery_record', path })],
    });
    expect((pointed.data as { results: { outcome: string }[] }).results[0]!.outcome).toBe('applied');
    await karawang.auth.signOut();

    const publicPath = await fetch(`${stack().apiUrl}/storage/v1/object/public/shipment-documents/${path}`);
    expect(publicPath.status).toBeGreaterThanOrEqual(400);

    const { context, page } = await tablet(browser(), 'tower');
    await page.goto(appUrl(`/in-transit-detail?open=${shipmentId}`));
    const img = page.getByTestId('shipment-photos').locator('img');
    await expect
      .poll(() => img.getAttribute('src'))
      .toMatch(new RegExp(`/storage/v1/object/sign/shipment-documents/${path}\\?token=`));
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)))
      .toBe(24);

    await context.setOffline(true);
    await waitOffline(page);
    await page.reload();
    await page.getByTestId('shipment-detail').waitFor();
    await expect
      .poll(() => page.getByTestId('shipment-photos').getByTestId('stored-image-waiting').textContent())
      .toBe('Foto ini ada di server. Butuh koneksi untuk menampilkannya.');
    await context.close();
  }, 120_000);
});
