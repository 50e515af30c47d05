// Issue 26 on the device: a warehouse's balance is pulled like every table, and the
// device's own pending work moves it at once (sync/replication/balances.ts): offline,
// after add_inventory and a shipment, the local balance shows both before any sync,
// also after the app restarts; once synced it is the server's, which also carries
// what others did meanwhile and leaves out what the server refused.
import { afterAll, describe, expect, it } from 'vitest';
import { ownerSql } from '../support/clients';
import { openDevice, settle, type Device } from '../support/sync-device';
import { DEMO_USERS, HUB, TRUCK_TYPE, TRUCK_VENDOR, WAREHOUSE } from '../support/demo';
import { as, closeDb, id, remember, tag } from './commands-support';

afterAll(closeDb);

interface Stock {
  tv: number;
  bracket: number;
}

async function serverBalance(warehouseId: string): Promise<Stock & { ledger: Stock }> {
  const sql = await ownerSql();
  try {
    const { rows } = await sql.query(
      `select b.smartboard_quantity as tv, b.bracket_quantity as bracket,
              (select coalesce(sum(i.smartboard_quantity), 0)::int from public.inventory i where i.warehouse_id = b.id and not i.deleted) as ledger_tv,
              (select coalesce(sum(i.bracket_quantity), 0)::int from public.inventory i where i.warehouse_id = b.id and not i.deleted) as ledger_bracket
       from public.stock_balances b where b.id = $1`,
      [warehouseId],
    );
    const r = rows[0];
    return { tv: r.tv, bracket: r.bracket, ledger: { tv: r.ledger_tv, bracket: r.ledger_bracket } };
  } finally {
    await sql.end();
  }
}

async function localBalance(device: Device, warehouseId: string): Promise<Stock | null> {
  const doc = await device.engine.db.stock_balances.findOne(warehouseId).exec();
  return doc ? { tv: doc.smartboard_quantity, bracket: doc.bracket_quantity } : null;
}

async function truckAtKarawang(): Promise<string> {
  const vehicleId = id();
  const sql = await ownerSql();
  try {
    await sql.query(
      `insert into public.vehicles (id, license_plate, vehicle_type_id, vendor_id, driver_name, current_hub_id, ready)
       values ($1, $2, $3, $4, 'Sopir Saldo', $5, true)`,
      [vehicleId, `SB ${tag().toUpperCase()}`, TRUCK_TYPE, TRUCK_VENDOR.id, HUB.karawang],
    );
  } finally {
    await sql.end();
  }
  return vehicleId;
}

const shipment = (vehicleId: string, smartboards: number, brackets: number) => {
  const shipmentId = id();
  remember(shipmentId);
  return {
    hub_id: HUB.karawang,
    shipment_id: shipmentId,
    vehicle_id: vehicleId,
    destination_warehouse_id: WAREHOUSE.cikarang,
    batch_number: `TEST-SB-${tag()}`,
    smartboard_quantity: smartboards,
    bracket_quantity: brackets,
    inventory_id: id(),
    image_count: 0,
  };
};

describe('stock balances on a device', () => {
  let device: Device | undefined;
  afterAll(async () => device?.dispose());

  it('offline, the balance shows the pending work at once; synced, it is the server\'s', async () => {
    const admin = await as('admin');
    // Stock to ship from, and two trucks the device knows before the network goes.
    await admin.ok('add_inventory', {
      inventory_id: id(),
      warehouse_id: WAREHOUSE.karawang,
      date_recorded: '2026-11-24',
      smartboard_quantity: 50,
      bracket_quantity: 50,
    });
    const truck = await truckAtKarawang();
    const movedAway = await truckAtKarawang();
    device = await openDevice(DEMO_USERS.karawang);
    await settle(device.engine);
    const first = await serverBalance(WAREHOUSE.karawang);
    expect(await localBalance(device, WAREHOUSE.karawang)).toEqual({ tv: first.tv, bracket: first.bracket });
    expect(await device.engine.db.vehicles.findOne(movedAway).exec()).not.toBeNull();

    device.proxy.setMode('down');
    await device.engine.dispatch('add_inventory', {
      inventory_id: id(),
      warehouse_id: WAREHOUSE.karawang,
      date_recorded: '2026-11-25',
      smartboard_quantity: 10,
      bracket_quantity: 3,
    });
    expect(await localBalance(device, WAREHOUSE.karawang)).toEqual({ tv: first.tv + 10, bracket: first.bracket + 3 });
    await device.engine.dispatch('create_shipment_darat', shipment(truck, 12, 7));
    // A shipment the server will refuse: its truck is moved to Cikarang meanwhile.
    await device.engine.dispatch('create_shipment_darat', shipment(movedAway, 5, 5));
    const pending = { tv: first.tv + 10 - 12 - 5, bracket: first.bracket + 3 - 7 - 5 };
    expect(await localBalance(device, WAREHOUSE.karawang)).toEqual(pending);
    // The screens' live query shows the same.
    const live = await new Promise<Stock>((resolve) => {
      const sub = device!.engine
        .live('stock_balances', { selector: { id: WAREHOUSE.karawang } })
        .subscribe((rows) => {
          if (!rows[0]) return;
          resolve({ tv: rows[0].smartboard_quantity, bracket: rows[0].bracket_quantity });
          queueMicrotask(() => sub.unsubscribe());
        });
    });
    expect(live).toEqual(pending);
    // Nothing of it is on the server yet.
    expect(await serverBalance(WAREHOUSE.karawang)).toMatchObject({ tv: first.tv, bracket: first.bracket });

    // The app restarts offline: the balance still carries the pending work.
    await device.engine.syncNow();
    await device.close();
    await device.reopen();
    expect(await localBalance(device, WAREHOUSE.karawang)).toEqual(pending);

    // Meanwhile, on the server: another user books stock, and the second truck leaves Karawang.
    await admin.ok('add_inventory', {
      inventory_id: id(),
      warehouse_id: WAREHOUSE.karawang,
      date_recorded: '2026-11-25',
      smartboard_quantity: 100,
      bracket_quantity: 1,
    });
    const sql = await ownerSql();
    try {
      await sql.query('update public.vehicles set current_hub_id = $2 where id = $1', [movedAway, HUB.cikarang]);
    } finally {
      await sql.end();
    }

    device.proxy.setMode('up');
    await settle(device.engine);
    const rejected = (await device.engine.local.store.conflicts.toArray()).filter((c) => c.code === 'precondition');
    expect(rejected.length).toBeGreaterThan(0);
    const server = await serverBalance(WAREHOUSE.karawang);
    expect({ tv: server.tv, bracket: server.bracket }).toEqual(server.ledger);
    expect({ tv: server.tv, bracket: server.bracket }).toEqual({
      tv: first.tv + 10 - 12 + 100,
      bracket: first.bracket + 3 - 7 + 1,
    });
    await expect
      .poll(() => localBalance(device!, WAREHOUSE.karawang))
      .toEqual({ tv: server.tv, bracket: server.bracket });
  });
});
