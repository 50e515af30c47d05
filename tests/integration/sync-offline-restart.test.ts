// Guarantees 1, 3 and 7: 50 mixed commands made offline survive a restart,
// reach the server exactly once and in order, and the server ends where the
// device predicted.
import { describe, expect, it } from 'vitest';
import { ownerSql } from '../support/clients';
import { comparable, serverRows } from '../support/sync-scenarios';
import { type Device, deviceOfBlock, settle } from '../support/sync-device';
import { DEMO_USERS, HUB, TRUCK_TYPE, WAREHOUSE } from '../support/demo';
import type { CommandInput, CommandType } from '../../sync';

const id = () => crypto.randomUUID();

describe('offline, restart, online', () => {
  const karawang = deviceOfBlock(DEMO_USERS.karawang);
  let device: Device;

  it('applies 50 offline commands exactly once, in order, to the predicted state', async () => {
    device = await karawang.open({ thenOffline: true });

    const tag = `OFF-${Date.now()}`;
    const touched: Record<string, string[]> = { vendors: [], vehicles: [], shipments: [], inventory: [] };
    const dispatched: string[] = [];
    const run = async <T extends CommandType>(type: T, payload: CommandInput<T>) => {
      const { id: commandId } = await device.engine.dispatch(type, payload);
      dispatched.push(commandId);
    };

    // A vendor with three trucks; each truck goes through the whole queue and
    // is shipped to Cikarang; stock is booked in between. (Editing the vendor is
    // for admins: spec 6.)
    const vendor = id();
    touched.vendors!.push(vendor);
    await run('add_vendor', {
      vendor_id: vendor,
      name: `Vendor ${tag}`,
      contact_person: 'Budi',
      phone: '0812',
    });
    for (let t = 0; t < 3; t++) {
      const vehicle = id();
      touched.vehicles!.push(vehicle);
      await run('add_vehicle', {
        vehicle_id: vehicle,
        vendor_id: vendor,
        mode: 'darat',
        license_plate: `B ${9000 + t} ${tag.slice(-3)}`,
        vehicle_type_id: TRUCK_TYPE,
        driver_name: `Driver ${t}`,
        current_hub_id: HUB.karawang,
      });
      // Queue, leave the queue, queue again, load, finish: the order matters.
      await run('queue_vehicles', { hub_id: HUB.karawang, vehicle_ids: [vehicle] });
      await run('remove_from_queue', { hub_id: HUB.karawang, vehicle_id: vehicle });
      await run('queue_vehicles', { hub_id: HUB.karawang, vehicle_ids: [vehicle] });
      await run('start_loading', { hub_id: HUB.karawang, vehicle_id: vehicle });
      await run('finish_loading', { hub_id: HUB.karawang, vehicle_id: vehicle });
      const shipment = id();
      const outgoing = id();
      touched.shipments!.push(shipment);
      touched.inventory!.push(outgoing);
      await run('create_shipment_darat', {
        hub_id: HUB.karawang,
        shipment_id: shipment,
        vehicle_id: vehicle,
        destination_warehouse_id: WAREHOUSE.cikarang,
        batch_number: `${tag}-${t}`,
        smartboard_quantity: 10 + t,
        bracket_quantity: 20 + t,
        inventory_id: outgoing,
        image_count: 0,
      });
    }
    while (dispatched.length < 50) {
      const row = id();
      touched.inventory!.push(row);
      await run('add_inventory', {
        inventory_id: row,
        warehouse_id: WAREHOUSE.karawang,
        date_recorded: '2026-11-20',
        smartboard_quantity: dispatched.length,
        bracket_quantity: 1,
        batch_number: tag,
      });
    }
    expect(dispatched).toHaveLength(50);

    await device.engine.syncNow(); // fails: the network is cut
    const predicted: Record<string, Record<string, unknown>[]> = {};
    for (const [table, ids] of Object.entries(touched)) {
      const docs = await device.engine.db[table as 'vendors'].findByIds(ids).exec();
      predicted[table] = ids.map((i) => comparable(docs.get(i)!.toMutableJSON() as never));
    }

    await device.close();
    await device.reopen();
    expect(await device.engine.local.store.outbox.count()).toBe(50);
    device.proxy.setMode('up');
    await settle(device.engine);

    const sql = await ownerSql();
    try {
      const { rows } = await sql.query(
        'select id, outcome, code, message from public.commands where id = any($1) order by seq',
        [dispatched],
      );
      expect(rows.filter((r) => r.outcome !== 'applied')).toEqual([]);
      // Once each, and in the order they were made.
      expect(rows.map((r) => r.id)).toEqual(dispatched);
      for (const [table, ids] of Object.entries(touched)) {
        const server = (await serverRows(sql, table, ids)).map(comparable);
        const byId = new Map(server.map((r) => [r.id, r]));
        expect(
          ids.map((i) => byId.get(i)),
          table,
        ).toEqual(predicted[table]);
      }
    } finally {
      await sql.end();
    }
  });
});
