// Issue 28: a shipment's documents through the upload queue, against the real stack. A
// surat jalan made offline survives a restart, is stored once online at its documents/
// path, then attach_document records it with the facts fixed on the device (hash, size,
// device time, location); a retried upload rewrites one object and one row. Storage lets
// in PDFs and only the users of the shipment's hubs.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { makeSuratJalanPdf } from '../../src/lib/documents/surat-jalan-pdf';
import { ownerSql, signedIn } from '../support/clients';
import { DEMO_USERS, HUB, TRUCK_TYPE, USER_ID, WAREHOUSE } from '../support/demo';
import { png } from '../support/images';
import { signedUrl } from '../support/signed-url';
import { type Device, deviceOfBlock, openDevice, settle } from '../support/sync-device';

const BUCKET = 'shipment-documents';

async function ship(device: Device): Promise<{ shipment: string; batch: string }> {
  const vendor = crypto.randomUUID();
  const vehicle = crypto.randomUUID();
  const tag = crypto.randomUUID().slice(0, 5);
  await device.engine.dispatch('add_vendor', { vendor_id: vendor, name: `Dokumen ${tag}` });
  await device.engine.dispatch('add_vehicle', {
    vehicle_id: vehicle,
    vendor_id: vendor,
    mode: 'darat',
    license_plate: `B ${tag.replace(/[^0-9]/g, '1').slice(0, 4)} DK`,
    vehicle_type_id: TRUCK_TYPE,
    driver_name: 'Sari',
    current_hub_id: HUB.karawang,
  });
  const shipment = crypto.randomUUID();
  const batch = `DOK-${shipment.slice(0, 8)}`;
  await device.engine.dispatch('create_shipment_darat', {
    hub_id: HUB.karawang,
    shipment_id: shipment,
    vehicle_id: vehicle,
    destination_warehouse_id: WAREHOUSE.cikarang,
    batch_number: batch,
    smartboard_quantity: 3,
    bracket_quantity: 4,
    inventory_id: crypto.randomUUID(),
    image_count: 0,
  });
  return { shipment, batch };
}

const suratJalan = (shipment: string, batch: string) =>
  makeSuratJalanPdf({
    appOrigin: 'http://tablet.test',
    shipmentId: shipment,
    batchNumber: batch,
    madeAt: new Date(),
    timeZone: 'Asia/Jakarta',
    originHub: 'Hub Karawang',
    destinationHub: 'Hub Cikarang',
    vendor: 'Dokumen',
    transport: { mode: 'darat', vehiclePlate: 'B 1 DK', driverName: 'Sari' },
    smartboard: 3,
    bracket: 4,
  });

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function objectCount(path: string): Promise<number> {
  const sql = await ownerSql();
  try {
    const { rows } = await sql.query(
      'select count(*)::int as n from storage.objects where bucket_id = $1 and name = $2',
      [BUCKET, path],
    );
    return rows[0].n;
  } finally {
    await sql.end();
  }
}

async function documentRows(id: string) {
  const sql = await ownerSql();
  try {
    const { rows } = await sql.query('select * from public.shipment_documents where id = $1', [id]);
    return rows;
  } finally {
    await sql.end();
  }
}

describe('document uploads', () => {
  const karawang = deviceOfBlock(DEMO_USERS.karawang);
  let device: Device;

  it('a surat jalan made offline survives a restart, is stored once online and attached with its facts', async () => {
    device = await karawang.open({ thenOffline: true });
    const { shipment, batch } = await ship(device);
    const pdf = await suratJalan(shipment, batch);
    const madeAt = new Date();
    const { id, path } = await device.engine.queueDocument({
      shipmentId: shipment,
      kind: 'surat_jalan',
      bytes: pdf,
      mime: 'application/pdf',
      location: { latitude: -6.3, longitude: 107.3, accuracy_m: 12 },
      deviceTime: madeAt,
    });
    expect(path).toBe(`shipments/${shipment}/documents/${id}.pdf`);

    await device.close();
    await device.reopen();
    const kept = await device.engine.local.store.uploads.get(path);
    expect(kept?.state).toBe('pending');
    expect(kept?.document?.sha256).toBe(sha256(pdf));
    device.proxy.setMode('up');
    await settle(device.engine);

    expect(await objectCount(path)).toBe(1);
    // The bucket is private (issue 40): the uploader reads it through a signed URL.
    const served = await fetch(await signedUrl(device.supabase, path));
    expect(served.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);

    const [row] = await documentRows(id);
    expect(row).toMatchObject({
      shipment_id: shipment,
      kind: 'surat_jalan',
      path,
      mime: 'application/pdf',
      size_bytes: pdf.byteLength,
      sha256: sha256(pdf),
      latitude: -6.3,
      longitude: 107.3,
      accuracy_m: 12,
      discrepancy_id: null,
      uploaded_by: USER_ID.karawang,
    });
    expect(new Date(row.device_time).getTime()).toBe(madeAt.getTime());
    expect(row.received_at).not.toBeNull();
    // The device pulled its own row back.
    await expect
      .poll(async () => (await device.engine.db.shipment_documents.findOne(id).exec())?.sha256)
      .toBe(sha256(pdf));
  });

  it('a retried upload (its answer lost) rewrites one object and attaches one row', async () => {
    const { shipment, batch } = await ship(device);
    await settle(device.engine);
    const before = device.proxy.forwarded.length;
    device.proxy.dropNextResponse(/\/storage\/v1\/object\/shipment-documents\/shipments\/.*\/documents\//);
    const pdf = await suratJalan(shipment, batch);
    const { id, path } = await device.engine.queueDocument({
      shipmentId: shipment,
      kind: 'surat_jalan',
      bytes: pdf,
      mime: 'application/pdf',
    });
    await expect.poll(async () => (await device.engine.local.store.uploads.get(path))?.attempts).toBe(1);
    await device.engine.local.store.uploads.update(path, { next_attempt_at: 0 });
    await settle(device.engine);

    const uploads = device.proxy.forwarded.slice(before).filter((r) => r.includes('/documents/'));
    expect(uploads).toEqual([
      `POST /storage/v1/object/${BUCKET}/${path}`,
      `POST /storage/v1/object/${BUCKET}/${path}`,
    ]);
    expect(await objectCount(path)).toBe(1);
    const rows = await documentRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0].latitude).toBeNull();
    // Queued again under the same id (a second tap on a slow tablet): nothing is sent again.
    const sent = device.proxy.forwarded.length;
    await device.engine.queueDocument({
      shipmentId: shipment,
      id,
      kind: 'surat_jalan',
      bytes: pdf,
      mime: 'application/pdf',
    });
    await settle(device.engine);
    expect(device.proxy.forwarded.slice(sent).filter((r) => r.includes('/documents/'))).toEqual([]);
    expect(await documentRows(id)).toHaveLength(1);
  });
});

describe('storage of document files', () => {
  let karawang: SupabaseClient;
  let cikarang: SupabaseClient;
  let poljak: SupabaseClient;
  let shipment: string;
  let device: Device;

  beforeAll(async () => {
    karawang = await signedIn(DEMO_USERS.karawang);
    cikarang = await signedIn(DEMO_USERS.cikarang);
    poljak = await signedIn(DEMO_USERS.poljak);
    device = await openDevice(DEMO_USERS.karawang);
    await settle(device.engine);
    ({ shipment } = await ship(device));
    await settle(device.engine);
  });
  afterAll(async () => device?.dispose());

  const upload = (client: SupabaseClient, path: string, bytes: Uint8Array, type: string, upsert = false) =>
    client.storage
      .from(BUCKET)
      .upload(path, new Blob([bytes.slice()], { type }), { contentType: type, upsert });
  const docPath = (ext: string) => `shipments/${shipment}/documents/${crypto.randomUUID()}.${ext}`;

  it('takes a PDF from the origin hub and a signature from the destination hub', async () => {
    const pdfPath = docPath('pdf');
    expect(
      (await upload(karawang, pdfPath, await suratJalan(shipment, 'X'), 'application/pdf')).error,
    ).toBeNull();
    expect((await upload(cikarang, docPath('png'), png(8, 8), 'image/png')).error).toBeNull();
    // Nobody else rewrites the file someone stored.
    const overwrite = await upload(
      cikarang,
      pdfPath,
      await suratJalan(shipment, 'Y'),
      'application/pdf',
      true,
    );
    expect(overwrite.error).not.toBeNull();
  });

  it("takes the receipt's files of a sea shipment from the POD of its city, not from another hub", async () => {
    const sql = await ownerSql();
    let sea: string;
    try {
      const { rows } = await sql.query(
        'select id from public.shipments where destination_hub_id = $1 and not deleted order by created_at limit 1',
        [HUB.makassar],
      );
      sea = rows[0].id;
    } finally {
      await sql.end();
    }
    const makassar = await signedIn(DEMO_USERS.makassar);
    const path = (ext: string) => `shipments/${sea}/documents/${crypto.randomUUID()}.${ext}`;
    expect((await upload(makassar, path('png'), png(8, 8), 'image/png')).error).toBeNull();
    expect((await upload(cikarang, path('png'), png(8, 8), 'image/png')).error).not.toBeNull();
  });

  it("refuses another hub's user, a path not of a document, and bytes that are not the declared PDF", async () => {
    expect((await upload(poljak, docPath('png'), png(8, 8), 'image/png')).error).not.toBeNull();
    const notADocument = `shipments/${shipment}/documents/surat.pdf`;
    expect(
      (await upload(karawang, notADocument, await suratJalan(shipment, 'X'), 'application/pdf')).error,
    ).not.toBeNull();
    const fake = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    expect((await upload(karawang, docPath('pdf'), fake, 'application/pdf')).error).not.toBeNull();
  });
});
