import { describe, expect, it } from 'vitest';
import { ownerSql } from '../support/clients';
import { type Device, deviceOfBlock, settle } from '../support/sync-device';
import { DEMO_USERS, HUB, TRUCK_TYPE } from '../support/demo';

describe('sync smoke', () => {
  const karawang = deviceOfBlock(DEMO_USERS.karawang);
  let device: Device;

  it('pulls, dispatches offline, survives a restart, pushes once online', async () => {
    device = await karawang.open();
    expect(await device.engine.db.hubs.count().exec()).toBeGreaterThan(0);
    // A truck of its own: seeded vehicles belong to the read-matrix tests.
    const vendor = crypto.randomUUID();
    const target = { id: crypto.randomUUID() };
    await device.engine.dispatch('add_vendor', { vendor_id: vendor, name: `Smoke ${Date.now()}` });
    await device.engine.dispatch('add_vehicle', {
      vehicle_id: target.id,
      vendor_id: vendor,
      mode: 'darat',
      license_plate: `B ${Date.now().toString().slice(-4)} SMK`,
      vehicle_type_id: TRUCK_TYPE,
      current_hub_id: HUB.karawang,
    });
    await settle(device.engine);

    device.proxy.setMode('down');
    await device.engine.dispatch('queue_vehicles', { hub_id: HUB.karawang, vehicle_ids: [target.id] });
    expect((await device.engine.db.vehicles.findOne(target.id).exec())!.siap_muat).toBe(true);
    await device.engine.syncNow();
    await device.close();
    await device.reopen();
    expect((await device.engine.db.vehicles.findOne(target.id).exec())!.siap_muat).toBe(true);
    expect(await device.engine.hasPendingWork()).toBe(true);

    device.proxy.setMode('up');
    await settle(device.engine);
    const sql = await ownerSql();
    const { rows } = await sql.query('select siap_muat, current_hub_id from public.vehicles where id = $1', [
      target.id,
    ]);
    await sql.end();
    expect(rows[0]).toEqual({ siap_muat: true, current_hub_id: HUB.karawang });
    expect((await device.engine.db.vehicles.findOne(target.id).exec())!.siap_muat).toBe(true);
  });
});
