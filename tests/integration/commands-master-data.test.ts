// Master data through apply_commands (spec 2.5 to 2.9, 5, 7.2): inventory,
// warehouses, vendors, vehicle types, vehicles and sea fleets, hubs. Who may do
// what, the spec's messages from the server, field-level merges, soft deletes
// refused while in use, duplicates refused with a clear message.
import { afterAll, describe, expect, it } from 'vitest';
import * as cmd from './commands-support';
import { HUB, TRUCK_TYPE, TRUCK_VENDOR, WAREHOUSE } from '../support/demo';

afterAll(cmd.closeDb);

describe('add_inventory', () => {
  it('books a manual entry at a warehouse', async () => {
    const karawang = await cmd.as('karawang');
    const p = {
      inventory_id: cmd.id(),
      warehouse_id: WAREHOUSE.karawang,
      date_recorded: '2026-11-20',
      smartboard_quantity: 40,
      bracket_quantity: 0,
      batch_number: '  ',
    };
    await karawang.ok('add_inventory', p);
    const [row] = (
      await (
        await cmd.db()
      ).query('select *, date_recorded::text as d from public.inventory where id = $1', [p.inventory_id])
    ).rows;
    expect(row).toMatchObject({
      warehouse_id: WAREHOUSE.karawang,
      d: '2026-11-20',
      smartboard_quantity: 40,
      bracket_quantity: 0,
      batch_number: null,
      shipment_id: null,
    });
  });

  it.each([
    [{ warehouse_id: '' }, 'Pilih gudang'],
    [{ date_recorded: '' }, 'Tanggal harus dipilih'],
    [{ smartboard_quantity: -1 }, 'Jumlah smartboard tidak boleh negatif'],
    [{ bracket_quantity: -1 }, 'Jumlah bracket tidak boleh negatif'],
  ])('gives the message for %o: %s', async (change, message) => {
    const tower = await cmd.as('tower');
    const result = await tower.run('add_inventory', {
      inventory_id: cmd.id(),
      warehouse_id: WAREHOUSE.karawang,
      date_recorded: '2026-11-20',
      smartboard_quantity: 1,
      bracket_quantity: 1,
      ...change,
    });
    expect(result).toMatchObject({ outcome: 'rejected', code: 'validation', message });
  });

  it("refuses a hub user at another hub's warehouse; a POD user may book at its city's warehouse", async () => {
    const cikarang = await cmd.as('cikarang');
    const entry = (warehouseId: string) => ({
      inventory_id: cmd.id(),
      warehouse_id: warehouseId,
      date_recorded: '2026-11-20',
      smartboard_quantity: 1,
      bracket_quantity: 1,
    });
    expect(await cikarang.run('add_inventory', entry(WAREHOUSE.karawang))).toMatchObject({
      code: 'forbidden',
    });
    const makassar = await cmd.as('makassar');
    const { warehouseId } = await cmd.makeHub(`Hub Transit ${cmd.tag()}`, null, 'hub', {
      name: 'Gudang Transit',
      location: 'Makassar',
    });
    await makassar.ok('add_inventory', entry(warehouseId!));
  });
});

describe('add_warehouse', () => {
  it("adds a hub user's warehouse to its own hub, and refuses another hub", async () => {
    const polsub = await cmd.as('polsub');
    const p = { warehouse_id: cmd.id(), name: '  Gudang PolSub 2 ', location: '' };
    await polsub.ok('add_warehouse', p);
    expect(await cmd.rowOf('warehouses', p.warehouse_id)).toMatchObject({
      name: 'Gudang PolSub 2',
      location: null,
      hub_id: HUB.polsub,
    });
    expect(
      await polsub.run('add_warehouse', { warehouse_id: cmd.id(), name: 'X', hub_id: HUB.poljak }),
    ).toMatchObject({
      code: 'forbidden',
    });
  });

  it("lets staff add one without a hub; 'Nama gudang harus diisi', 'Nama terlalu panjang'", async () => {
    const tower = await cmd.as('tower');
    const p = { warehouse_id: cmd.id(), name: 'Gudang Lepas', location: 'Bekasi' };
    await tower.ok('add_warehouse', p);
    expect(await cmd.rowOf('warehouses', p.warehouse_id)).toMatchObject({ hub_id: null, location: 'Bekasi' });
    expect(await tower.run('add_warehouse', { warehouse_id: cmd.id(), name: ' ' })).toMatchObject({
      message: 'Nama gudang harus diisi',
    });
    expect(await tower.run('add_warehouse', { warehouse_id: cmd.id(), name: 'g'.repeat(101) })).toMatchObject(
      {
        message: 'Nama terlalu panjang',
      },
    );
  });
});

describe('vendors', () => {
  it('adds, edits field by field, and refuses a duplicate name with a clear message', async () => {
    const karawang = await cmd.as('karawang');
    const tower = await cmd.as('tower');
    const admin = await cmd.as('admin');
    const name = `PT Uji ${cmd.tag()}`;
    const vendorId = cmd.id();
    await karawang.ok('add_vendor', {
      vendor_id: vendorId,
      name: ` ${name} `,
      contact_person: '',
      phone: '0812',
    });
    expect(await cmd.rowOf('vendors', vendorId)).toMatchObject({ name, contact_person: null, phone: '0812' });

    // Two edits of different fields: both are kept. The later edit of the same field wins
    // (editing vendors is for admin, spec 6: write-path-who).
    await admin.ok('edit_vendor', { vendor_id: vendorId, changes: { contact_person: 'Budi' } });
    await admin.ok('edit_vendor', { vendor_id: vendorId, changes: { phone: '0813' } });
    await admin.ok('edit_vendor', { vendor_id: vendorId, changes: { contact_person: 'Siti' } });
    expect(await cmd.rowOf('vendors', vendorId)).toMatchObject({
      name,
      contact_person: 'Siti',
      phone: '0813',
    });

    const duplicate = await tower.run('add_vendor', { vendor_id: cmd.id(), name: name.toUpperCase() });
    expect(duplicate).toMatchObject({
      outcome: 'rejected',
      code: 'duplicate',
      message: `Vendor "${name.toUpperCase()}" sudah ada.`,
    });
    expect(await admin.run('edit_vendor', { vendor_id: TRUCK_VENDOR.id, changes: { name } })).toMatchObject({
      code: 'duplicate',
    });
    expect(await admin.run('edit_vendor', { vendor_id: vendorId, changes: { name: '' } })).toMatchObject({
      message: 'Nama vendor harus diisi',
    });
    expect(await tower.run('add_vendor', { vendor_id: cmd.id(), name: '' })).toMatchObject({
      message: 'Nama vendor is required',
    });
  });

  it('deletes (admin only, soft) and refuses while the vendor has active vehicles', async () => {
    const admin = await cmd.as('admin');
    const tower = await cmd.as('tower');
    const name = `PT Hapus ${cmd.tag()}`;
    const vendorId = cmd.id();
    await admin.ok('add_vendor', { vendor_id: vendorId, name });
    const vehicleId = cmd.id();
    await admin.ok('add_vehicle', {
      vehicle_id: vehicleId,
      vendor_id: vendorId,
      mode: 'darat',
      license_plate: cmd.plate(),
      vehicle_type_id: TRUCK_TYPE,
    });
    expect(await tower.run('delete_vendor', { vendor_id: vendorId })).toMatchObject({ code: 'forbidden' });
    expect(await admin.run('delete_vendor', { vendor_id: vendorId })).toMatchObject({
      code: 'precondition',
      message: `Vendor "${name}" masih memiliki 1 kendaraan aktif dan tidak dapat dihapus.`,
    });
    // Refused: nothing written.
    expect(await cmd.rowOf('vendors', vendorId)).toMatchObject({ deleted: false });
    await admin.ok('delete_vehicle', { vehicle_id: vehicleId });
    await admin.ok('delete_vendor', { vendor_id: vendorId });
    expect(await cmd.rowOf('vendors', vendorId)).toMatchObject({ deleted: true });
    // Its name is free again.
    await admin.ok('add_vendor', { vendor_id: cmd.id(), name });
    expect(await admin.run('edit_vendor', { vendor_id: vendorId, changes: { phone: '1' } })).toMatchObject({
      code: 'not_found',
    });
  });
});

describe('vehicle types', () => {
  it("adds one; 'Please enter vehicle type name'; a duplicate is refused", async () => {
    const cikarang = await cmd.as('cikarang');
    const name = `Truk Uji ${cmd.tag()}`;
    const typeId = cmd.id();
    await cikarang.ok('add_vehicle_type', { vehicle_type_id: typeId, name });
    expect(await cmd.rowOf('vehicle_types', typeId)).toMatchObject({ name });
    expect(
      await cikarang.run('add_vehicle_type', { vehicle_type_id: cmd.id(), name: ` ${name.toLowerCase()} ` }),
    ).toMatchObject({
      code: 'duplicate',
    });
    expect(await cikarang.run('add_vehicle_type', { vehicle_type_id: cmd.id(), name: '  ' })).toMatchObject({
      message: 'Please enter vehicle type name',
    });
  });
});

describe('vehicles and sea fleets', () => {
  it("adds a truck at the hub user's hub, ready and active (spec 4.1, 6)", async () => {
    const cikarang = await cmd.as('cikarang');
    const p = {
      vehicle_id: cmd.id(),
      vendor_id: TRUCK_VENDOR.id,
      mode: 'darat',
      license_plate: cmd.plate('B'),
      vehicle_type_id: TRUCK_TYPE,
      driver_name: 'Asep',
      driver_phone: '',
      nama_kapal: 'ignored',
    };
    await cikarang.ok('add_vehicle', p);
    expect(await cmd.rowOf('vehicles', p.vehicle_id)).toMatchObject({
      license_plate: p.license_plate,
      vendor_id: TRUCK_VENDOR.id,
      vehicle_type_id: TRUCK_TYPE,
      driver_name: 'Asep',
      driver_phone: null,
      nama_kapal: null,
      current_hub_id: HUB.cikarang,
      ready: true,
      siap_muat: false,
      sedang_muat: false,
      is_active: true,
    });
    // The same plate, spelled differently, is taken.
    const again = await cikarang.run('add_vehicle', {
      ...p,
      vehicle_id: cmd.id(),
      license_plate: p.license_plate.toLowerCase().replace(' ', '  '),
    });
    expect(again).toMatchObject({ code: 'duplicate', message: expect.stringContaining('sudah terdaftar') });
  });

  it('adds a sea unit (laut) and a sea fleet; staff may leave the hub empty', async () => {
    const tower = await cmd.as('tower');
    const laut = {
      vehicle_id: cmd.id(),
      vendor_id: TRUCK_VENDOR.id,
      mode: 'laut',
      license_plate: `MRTU ${cmd.tag()}`,
      vehicle_type_id: TRUCK_TYPE,
      nama_kapal: 'KM Laut',
      nama_pelayaran: 'Meratus',
    };
    await tower.ok('add_vehicle', laut);
    expect(await cmd.rowOf('vehicles', laut.vehicle_id)).toMatchObject({
      vehicle_type_id: null,
      nama_kapal: 'KM Laut',
      nama_pelayaran: 'Meratus',
      current_hub_id: null,
    });
    const fleet = {
      vehicle_id: cmd.id(),
      vendor_id: TRUCK_VENDOR.id,
      nama_kapal: 'KM Armada',
      nama_pelayaran: 'Tanto',
      container_number: `TNTU ${cmd.tag()}`,
      current_hub_id: HUB.poljak,
    };
    await tower.ok('add_sea_fleet', fleet);
    expect(await cmd.rowOf('vehicles', fleet.vehicle_id)).toMatchObject({
      license_plate: fleet.container_number,
      nama_kapal: 'KM Armada',
      current_hub_id: HUB.poljak,
      ready: true,
    });
  });

  it.each([
    ['add_vehicle', { mode: 'darat', vendor_id: '' }, 'Silakan pilih vendor'],
    [
      'add_vehicle',
      { mode: 'darat', vehicle_type_id: null },
      'Silakan lengkapi minimal Nomor Polisi dan Jenis Kendaraan',
    ],
    [
      'add_vehicle',
      { mode: 'darat', license_plate: ' ' },
      'Silakan lengkapi minimal Nomor Polisi dan Jenis Kendaraan',
    ],
    ['add_vehicle', { mode: 'laut', nama_kapal: 'KM A', nama_pelayaran: '' }, 'Silakan lengkapi semua field'],
    ['add_sea_fleet', { container_number: '' }, 'Semua field harus diisi'],
  ])('%s with %o: %s', async (type, change, message) => {
    const poljak = await cmd.as('poljak');
    const base =
      type === 'add_sea_fleet'
        ? {
            vehicle_id: cmd.id(),
            vendor_id: TRUCK_VENDOR.id,
            nama_kapal: 'KM A',
            nama_pelayaran: 'B',
            container_number: `C ${cmd.tag()}`,
          }
        : {
            vehicle_id: cmd.id(),
            vendor_id: TRUCK_VENDOR.id,
            license_plate: cmd.plate(),
            vehicle_type_id: TRUCK_TYPE,
          };
    expect(await poljak.run(type, { ...base, ...change })).toMatchObject({
      outcome: 'rejected',
      code: 'validation',
      message,
    });
  });

  it('a hub user places new vehicles at its own hub only', async () => {
    const karawang = await cmd.as('karawang');
    const p = {
      vehicle_id: cmd.id(),
      vendor_id: TRUCK_VENDOR.id,
      mode: 'darat',
      license_plate: cmd.plate(),
      vehicle_type_id: TRUCK_TYPE,
    };
    expect(await karawang.run('add_vehicle', { ...p, current_hub_id: HUB.polsub })).toMatchObject({
      code: 'forbidden',
    });
    await karawang.ok('add_vehicle', { ...p, current_hub_id: HUB.karawang });
  });

  it('edits only the named fields; deactivation takes it out of service, activation brings it back', async () => {
    const tower = await cmd.as('tower');
    const vehicleId = await cmd.makeVehicle(HUB.karawang);
    await tower.ok('edit_vehicle', {
      vehicle_id: vehicleId,
      changes: { driver_name: 'Ujang', driver_phone: ' ' },
    });
    expect(await cmd.rowOf('vehicles', vehicleId)).toMatchObject({
      driver_name: 'Ujang',
      driver_phone: null,
      ready: true,
    });
    await tower.ok('edit_vehicle', { vehicle_id: vehicleId, changes: { is_active: false } });
    expect(await cmd.rowOf('vehicles', vehicleId)).toMatchObject({
      is_active: false,
      ready: false,
      driver_name: 'Ujang',
    });
    await tower.ok('edit_vehicle', { vehicle_id: vehicleId, changes: { is_active: true } });
    expect(await cmd.rowOf('vehicles', vehicleId)).toMatchObject({ is_active: true, ready: true });
    expect(
      await tower.run('edit_vehicle', { vehicle_id: vehicleId, changes: { license_plate: '' } }),
    ).toMatchObject({
      message: 'Please fill in all required fields',
    });
  });

  it('refuses to delete or deactivate a vehicle that is queued or carries a shipment', async () => {
    const karawang = await cmd.as('karawang');
    // Editing and deleting vehicles is for admin and tower control (spec 6).
    const tower = await cmd.as('tower');
    const queued = await cmd.makeVehicle(HUB.karawang, { ready: false, siap_muat: true });
    expect(await tower.run('delete_vehicle', { vehicle_id: queued })).toMatchObject({
      code: 'precondition',
      message: expect.stringContaining('masih dalam antrian'),
    });
    expect(
      await tower.run('edit_vehicle', { vehicle_id: queued, changes: { is_active: false } }),
    ).toMatchObject({
      code: 'precondition',
    });
    const travelling = await cmd.makeVehicle(HUB.karawang);
    const p = cmd.daratPayload(HUB.karawang, travelling, WAREHOUSE.cikarang);
    await karawang.ok('create_shipment_darat', p);
    expect(await tower.run('delete_vehicle', { vehicle_id: travelling })).toMatchObject({
      code: 'precondition',
      message: expect.stringContaining(p.batch_number),
    });
    expect(await cmd.rowOf('vehicles', travelling)).toMatchObject({ deleted: false, is_active: true });
    const idle = await cmd.makeVehicle(HUB.karawang);
    await tower.ok('delete_vehicle', { vehicle_id: idle });
    expect(await cmd.rowOf('vehicles', idle)).toMatchObject({ deleted: true, is_active: false });
  });
});

describe('hubs (admin only)', () => {
  it('adds with type hub, edits field by field, refuses a duplicate and other roles', async () => {
    const admin = await cmd.as('admin');
    const tower = await cmd.as('tower');
    const name = `Hub Bekasi ${cmd.tag()}`;
    const hubId = cmd.id();
    expect(await tower.run('add_hub', { hub_id: hubId, name })).toMatchObject({ code: 'forbidden' });
    await admin.ok('add_hub', { hub_id: hubId, name, city: ' ' });
    expect(await cmd.rowOf('hubs', hubId)).toMatchObject({ name, city: null, type: 'hub', deleted: false });
    await admin.ok('edit_hub', { hub_id: hubId, changes: { city: 'Bekasi' } });
    expect(await cmd.rowOf('hubs', hubId)).toMatchObject({ name, city: 'Bekasi' });
    expect(await admin.run('add_hub', { hub_id: cmd.id(), name: name.toLowerCase() })).toMatchObject({
      code: 'duplicate',
      message: `Hub "${name.toLowerCase()}" sudah ada.`,
    });
    expect(await admin.run('edit_hub', { hub_id: hubId, changes: { name: 'Hub Karawang' } })).toMatchObject({
      code: 'duplicate',
    });
    expect(await admin.run('add_hub', { hub_id: cmd.id(), name: '  ' })).toMatchObject({
      message: 'Hub name is required',
    });
    const karawang = await cmd.as('karawang');
    expect(await karawang.run('edit_hub', { hub_id: hubId, changes: { city: 'X' } })).toMatchObject({
      code: 'forbidden',
    });
  });

  it('deletes softly, refused while it has warehouses, vehicles or open shipments', async () => {
    const admin = await cmd.as('admin');
    expect(await admin.run('delete_hub', { hub_id: HUB.cikarang })).toMatchObject({
      code: 'precondition',
      message: 'Hub "Hub Cikarang" masih memiliki gudang dan tidak dapat dihapus.',
    });
    expect(await cmd.rowOf('hubs', HUB.cikarang)).toMatchObject({ deleted: false });
    const { hubId } = await cmd.makeHub(`Hub Sementara ${cmd.tag()}`, 'Bogor');
    const vehicleId = await cmd.makeVehicle(hubId);
    expect(await admin.run('delete_hub', { hub_id: hubId })).toMatchObject({
      message: expect.stringContaining('masih memiliki kendaraan'),
    });
    expect(await cmd.rowOf('hubs', hubId)).toMatchObject({ deleted: false });
    await admin.ok('delete_vehicle', { vehicle_id: vehicleId });
    await admin.ok('delete_hub', { hub_id: hubId });
    expect(await cmd.rowOf('hubs', hubId)).toMatchObject({ deleted: true });
    expect(await admin.run('delete_hub', { hub_id: hubId })).toMatchObject({ code: 'not_found' });
  });

  it('is refused while a TV unit by serial is at the hub (issue 42): it would be left at a deleted hub', async () => {
    const admin = await cmd.as('admin');
    const { hubId } = await cmd.makeHub(`Hub Seri ${cmd.tag()}`, 'Bekasi');
    await (await cmd.db()).query('update public.hubs set serial_tracking = true where id = $1', [hubId]);
    await admin.ok('register_serials', {
      hub_id: hubId,
      units: [{ unit_id: cmd.id(), serial: `DEL-${cmd.tag().toUpperCase()}` }],
    });
    expect(await admin.run('delete_hub', { hub_id: hubId })).toMatchObject({
      code: 'precondition',
      message: expect.stringContaining('masih memegang TV bernomor seri'),
    });
    expect(await cmd.rowOf('hubs', hubId)).toMatchObject({ deleted: false });
  });
});
