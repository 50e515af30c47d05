// Issue 28 on the device: offline, a counted Selesai Bongkar shows at once (the shipment
// done, its discrepancy open, the warehouse's balance moved by what was counted in good
// order), a bad receipt is refused before anything is queued; synced, the server holds the
// same. Tower control resolves the discrepancy offline, shown at once, then on the server;
// the origin hub's device pulls it resolved. (One device open at a time: RxDB's open-core
// build allows 13 collections per process, a device opens 13.)
import { afterAll, describe, expect, it } from 'vitest';
import { ValidationFailed } from '../../sync/errors';
import { openDevice, settle, type Device } from '../support/sync-device';
import { DEMO_USERS, HUB, WAREHOUSE } from '../support/demo';
import { closeDb, id, rowOf } from './commands-support';
import {
  bookedBy,
  discrepancy,
  expectBalancesEqualLedger,
  receipt,
  unloadingAtCikarang,
} from './handover-support';

afterAll(closeDb);

const balanceOf = async (device: Device, warehouseId: string) => {
  const doc = await device.engine.db.stock_balances.findOne(warehouseId).exec();
  return doc ? { tv: doc.smartboard_quantity, bracket: doc.bracket_quantity } : null;
};

describe('the handover on a device', () => {
  let device: Device | undefined;
  afterAll(async () => device?.dispose());

  it('counts offline, syncs, is resolved by tower control offline, and the origin hub sees it resolved', async () => {
    const { shipmentId } = await unloadingAtCikarang();
    device = await openDevice(DEMO_USERS.cikarang);
    await settle(device.engine);
    const before = (await balanceOf(device, WAREHOUSE.cikarang))!;
    device.proxy.setMode('down');

    const payload = (r: Record<string, unknown>) => ({
      hub_id: HUB.cikarang,
      shipment_id: shipmentId,
      notes: null,
      smartboard_inventory_id: id(),
      bracket_inventory_id: id(),
      receipt: r,
    });
    // A difference without its discrepancy: refused at once, nothing queued.
    await expect(
      device.engine.dispatch('complete_unloading', payload(receipt({ smartboard_received: 10 })) as never),
    ).rejects.toMatchObject({ message: 'Catat selisih TV kurang sebanyak 2 dengan foto' });
    await expect(
      device.engine.dispatch('complete_unloading', payload(receipt({ receiver_signature_id: '' })) as never),
    ).rejects.toBeInstanceOf(ValidationFailed);
    expect(await device.engine.local.store.outbox.count()).toBe(0);

    // 10 TV arrived of 12, one of them broken; all 7 brackets.
    const short = discrepancy('smartboard', 'kurang', 2);
    const broken = discrepancy('smartboard', 'rusak', 1);
    const r = receipt({ smartboard_received: 10, smartboard_damaged: 1, discrepancies: [short, broken] });
    await device.engine.dispatch('complete_unloading', payload(r) as never);
    expect((await device.engine.db.shipments.findOne(shipmentId).exec())?.status).toBe('selesai');
    const local = await device.engine.db.discrepancies.findOne(short.id).exec();
    expect(local?.toJSON()).toMatchObject({
      shipment_id: shipmentId,
      reason: 'kurang',
      quantity: 2,
      status: 'open',
    });
    expect(await balanceOf(device, WAREHOUSE.cikarang)).toEqual({
      tv: before.tv + 9,
      bracket: before.bracket + 7,
    });
    expect(await rowOf('shipment_receipts', r.receipt_id)).toBeUndefined();

    device.proxy.setMode('up');
    await settle(device.engine);
    expect(await bookedBy(shipmentId, WAREHOUSE.cikarang)).toEqual({ tv: 9, bracket: 7 });
    expect(await rowOf('shipment_receipts', r.receipt_id)).toMatchObject({ smartboard_received: 10 });
    await expect
      .poll(async () => (await device!.engine.db.discrepancies.findOne(broken.id).exec())?.change_xid ?? '0')
      .not.toBe('0');
    await expectBalancesEqualLedger();
    await device.dispose();

    // Tower control, offline: resolved at once on its device, then on the server.
    device = await openDevice(DEMO_USERS.tower);
    await settle(device.engine);
    expect((await device.engine.db.discrepancies.findOne(short.id).exec())?.status).toBe('open');
    device.proxy.setMode('down');
    await device.engine.dispatch('resolve_discrepancy', {
      discrepancy_id: short.id,
      note: 'Klaim ke vendor',
    });
    expect((await device.engine.db.discrepancies.findOne(short.id).exec())?.toJSON()).toMatchObject({
      status: 'resolved',
      resolution_note: 'Klaim ke vendor',
      resolved_by: device.actor.userId,
    });
    device.proxy.setMode('up');
    await settle(device.engine);
    expect(await rowOf('discrepancies', short.id)).toMatchObject({
      status: 'resolved',
      resolved_by: device.actor.userId,
    });
    await device.dispose();

    // The origin hub's device pulls both, one resolved.
    device = await openDevice(DEMO_USERS.karawang);
    await settle(device.engine);
    const seen = await device.engine.db.discrepancies.find({ selector: { shipment_id: shipmentId } }).exec();
    expect(seen.map((d) => [d.id, d.status]).sort()).toEqual(
      [
        [short.id, 'resolved'],
        [broken.id, 'open'],
      ].sort(),
    );
  });
});
