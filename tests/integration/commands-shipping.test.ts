// The shipping forms through apply_commands (spec 4.1, 4.2, 5, 7.2, 9), as the
// demo hub users, with their effects checked in the database; and the command
// protocol itself: hub and actor checks, replays, rejections that do not block.
import { afterAll, describe, expect, it } from 'vitest';
import { png } from '../support/images';
import * as cmd from './commands-support';
import { HUB, SEA_VENDOR, TRUCK_VENDOR, WAREHOUSE } from '../support/demo';

afterAll(cmd.closeDb);

const jakartaDate = (iso: string) => new Date(Date.parse(iso) + 7 * 3600_000).toISOString().slice(0, 10);
const dateText = (d: unknown) => (d instanceof Date ? d.toISOString() : String(d));

describe('create_shipment_darat (Karawang/Cikarang form)', () => {
  it('creates the shipment, the outgoing inventory row and the vehicle flags in one go', async () => {
    const karawang = await cmd.as('karawang');
    const vehicleId = await cmd.makeVehicle(HUB.karawang, { ready: false, siap_muat: true });
    const p = cmd.daratPayload(HUB.karawang, vehicleId, WAREHOUSE.cikarang, {
      batch_number: '  TEST-KRW-1  ',
    });
    const command = await karawang.ok('create_shipment_darat', p);

    const s = await cmd.rowOf<Record<string, unknown>>('shipments', p.shipment_id);
    expect(s).toMatchObject({
      batch_number: 'TEST-KRW-1',
      vehicle_id: vehicleId,
      vendor_id: TRUCK_VENDOR.id,
      origin_hub_id: HUB.karawang,
      destination_hub_id: HUB.cikarang,
      current_hub_id: HUB.karawang,
      smartboard_quantity: 12,
      bracket_quantity: 7,
      delivery_record: true,
      bast: true,
      status: 'otw_cikarang',
      selesai_bongkar: false,
      etd: null,
      eta: null,
      notes: null,
    });
    expect(dateText(s!.loading_date)).toBe(new Date(command.issued_at).toISOString());

    const inventory = await cmd.rowOf<Record<string, unknown>>('inventory', p.inventory_id);
    expect(inventory).toMatchObject({
      warehouse_id: WAREHOUSE.karawang,
      smartboard_quantity: -12,
      bracket_quantity: -7,
      batch_number: 'TEST-KRW-1',
      shipment_id: p.shipment_id,
    });
    const { d } = (
      await cmd.rowsWhere<{ d: string }>(
        'select date_recorded::text as d from public.inventory where id = $1',
        [p.inventory_id],
      )
    )[0]!;
    expect(d).toBe(jakartaDate(command.issued_at));

    // Spec 4.1: sedang_muat and ready false; siap_muat is left as it was.
    expect(await cmd.rowOf('vehicles', vehicleId)).toMatchObject({
      ready: false,
      sedang_muat: false,
      siap_muat: true,
    });
    expect(await cmd.recorded(command.id)).toMatchObject({ outcome: 'applied', entity_id: p.shipment_id });
  });

  it.each([
    [WAREHOUSE.poljak, 'otw_poljak'],
    [WAREHOUSE.polsub, 'otw_polsub'],
    [WAREHOUSE.makassar, 'otw_podmakasar'],
  ])('derives the status from the destination warehouse %s: %s', async (warehouseId, status) => {
    const cikarang = await cmd.as('cikarang');
    const vehicleId = await cmd.makeVehicle(HUB.cikarang);
    const p = cmd.daratPayload(HUB.cikarang, vehicleId, warehouseId, { image_count: 0 });
    await cikarang.ok('create_shipment_darat', p);
    expect(await cmd.rowOf('shipments', p.shipment_id)).toMatchObject({
      status,
      delivery_record: false,
      bast: false,
    });
    // The negative row leaves the origin hub's first warehouse.
    expect(await cmd.rowOf('inventory', p.inventory_id)).toMatchObject({ warehouse_id: WAREHOUSE.cikarang });
  });

  it('adds the status otw_{city} when the city has none yet', async () => {
    const karawang = await cmd.as('karawang');
    const city = `Kendari ${cmd.tag()}`;
    const { warehouseId } = await cmd.makeHub(`POD ${city}`, city, 'pod', {
      name: `Gudang ${city}`,
      location: city,
    });
    const vehicleId = await cmd.makeVehicle(HUB.karawang);
    const p = cmd.daratPayload(HUB.karawang, vehicleId, warehouseId!);
    await karawang.ok('create_shipment_darat', p);
    const key = `otw_${city.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
    expect(await cmd.rowOf('shipments', p.shipment_id)).toMatchObject({ status: key });
    const [status] = await cmd.rowsWhere(
      'select label, color, deleted from public.shipment_statuses where key = $1',
      [key],
    );
    expect(status).toEqual({ label: `OTW ${city}`, color: 'primary', deleted: false });
  });

  it("refuses a destination it cannot name: 'Gagal menentukan status pengiriman dari tujuan gudang.'", async () => {
    const karawang = await cmd.as('karawang');
    const { warehouseId } = await cmd.makeHub(`Hub Antara ${cmd.tag()}`, null, 'hub', {
      name: 'Gudang Antara',
      location: null,
    });
    const vehicleId = await cmd.makeVehicle(HUB.karawang);
    const result = await karawang.run(
      'create_shipment_darat',
      cmd.daratPayload(HUB.karawang, vehicleId, warehouseId!),
    );
    expect(result).toMatchObject({
      outcome: 'rejected',
      code: 'precondition',
      message: 'Gagal menentukan status pengiriman dari tujuan gudang.',
    });
    expect(await cmd.rowOf('vehicles', vehicleId)).toMatchObject({ ready: true });
  });

  it.each([
    [{ destination_warehouse_id: '' }, 'Please select a destination warehouse'],
    [{ batch_number: '   ' }, 'Please enter batch number'],
    [{ image_count: 3 }, 'Maximum 2 images allowed'],
  ])('gives the form message for %o: %s', async (change, message) => {
    const karawang = await cmd.as('karawang');
    const vehicleId = await cmd.makeVehicle(HUB.karawang);
    const result = await karawang.run(
      'create_shipment_darat',
      cmd.daratPayload(HUB.karawang, vehicleId, WAREHOUSE.cikarang, change),
    );
    expect(result).toMatchObject({ outcome: 'rejected', code: 'validation', message });
  });

  it('refuses a vehicle that is not at the hub, or still carries a shipment', async () => {
    const karawang = await cmd.as('karawang');
    const elsewhere = await cmd.makeVehicle(HUB.cikarang);
    expect(
      await karawang.run(
        'create_shipment_darat',
        cmd.daratPayload(HUB.karawang, elsewhere, WAREHOUSE.cikarang),
      ),
    ).toMatchObject({
      outcome: 'rejected',
      code: 'precondition',
      message: expect.stringContaining('tidak berada di hub ini'),
    });

    const vehicleId = await cmd.makeVehicle(HUB.karawang);
    const first = cmd.daratPayload(HUB.karawang, vehicleId, WAREHOUSE.cikarang);
    await karawang.ok('create_shipment_darat', first);
    const again = await karawang.run(
      'create_shipment_darat',
      cmd.daratPayload(HUB.karawang, vehicleId, WAREHOUSE.cikarang),
    );
    expect(again).toMatchObject({
      outcome: 'rejected',
      code: 'precondition',
      message: expect.stringContaining(`masih membawa pengiriman ${first.batch_number}`),
    });
  });

  it("is refused for another hub's user (forbidden), whatever the payload says", async () => {
    const cikarang = await cmd.as('cikarang');
    const vehicleId = await cmd.makeVehicle(HUB.karawang);
    const p = cmd.daratPayload(HUB.karawang, vehicleId, WAREHOUSE.cikarang);
    expect(await cikarang.run('create_shipment_darat', p)).toMatchObject({
      outcome: 'rejected',
      code: 'forbidden',
    });
    expect(await cmd.rowOf('shipments', p.shipment_id)).toBeUndefined();
    expect(await cmd.rowOf('inventory', p.inventory_id)).toBeUndefined();
  });
});

describe('the command protocol', () => {
  it('refuses a command whose actor is someone else (forbidden_actor)', async () => {
    const karawang = await cmd.as('karawang');
    const admin = await cmd.as('admin');
    const vehicleId = await cmd.makeVehicle(HUB.karawang);
    const p = cmd.daratPayload(HUB.karawang, vehicleId, WAREHOUSE.cikarang);
    const [result] = await karawang.send([karawang.command('create_shipment_darat', p, { actor: admin.id })]);
    expect(result).toMatchObject({ outcome: 'rejected', code: 'forbidden_actor' });
    expect(await cmd.rowOf('shipments', p.shipment_id)).toBeUndefined();
  });

  it('applies a replayed command once and answers it the same (inventory sums prove it)', async () => {
    const karawang = await cmd.as('karawang');
    const vehicleId = await cmd.makeVehicle(HUB.karawang);
    const p = cmd.daratPayload(HUB.karawang, vehicleId, WAREHOUSE.cikarang);
    const command = karawang.command('create_shipment_darat', p);
    const first = await karawang.send([command]);
    const second = await karawang.send([command, command]);
    expect(first[0]).toMatchObject({ outcome: 'applied' });
    expect(second).toEqual([first[0], first[0]]);
    expect(await cmd.stockOf(p.shipment_id)).toEqual({ rows: 1, smartboards: -12, brackets: -7 });
    expect(await cmd.rowsWhere('select 1 from public.commands where id = $1', [command.id])).toHaveLength(1);
  });

  it('records a rejection and goes on with the next command of the batch', async () => {
    const karawang = await cmd.as('karawang');
    const vehicleId = await cmd.makeVehicle(HUB.karawang);
    const bad = karawang.command(
      'create_shipment_darat',
      cmd.daratPayload(HUB.karawang, vehicleId, WAREHOUSE.cikarang, { batch_number: '' }),
    );
    const good = karawang.command(
      'create_shipment_darat',
      cmd.daratPayload(HUB.karawang, vehicleId, WAREHOUSE.cikarang),
    );
    const results = await karawang.send([bad, good]);
    expect(results.map((r) => r.outcome)).toEqual(['rejected', 'applied']);
    expect(await cmd.recorded(bad.id)).toMatchObject({
      outcome: 'rejected',
      code: 'validation',
      message: 'Please enter batch number',
    });
    expect(await cmd.rowOf('shipments', (good.payload as { shipment_id: string }).shipment_id)).toBeDefined();
  });

  it('refuses a second command that reuses a row id (a device bug), without touching the row', async () => {
    const karawang = await cmd.as('karawang');
    const p = cmd.daratPayload(HUB.karawang, await cmd.makeVehicle(HUB.karawang), WAREHOUSE.cikarang);
    await karawang.ok('create_shipment_darat', p);
    const reuse = cmd.daratPayload(HUB.karawang, await cmd.makeVehicle(HUB.karawang), WAREHOUSE.cikarang, {
      shipment_id: p.shipment_id,
    });
    expect(await karawang.run('create_shipment_darat', reuse)).toMatchObject({
      outcome: 'rejected',
      code: 'duplicate_id',
    });
    expect(await cmd.rowOf('shipments', p.shipment_id)).toMatchObject({ batch_number: p.batch_number });
  });
});

describe('create_shipment_poljak and create_shipment_polsub (the port forms)', () => {
  it('PolJak: shipment, container, outgoing stock, and the ship stored on the vehicle', async () => {
    const poljak = await cmd.as('poljak');
    const vehicleId = await cmd.makeVehicle(HUB.poljak, { ready: false, siap_muat: true }, true);
    const p = cmd.seaPayload('poljak', HUB.poljak, vehicleId, HUB.makassar, { image_count: 2 });
    await poljak.ok('create_shipment_poljak', p);

    const s = await cmd.rowOf<Record<string, unknown>>('shipments', p.shipment_id);
    expect(s).toMatchObject({
      status: 'otw_podmakasar',
      origin_hub_id: HUB.poljak,
      destination_hub_id: HUB.makassar,
      current_hub_id: HUB.poljak,
      batch_number: p.batch_number,
      delivery_record: true,
      bast: true,
      vendor_id: SEA_VENDOR.id,
    });
    const [dates] = await cmd.rowsWhere<{ etd: string; eta: string }>(
      'select etd::text, eta::text from public.shipments where id = $1',
      [p.shipment_id],
    );
    expect(dates).toEqual({ etd: '2026-11-22', eta: '2026-11-29' });
    expect(await cmd.rowOf('containers', p.container_id)).toMatchObject({
      container_number: p.no_container,
      vessel_name: p.nama_kapal,
      shipping_line: 'Meratus Line',
      shipment_id: p.shipment_id,
    });
    expect(await cmd.rowOf('inventory', p.inventory_id)).toMatchObject({
      warehouse_id: WAREHOUSE.poljak,
      smartboard_quantity: -20,
      bracket_quantity: -10,
      shipment_id: p.shipment_id,
    });
    // Spec 4.1: siap_muat stays for PolJak; the ship and the line go on the vehicle.
    expect(await cmd.rowOf('vehicles', vehicleId)).toMatchObject({
      ready: false,
      sedang_muat: false,
      siap_muat: true,
      nama_kapal: p.nama_kapal,
      nama_pelayaran: 'Meratus Line',
    });
  });

  it('PolSub: also clears siap_muat, and leaves the vehicle names alone', async () => {
    const polsub = await cmd.as('polsub');
    const vehicleId = await cmd.makeVehicle(HUB.polsub, { ready: false, siap_muat: true }, true);
    const p = cmd.seaPayload('polsub', HUB.polsub, vehicleId, HUB.poljak);
    await polsub.ok('create_shipment_polsub', p);
    expect(await cmd.rowOf('shipments', p.shipment_id)).toMatchObject({
      status: 'otw_poljak',
      delivery_record: true,
      bast: false,
    });
    expect(await cmd.rowOf('vehicles', vehicleId)).toMatchObject({
      ready: false,
      sedang_muat: false,
      siap_muat: false,
      nama_kapal: 'KM Uji',
    });
  });

  it.each([
    ['create_shipment_poljak', { pelayaran: '' }, 'Pelayaran is required'],
    ['create_shipment_poljak', { eta: '' }, 'ETA is required'],
    ['create_shipment_poljak', { destination_hub_id: null }, 'Destination is required'],
    ['create_shipment_poljak', { smartboard_quantity: -1 }, 'Must be 0 or greater'],
    ['create_shipment_poljak', { image_count: 0 }, 'Upload minimal 1 gambar container'],
    ['create_shipment_poljak', { image_count: 3 }, 'Maksimal 2 gambar'],
    ['create_shipment_polsub', { nama_kapal: ' ' }, 'Nama kapal harus diisi'],
    ['create_shipment_polsub', { etd: '2026-02-30' }, 'ETD harus diisi'],
    ['create_shipment_polsub', { destination_hub_id: '' }, 'Tujuan harus dipilih'],
    ['create_shipment_polsub', { bracket_quantity: -5 }, 'Jumlah tidak boleh negatif'],
    ['create_shipment_polsub', { image_count: 0 }, 'Harap unggah minimal 1 gambar container'],
    ['create_shipment_polsub', { image_count: 3 }, 'Maksimal 2 gambar yang dapat diunggah'],
  ])('%s with %o: %s', async (type, change, message) => {
    const form = type === 'create_shipment_poljak' ? 'poljak' : 'polsub';
    const user = await cmd.as(form);
    const vehicleId = await cmd.makeVehicle(HUB[form], {}, true);
    const result = await user.run(type, cmd.seaPayload(form, HUB[form], vehicleId, HUB.makassar, change));
    expect(result).toMatchObject({ outcome: 'rejected', code: 'validation', message });
  });

  it('refuses the hub itself as destination, and another hub user', async () => {
    const poljak = await cmd.as('poljak');
    const vehicleId = await cmd.makeVehicle(HUB.poljak, {}, true);
    expect(
      await poljak.run('create_shipment_poljak', cmd.seaPayload('poljak', HUB.poljak, vehicleId, HUB.poljak)),
    ).toMatchObject({
      outcome: 'rejected',
      code: 'precondition',
    });
    const polsub = await cmd.as('polsub');
    expect(
      await polsub.run(
        'create_shipment_poljak',
        cmd.seaPayload('poljak', HUB.poljak, vehicleId, HUB.makassar),
      ),
    ).toMatchObject({ outcome: 'rejected', code: 'forbidden' });
  });

  it('still ships from a hub without a warehouse, without an inventory row (spec 8.2)', async () => {
    const admin = await cmd.as('admin');
    const { hubId } = await cmd.makeHub(`Dermaga Uji ${cmd.tag()}`, 'Cilegon');
    const vehicleId = await cmd.makeVehicle(hubId, {}, true);
    const p = cmd.seaPayload('poljak', hubId, vehicleId, HUB.makassar);
    await admin.ok('create_shipment_poljak', p);
    expect(await cmd.rowOf('shipments', p.shipment_id)).toMatchObject({ status: 'otw_podmakasar' });
    expect(await cmd.stockOf(p.shipment_id)).toEqual({ rows: 0, smartboards: 0, brackets: 0 });
  });
});

describe('set_shipment_image', () => {
  async function shipped() {
    const karawang = await cmd.as('karawang');
    const p = cmd.daratPayload(HUB.karawang, await cmd.makeVehicle(HUB.karawang), WAREHOUSE.cikarang, {
      image_count: 0,
    });
    await karawang.ok('create_shipment_darat', p);
    return p.shipment_id;
  }

  it('sets the relative public URL and the flag once the object exists', async () => {
    const karawang = await cmd.as('karawang');
    const shipmentId = await shipped();
    const path = `shipments/${shipmentId}/delivery_record.png`;
    const upload = await karawang.client.storage
      .from('shipment-documents')
      .upload(path, png(4, 4), { contentType: 'image/png' });
    expect(upload.error).toBeNull();
    await karawang.ok('set_shipment_image', { shipment_id: shipmentId, slot: 'delivery_record', path });
    expect(await cmd.rowOf('shipments', shipmentId)).toMatchObject({
      delivery_record: true,
      delivery_record_image_url: `/storage/v1/object/public/shipment-documents/${path}`,
      bast: false,
      bast_image_url: null,
    });
    // Staff may set the second photo too (the destination hub may not: write-path-who).
    const path2 = `shipments/${shipmentId}/bast.jpg`;
    await karawang.client.storage
      .from('shipment-documents')
      .upload(path2, png(5, 5), { contentType: 'image/png' });
    const tower = await cmd.as('tower');
    await tower.ok('set_shipment_image', { shipment_id: shipmentId, slot: 'bast', path: path2 });
    expect(await cmd.rowOf('shipments', shipmentId)).toMatchObject({
      bast: true,
      bast_image_url: `/storage/v1/object/public/shipment-documents/${path2}`,
    });
  });

  it('refuses a path with no object (upload_missing) and a user of an unrelated hub', async () => {
    const karawang = await cmd.as('karawang');
    const shipmentId = await shipped();
    const polsub = await cmd.as('polsub');
    const bast = { shipment_id: shipmentId, slot: 'bast', path: `shipments/${shipmentId}/bast.png` };
    expect(await karawang.run('set_shipment_image', bast)).toMatchObject({
      outcome: 'rejected',
      code: 'upload_missing',
    });
    expect(await polsub.run('set_shipment_image', bast)).toMatchObject({
      outcome: 'rejected',
      code: 'forbidden',
    });
    expect(await cmd.rowOf('shipments', shipmentId)).toMatchObject({ bast: false, bast_image_url: null });
  });
});
