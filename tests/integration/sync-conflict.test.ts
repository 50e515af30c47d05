// Guarantees 4, 5 and 9: two tablets confirm the same arrival offline; the
// first to reconnect wins, the second is told who did it and when, the
// commands behind its rejected one still apply, and both converge.
import { afterAll, describe, expect, it } from 'vitest';
import { ownerSql } from '../support/clients';
import { comparable, serverRows } from '../support/sync-scenarios';
import { openDevice, settle, type Device } from '../support/sync-device';
import { DEMO_USERS, HUB, WAREHOUSE } from '../support/demo';

async function shipmentToCikarang(): Promise<string> {
  const sql = await ownerSql();
  try {
    // A truck of its own: seeded vehicles belong to the read-matrix tests.
    const vendor = (
      await sql.query(`insert into public.vendors (name) values ($1) returning id`, [`Konflik ${Date.now()}`])
    ).rows[0].id;
    const vehicle = (
      await sql.query(
        `insert into public.vehicles (license_plate, vendor_id, current_hub_id, ready)
         values ($1, $2, $3, false) returning id`,
        [`B ${Date.now().toString().slice(-4)} KF`, vendor, HUB.karawang],
      )
    ).rows[0].id;
    const { rows } = await sql.query(
      `insert into public.shipments (batch_number, vehicle_id, origin_hub_id, destination_hub_id, current_hub_id,
         smartboard_quantity, bracket_quantity, status, loading_date)
       values ($1, $2, $3, $4, $3, 5, 6, 'otw_cikarang', now()) returning id`,
      [`CONFLICT-${Date.now()}`, vehicle, HUB.karawang, HUB.cikarang],
    );
    return rows[0].id;
  } finally {
    await sql.end();
  }
}

describe('two tablets, one arrival', () => {
  const devices: Device[] = [];
  afterAll(async () => {
    for (const d of devices) await d.dispose();
  });

  it('applies the first confirmation, rejects the second with who and when, and converges', async () => {
    const shipment = await shipmentToCikarang();
    // Each tablet pulls, loses its signal, confirms, and is put away (RxDB's
    // open-core build allows one such device open at a time in one process).
    const a = await openDevice(DEMO_USERS.cikarang);
    devices.push(a);
    await settle(a.engine);
    a.proxy.setMode('down');
    await a.engine.dispatch('confirm_arrival', { hub_id: HUB.cikarang, shipment_id: shipment });
    await a.close();

    const b = await openDevice(DEMO_USERS.cikarang);
    devices.push(b);
    await settle(b.engine);
    b.proxy.setMode('down');
    await b.engine.dispatch('confirm_arrival', { hub_id: HUB.cikarang, shipment_id: shipment });
    const behind = crypto.randomUUID();
    await b.engine.dispatch('add_inventory', {
      inventory_id: behind,
      warehouse_id: WAREHOUSE.cikarang,
      date_recorded: '2026-11-21',
      smartboard_quantity: 1,
      bracket_quantity: 0,
      batch_number: 'BEHIND-THE-CONFLICT',
    });
    expect((await b.engine.db.shipments.findOne(shipment).exec())!.status).toBe('confirm_tiba');
    await b.close();

    await a.reopen();
    a.proxy.setMode('up');
    await settle(a.engine);
    await a.close();

    await b.reopen();
    b.proxy.setMode('up');
    await settle(b.engine);

    const conflicts = await b.engine.local.store.conflicts.toArray();
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]!.code).toBe('conflict');
    expect(conflicts[0]!.message).toMatch(/cikarang@demo\.local/);
    expect(conflicts[0]!.message).toMatch(/\d{2} \w{3} \d{4} \d{2}:\d{2}/);

    const sql = await ownerSql();
    try {
      const [server] = await serverRows(sql, 'shipments', [shipment]);
      expect(server!.status).toBe('confirm_tiba');
      // The command behind the rejected one was applied.
      expect((await serverRows(sql, 'inventory', [behind])).length).toBe(1);
      const bView = (await b.engine.db.shipments.findOne(shipment).exec())!.toMutableJSON();
      expect(comparable(bView as never)).toEqual(comparable(server!));
      await b.close();
      await a.reopen();
      await settle(a.engine);
      const aView = (await a.engine.db.shipments.findOne(shipment).exec())!.toMutableJSON();
      expect(comparable(aView as never)).toEqual(comparable(server!));
      expect(await a.engine.local.store.conflicts.count()).toBe(0);
    } finally {
      await sql.end();
    }
  });
});
