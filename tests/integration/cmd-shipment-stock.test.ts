// Issue 29: the shipping forms on the server take no more than the origin
// warehouse holds (under the warehouse row's lock, so two concurrent shipments
// cannot both pass on the same stock), whole numbers only, a batch number once;
// a refused command writes nothing.
import { afterAll, describe, expect, it } from 'vitest';
import { as, closeDb, daratPayload, nothingWritten, rowOf, rowsWhere, seaPayload, tag } from './commands-support';
import { addStock, dropStockedHubs, stockedHub, stockIn, truckAt } from './cmd-shipment-stock-support';
import { HUB, WAREHOUSE } from '../support/demo';

afterAll(async () => {
  await dropStockedHubs();
  await closeDb();
});

const short = (item: string, warehouse: string, available: number, asked: number) =>
  `Stok ${item} di ${warehouse} tidak cukup: tersedia ${available}, diminta ${asked}.`;

describe('create_shipment_darat against the origin stock', () => {
  it('refuses more than the warehouse holds, with the item, the stock and the ask; takes exactly what is there', async () => {
    const tower = await as('tower');
    const hub = await stockedHub(10, 5);
    const vehicle = await truckAt(hub.hubId);

    // One item short by one, then the other: [TVs, brackets] asked, the item named, held, asked.
    const shortOfOne: [number, number, string, number, number][] = [
      [11, 5, 'Smartboard', 10, 11],
      [10, 6, 'Bracket', 5, 6],
    ];
    for (const [smartboards, brackets, item, available, asked] of shortOfOne) {
      const p = daratPayload(hub.hubId, vehicle, WAREHOUSE.cikarang, {
        smartboard_quantity: smartboards,
        bracket_quantity: brackets,
      });
      expect(await tower.run('create_shipment_darat', p)).toMatchObject({
        outcome: 'rejected',
        code: 'precondition',
        message: short(item, hub.warehouseName, available, asked),
      });
      await nothingWritten(p);
    }
    expect(await stockIn(hub.warehouseId)).toEqual({ smartboards: 10, brackets: 5 });

    const all = daratPayload(hub.hubId, vehicle, WAREHOUSE.cikarang, {
      smartboard_quantity: 10,
      bracket_quantity: 5,
    });
    await tower.ok('create_shipment_darat', all);
    expect(await stockIn(hub.warehouseId)).toEqual({ smartboards: 0, brackets: 0 });

    const another = await truckAt(hub.hubId);
    const none = daratPayload(hub.hubId, another, WAREHOUSE.cikarang, {
      smartboard_quantity: 1,
      bracket_quantity: 0,
    });
    expect(await tower.run('create_shipment_darat', none)).toMatchObject({
      code: 'precondition',
      message: short('Smartboard', hub.warehouseName, 0, 1),
    });
    // An empty load is no load (issue 41: cmd-shipment-empty.test.ts); a bracket needs its stock.
    await addStock(hub.warehouseId, 0, 1);
    const bracket = daratPayload(hub.hubId, another, WAREHOUSE.cikarang, {
      smartboard_quantity: 0,
      bracket_quantity: 1,
    });
    await tower.ok('create_shipment_darat', bracket);
  });

  it('the same refusal for a hub user of the demo hub (its seeded stock plus what the test adds)', async () => {
    const karawang = await as('karawang');
    const before = await stockIn(WAREHOUSE.karawang);
    const vehicle = await truckAt(HUB.karawang);
    const ask = Math.max(before.smartboards, 0) + 1;
    const p = daratPayload(HUB.karawang, vehicle, WAREHOUSE.cikarang, {
      smartboard_quantity: ask,
      bracket_quantity: 0,
    });
    expect(await karawang.run('create_shipment_darat', p)).toMatchObject({
      code: 'precondition',
      message: short('Smartboard', 'Gudang Karawang', Math.max(before.smartboards, 0), ask),
    });
    await nothingWritten(p);
  });

  it('two concurrent shipments that together exceed the stock: one applies, the other is refused', async () => {
    const [tower, admin] = await Promise.all([as('tower'), as('admin')]);
    // A few rounds: without the warehouse lock both would pass on PostgreSQL most of the time.
    for (let round = 0; round < 4; round++) {
      const hub = await stockedHub(10, 10);
      const [v1, v2] = await Promise.all([truckAt(hub.hubId), truckAt(hub.hubId)]);
      const p1 = daratPayload(hub.hubId, v1, WAREHOUSE.cikarang, {
        smartboard_quantity: 7,
        bracket_quantity: 1,
      });
      const p2 = daratPayload(hub.hubId, v2, WAREHOUSE.cikarang, {
        smartboard_quantity: 7,
        bracket_quantity: 1,
      });
      const [a, b] = await Promise.all([
        tower.run('create_shipment_darat', p1),
        admin.run('create_shipment_darat', p2),
      ]);
      expect([a.outcome, b.outcome].sort()).toEqual(['applied', 'rejected']);
      const loser = a.outcome === 'rejected' ? a : b;
      expect(loser).toMatchObject({
        code: 'precondition',
        message: short('Smartboard', hub.warehouseName, 3, 7),
      });
      expect(await stockIn(hub.warehouseId)).toEqual({ smartboards: 3, brackets: 9 });
      const shipped = await rowsWhere('select id from public.shipments where origin_hub_id = $1', [
        hub.hubId,
      ]);
      expect(shipped).toHaveLength(1);
    }
  });

  it('a replay is answered from the record: applied once, the stock taken once', async () => {
    const tower = await as('tower');
    const hub = await stockedHub(8, 8);
    const p = daratPayload(hub.hubId, await truckAt(hub.hubId), WAREHOUSE.cikarang, {
      smartboard_quantity: 5,
      bracket_quantity: 5,
    });
    const command = tower.command('create_shipment_darat', p);
    const [first] = await tower.send([command]);
    const [again] = await tower.send([command]);
    expect(first!.outcome).toBe('applied');
    expect(again).toEqual(first);
    expect(await stockIn(hub.warehouseId)).toEqual({ smartboards: 3, brackets: 3 });
  });
});

describe('whole numbers only', () => {
  it.each([
    ['smartboard_quantity', 2.5],
    ['bracket_quantity', 0.1],
  ])('%s = %s is refused with its own message, nothing written', async (field, value) => {
    const tower = await as('tower');
    const hub = await stockedHub(10, 10);
    const p = daratPayload(hub.hubId, await truckAt(hub.hubId), WAREHOUSE.cikarang, { [field]: value });
    expect(await tower.run('create_shipment_darat', p)).toMatchObject({
      outcome: 'rejected',
      code: 'validation',
      message: 'Jumlah harus bilangan bulat.',
    });
    await nothingWritten(p);
  });

  it('a negative count keeps the spec message', async () => {
    const tower = await as('tower');
    const hub = await stockedHub(10, 10);
    const p = daratPayload(hub.hubId, await truckAt(hub.hubId), WAREHOUSE.cikarang, { bracket_quantity: -1 });
    expect(await tower.run('create_shipment_darat', p)).toMatchObject({
      code: 'validation',
      message: 'Must be 0 or greater',
    });
  });
});

describe('a batch number once', () => {
  it('refuses a batch number a live shipment has (conflict), nothing written; the first keeps it', async () => {
    const tower = await as('tower');
    const hub = await stockedHub(50, 50);
    const batch = `DUP-${tag()}`;
    const first = daratPayload(hub.hubId, await truckAt(hub.hubId), WAREHOUSE.cikarang, {
      batch_number: batch,
    });
    await tower.ok('create_shipment_darat', first);
    const second = daratPayload(hub.hubId, await truckAt(hub.hubId), WAREHOUSE.cikarang, {
      batch_number: `  ${batch} `,
    });
    expect(await tower.run('create_shipment_darat', second)).toMatchObject({
      outcome: 'rejected',
      code: 'conflict',
      message: `Nomor batch ${batch} sudah dipakai pengiriman lain.`,
    });
    await nothingWritten(second);
    expect(await stockIn(hub.warehouseId)).toEqual({ smartboards: 38, brackets: 43 });
  });

  it('two concurrent commands with one new batch number: one applies', async () => {
    const [tower, admin] = await Promise.all([as('tower'), as('admin')]);
    const hub = await stockedHub(50, 50);
    const batch = `DUA-${tag()}`;
    const p1 = daratPayload(hub.hubId, await truckAt(hub.hubId), WAREHOUSE.cikarang, { batch_number: batch });
    const p2 = daratPayload(hub.hubId, await truckAt(hub.hubId), WAREHOUSE.cikarang, { batch_number: batch });
    const [a, b] = await Promise.all([
      tower.run('create_shipment_darat', p1),
      admin.run('create_shipment_darat', p2),
    ]);
    expect([a.outcome, b.outcome].sort()).toEqual(['applied', 'rejected']);
    expect((a.outcome === 'rejected' ? a : b).code).toBe('conflict');
    expect(await rowsWhere('select id from public.shipments where batch_number = $1', [batch])).toHaveLength(
      1,
    );
  });
});

describe('the port forms', () => {
  it('take no more than the port warehouse holds, and refuse a repeated batch number', async () => {
    const tower = await as('tower');
    const hub = await stockedHub(4, 4);
    const sea = await truckAt(hub.hubId);
    const tooMany = seaPayload('poljak', hub.hubId, sea, HUB.makassar, {
      smartboard_quantity: 5,
      bracket_quantity: 0,
    });
    expect(await tower.run('create_shipment_poljak', tooMany)).toMatchObject({
      code: 'precondition',
      message: short('Smartboard', hub.warehouseName, 4, 5),
    });
    expect(await rowOf('shipments', tooMany.shipment_id)).toBeUndefined();
    expect(
      await rowsWhere('select id from public.containers where id = $1', [tooMany.container_id]),
    ).toHaveLength(0);

    await addStock(hub.warehouseId, 1, 0);
    const fits = seaPayload('poljak', hub.hubId, sea, HUB.makassar, {
      smartboard_quantity: 5,
      bracket_quantity: 4,
    });
    await tower.ok('create_shipment_poljak', fits);
    expect(await stockIn(hub.warehouseId)).toEqual({ smartboards: 0, brackets: 0 });

    // Issue 41: no empty load; the bracket it carries, added first.
    await addStock(hub.warehouseId, 0, 1);
    const again = seaPayload('polsub', hub.hubId, await truckAt(hub.hubId), HUB.makassar, {
      smartboard_quantity: 0,
      bracket_quantity: 1,
      batch_number: fits.batch_number.replace('POLJAK', 'POLSUB'),
    });
    await tower.ok('create_shipment_polsub', again);
    const repeat = seaPayload('polsub', hub.hubId, await truckAt(hub.hubId), HUB.makassar, {
      smartboard_quantity: 0,
      bracket_quantity: 1,
      batch_number: again.batch_number,
    });
    expect(await tower.run('create_shipment_polsub', repeat)).toMatchObject({
      code: 'conflict',
      message: `Nomor batch ${again.batch_number} sudah dipakai pengiriman lain.`,
    });
  });
});
