// Issue 29: tower control and admin correct the counts of a shipment still on
// its way, or void it, with a reason; the stock ledger follows, hub users may
// not, a received shipment cannot be touched, a replay changes nothing twice,
// and a refusal writes nothing.
import { afterAll, describe, expect, it } from 'vitest';
import { as, closeDb, daratPayload, id, rowOf, rowsWhere } from './commands-support';
import { dropStockedHubs, stockedHub, stockIn, truckAt, type StockedHub } from './cmd-shipment-stock-support';
import { HUB, WAREHOUSE } from '../support/demo';
import { countedAsSent } from '../support/receipt';

afterAll(async () => {
  await dropStockedHubs();
  await closeDb();
});

/** 50 TV and 30 brackets at a hub of the test's own; a shipment of 20 and 10 leaves to Cikarang. */
async function shipped(): Promise<{ hub: StockedHub; shipmentId: string; inventoryId: string; vehicleId: string }> {
  const tower = await as('tower');
  const hub = await stockedHub(50, 30);
  const vehicleId = await truckAt(hub.hubId);
  const p = daratPayload(hub.hubId, vehicleId, WAREHOUSE.cikarang, { smartboard_quantity: 20, bracket_quantity: 10 });
  await tower.ok('create_shipment_darat', p);
  expect(await stockIn(hub.warehouseId)).toEqual({ smartboards: 30, brackets: 20 });
  return { hub, shipmentId: p.shipment_id, inventoryId: p.inventory_id, vehicleId };
}

const counts = (shipmentId: string, smartboards: number, brackets: number, reason = 'Salah hitung saat muat') => ({
  shipment_id: shipmentId,
  smartboard_quantity: smartboards,
  bracket_quantity: brackets,
  reason,
});

describe('correct_shipment_counts', () => {
  it('rewrites the counts and the stock row; the ledger is what it should be', async () => {
    const { hub, shipmentId, inventoryId } = await shipped();
    const tower = await as('tower');
    await tower.ok('correct_shipment_counts', counts(shipmentId, 25, 4));
    // 50 - 25 = 25 TV, 30 - 4 = 26 brackets.
    expect(await stockIn(hub.warehouseId)).toEqual({ smartboards: 25, brackets: 26 });
    expect(await rowOf('shipments', shipmentId)).toMatchObject({ smartboard_quantity: 25, bracket_quantity: 4 });
    expect(await rowOf('inventory', inventoryId)).toMatchObject({ smartboard_quantity: -25, bracket_quantity: -4 });

    // Admin may too; down to nothing: the whole stock is back.
    await (await as('admin')).ok('correct_shipment_counts', counts(shipmentId, 0, 0));
    expect(await stockIn(hub.warehouseId)).toEqual({ smartboards: 50, brackets: 30 });
  });

  it('refuses taking more than the warehouse holds, naming the extra asked; nothing written', async () => {
    const { hub, shipmentId, inventoryId } = await shipped();
    const tower = await as('tower');
    // 30 TV left: 20 + 31 would take 31 more.
    expect(await tower.run('correct_shipment_counts', counts(shipmentId, 51, 10))).toMatchObject({
      outcome: 'rejected',
      code: 'precondition',
      message: `Stok Smartboard di ${hub.warehouseName} tidak cukup: tersedia 30, diminta 31.`,
    });
    expect(await rowOf('shipments', shipmentId)).toMatchObject({ smartboard_quantity: 20, bracket_quantity: 10 });
    expect(await rowOf('inventory', inventoryId)).toMatchObject({ smartboard_quantity: -20, bracket_quantity: -10 });
    // Exactly what is left is fine.
    await tower.ok('correct_shipment_counts', counts(shipmentId, 50, 10));
    expect(await stockIn(hub.warehouseId)).toEqual({ smartboards: 0, brackets: 20 });
  });

  it('tower control and admin only; a reason; whole numbers; not the same counts', async () => {
    const { hub, shipmentId } = await shipped();
    const tower = await as('tower');
    for (const user of ['karawang', 'cikarang'] as const) {
      expect(await (await as(user)).run('correct_shipment_counts', counts(shipmentId, 1, 1))).toMatchObject({
        code: 'forbidden',
        message: 'Anda tidak memiliki izin untuk tindakan ini.',
      });
    }
    expect(await tower.run('correct_shipment_counts', counts(shipmentId, 1, 1, '   '))).toMatchObject({
      code: 'validation',
      message: 'Alasan harus diisi.',
    });
    expect(await tower.run('correct_shipment_counts', counts(shipmentId, 1.5, 1))).toMatchObject({
      code: 'validation',
      message: 'Jumlah harus bilangan bulat.',
    });
    expect(await tower.run('correct_shipment_counts', counts(shipmentId, 20, 10))).toMatchObject({
      code: 'precondition',
      message: 'Jumlah baru sama dengan jumlah yang tercatat.',
    });
    expect(await tower.run('correct_shipment_counts', counts(id(), 1, 1))).toMatchObject({ code: 'not_found' });
    expect(await rowOf('shipments', shipmentId)).toMatchObject({ smartboard_quantity: 20, bracket_quantity: 10 });
    expect(await stockIn(hub.warehouseId)).toEqual({ smartboards: 30, brackets: 20 });
  });

  it('a replay is answered from the record: the stock moves once', async () => {
    const { hub, shipmentId } = await shipped();
    const tower = await as('tower');
    const command = tower.command('correct_shipment_counts', counts(shipmentId, 10, 10));
    const [first] = await tower.send([command]);
    const [again] = await tower.send([command]);
    expect(first!.outcome).toBe('applied');
    expect(again).toEqual(first);
    expect(await stockIn(hub.warehouseId)).toEqual({ smartboards: 40, brackets: 20 });
  });

  it('is refused once the shipment is received: after Confirm Tiba, Mulai Bongkar and Selesai Bongkar', async () => {
    const { shipmentId } = await shipped();
    const tower = await as('tower');
    const cikarang = await as('cikarang');
    const at = { hub_id: HUB.cikarang, shipment_id: shipmentId };
    const refused = {
      outcome: 'rejected',
      code: 'precondition',
      message: 'Pengiriman ini sudah diterima atau dibatalkan; jumlahnya tidak dapat diubah lagi.',
    };
    await cikarang.ok('confirm_arrival', at);
    expect(await tower.run('correct_shipment_counts', counts(shipmentId, 1, 1))).toMatchObject(refused);
    expect(await tower.run('void_shipment', { shipment_id: shipmentId, reason: 'x' })).toMatchObject(refused);
    await cikarang.ok('start_unloading', at);
    expect(await tower.run('correct_shipment_counts', counts(shipmentId, 1, 1))).toMatchObject(refused);
    await cikarang.ok('complete_unloading', {
      ...at,
      notes: null,
      smartboard_inventory_id: id(),
      bracket_inventory_id: id(),
      receipt: countedAsSent(20, 10),
    });
    expect(await tower.run('correct_shipment_counts', counts(shipmentId, 1, 1))).toMatchObject(refused);
    expect(await (await as('admin')).run('void_shipment', { shipment_id: shipmentId, reason: 'x' })).toMatchObject(
      refused,
    );
    expect(await rowOf('shipments', shipmentId)).toMatchObject({
      status: 'selesai',
      smartboard_quantity: 20,
      bracket_quantity: 10,
    });
  });
});

describe('void_shipment', () => {
  it('voids: not in transit, its stock back, the truck ready, the batch number free again', async () => {
    const { hub, shipmentId, inventoryId, vehicleId } = await shipped();
    const admin = await as('admin');
    await admin.ok('void_shipment', { shipment_id: shipmentId, reason: 'Dikirim karena salah input' });
    expect(await rowOf('shipments', shipmentId)).toMatchObject({ status: 'dibatalkan', selesai_bongkar: true });
    expect(await rowOf('inventory', inventoryId)).toMatchObject({ deleted: true });
    expect(await stockIn(hub.warehouseId)).toEqual({ smartboards: 50, brackets: 30 });
    expect(await rowOf('vehicles', vehicleId)).toMatchObject({ ready: true, sedang_muat: false, siap_muat: false });
    expect(
      await rowsWhere('select key from public.shipment_statuses where key = $1 and not deleted', ['dibatalkan']),
    ).toHaveLength(1);

    // The reason stays in the trail: the shipment's history shows it.
    const { data, error } = await admin.client.rpc('shipment_history', { p_shipment_id: shipmentId });
    expect(error).toBeNull();
    const entry = (data as { type: string; payload: { reason?: string } }[]).find((h) => h.type === 'void_shipment');
    expect(entry?.payload.reason).toBe('Dikirim karena salah input');

    // Voided once: no second void, no correction.
    const tower = await as('tower');
    expect(await tower.run('void_shipment', { shipment_id: shipmentId, reason: 'lagi' })).toMatchObject({
      code: 'precondition',
    });
    expect(await tower.run('correct_shipment_counts', counts(shipmentId, 1, 1))).toMatchObject({
      code: 'precondition',
    });
    expect(await stockIn(hub.warehouseId)).toEqual({ smartboards: 50, brackets: 30 });

    // The batch number may be used again, and the truck may leave again.
    const { batch_number } = (await rowOf<{ batch_number: string }>('shipments', shipmentId))!;
    const again = daratPayload(hub.hubId, vehicleId, WAREHOUSE.cikarang, { batch_number, smartboard_quantity: 50 });
    await tower.ok('create_shipment_darat', again);
  });

  it('hub users may not; a reason is required; a replay voids once', async () => {
    const { hub, shipmentId } = await shipped();
    expect(
      await (await as('karawang')).run('void_shipment', { shipment_id: shipmentId, reason: 'salah' }),
    ).toMatchObject({ code: 'forbidden' });
    const tower = await as('tower');
    expect(await tower.run('void_shipment', { shipment_id: shipmentId, reason: '' })).toMatchObject({
      code: 'validation',
      message: 'Alasan harus diisi.',
    });
    expect(await rowOf('shipments', shipmentId)).toMatchObject({ status: 'otw_cikarang', selesai_bongkar: false });

    const command = tower.command('void_shipment', { shipment_id: shipmentId, reason: 'Salah truk' });
    const [first] = await tower.send([command]);
    const [again] = await tower.send([command]);
    expect(first!.outcome).toBe('applied');
    expect(again).toEqual(first);
    expect(await stockIn(hub.warehouseId)).toEqual({ smartboards: 50, brackets: 30 });
  });
});
