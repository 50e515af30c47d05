// Guarantee 10: photos taken offline survive a restart, are uploaded once to
// a deterministic path on reconnect, an interrupted upload is retried to the
// same path, and the shipment points only at objects that exist.
import { describe, expect, it } from 'vitest';
import { ownerSql } from '../support/clients';
import { png } from '../support/images';
import { signedUrl } from '../support/signed-url';
import { type Device, deviceOfBlock, settle } from '../support/sync-device';
import { DEMO_USERS, HUB, TRUCK_TYPE, WAREHOUSE } from '../support/demo';

const PUBLIC_PREFIX = '/storage/v1/object/public/shipment-documents/';

async function readyTruck(device: Device): Promise<string> {
  const vendor = crypto.randomUUID();
  const vehicle = crypto.randomUUID();
  const tag = Date.now().toString().slice(-5);
  await device.engine.dispatch('add_vendor', { vendor_id: vendor, name: `Foto ${tag}` });
  await device.engine.dispatch('add_vehicle', {
    vehicle_id: vehicle,
    vendor_id: vendor,
    mode: 'darat',
    license_plate: `B ${tag} FT`,
    vehicle_type_id: TRUCK_TYPE,
    driver_name: 'Sari',
    current_hub_id: HUB.karawang,
  });
  return vehicle;
}

async function ship(device: Device, vehicle: string): Promise<string> {
  const shipment = crypto.randomUUID();
  await device.engine.dispatch('create_shipment_darat', {
    hub_id: HUB.karawang,
    shipment_id: shipment,
    vehicle_id: vehicle,
    destination_warehouse_id: WAREHOUSE.cikarang,
    batch_number: `FOTO-${shipment.slice(0, 8)}`,
    smartboard_quantity: 3,
    bracket_quantity: 4,
    inventory_id: crypto.randomUUID(),
    image_count: 2,
  });
  return shipment;
}

describe('photo uploads', () => {
  const karawang = deviceOfBlock(DEMO_USERS.karawang);
  let device: Device;

  it('survive a restart offline and are uploaded once on reconnect', async () => {
    device = await karawang.open({ thenOffline: true });
    const shipment = await ship(device, await readyTruck(device));
    const delivery = png(64, 48, [10, 200, 10]);
    const bast = png(48, 64, [200, 10, 10]);
    await device.engine.queueImage(
      shipment,
      'delivery_record',
      new Blob([new Uint8Array(delivery)], { type: 'image/png' }),
    );
    await device.engine.queueImage(shipment, 'bast', new Blob([new Uint8Array(bast)], { type: 'image/png' }));

    await device.close();
    await device.reopen();
    expect(await device.engine.local.store.uploads.where('state').equals('pending').count()).toBe(2);
    device.proxy.setMode('up');
    await settle(device.engine);

    const uploads = device.proxy.forwarded.filter((r) => r.startsWith('POST /storage/v1/object/'));
    expect(uploads.sort()).toEqual([
      `POST /storage/v1/object/shipment-documents/shipments/${shipment}/bast.png`,
      `POST /storage/v1/object/shipment-documents/shipments/${shipment}/delivery_record.png`,
    ]);
    const sql = await ownerSql();
    try {
      const { rows } = await sql.query(
        'select delivery_record_image_url, bast_image_url, delivery_record, bast from public.shipments where id = $1',
        [shipment],
      );
      const row = rows[0];
      expect(row.delivery_record && row.bast).toBe(true);
      for (const [url, bytes] of [
        [row.delivery_record_image_url as string, delivery],
        [row.bast_image_url as string, bast],
      ] as const) {
        expect(url.startsWith(PUBLIC_PREFIX)).toBe(true);
        const objects = await sql.query(
          `select count(*)::int as n from storage.objects where bucket_id = 'shipment-documents' and name = $1`,
          [url.slice(PUBLIC_PREFIX.length)],
        );
        expect(objects.rows[0].n).toBe(1);
        // The column names the object; the bucket is private: read through a signed URL (issue 40).
        const served = await fetch(await signedUrl(device.supabase, url.slice(PUBLIC_PREFIX.length)));
        expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
      }
    } finally {
      await sql.end();
    }
  });

  it('retries an interrupted upload to the same path', async () => {
    const shipment = await ship(device, await readyTruck(device));
    await settle(device.engine);
    const before = device.proxy.forwarded.length;
    device.proxy.dropNextResponse(/\/storage\/v1\/object\/shipment-documents\//);
    await device.engine.queueImage(
      shipment,
      'delivery_record',
      new Blob([new Uint8Array(png(20, 20))], { type: 'image/png' }),
    );
    // queueImage starts a round by itself; wait for its dropped upload to be
    // recorded as a failed attempt (a second round now could already retry it,
    // its backoff being a second).
    const path = `shipments/${shipment}/delivery_record.png`;
    await expect.poll(() => device.proxy.dropped.some((d) => d.includes(shipment))).toBe(true);
    await expect.poll(async () => (await device.engine.local.store.uploads.get(path))?.attempts).toBe(1);
    const entry = await device.engine.local.store.uploads.get(path);
    expect(entry?.state).toBe('pending');
    // Due again now rather than after the backoff.
    await device.engine.local.store.uploads.update(entry!.path, { next_attempt_at: 0 });
    await settle(device.engine);

    const attempts = device.proxy.forwarded
      .slice(before)
      .filter((r) => r.startsWith('POST /storage/v1/object/'));
    expect(attempts).toEqual([
      `POST /storage/v1/object/shipment-documents/shipments/${shipment}/delivery_record.png`,
      `POST /storage/v1/object/shipment-documents/shipments/${shipment}/delivery_record.png`,
    ]);
    const sql = await ownerSql();
    try {
      const objects = await sql.query(
        `select count(*)::int as n from storage.objects where bucket_id = 'shipment-documents' and name like $1`,
        [`shipments/${shipment}/%`],
      );
      expect(objects.rows[0].n).toBe(1);
      const { rows } = await sql.query(
        'select delivery_record_image_url from public.shipments where id = $1',
        [shipment],
      );
      expect(rows[0].delivery_record_image_url).toBe(
        `${PUBLIC_PREFIX}shipments/${shipment}/delivery_record.png`,
      );
    } finally {
      await sql.end();
    }
  });
});
