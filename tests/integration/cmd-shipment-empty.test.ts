// Issue 41: nothing empty leaves, on the server. Through supabase-js (apply_commands), a
// shipment of 0 TV and 0 bracket is refused by each shipping form, for a hub user and for
// tower control, with code 'validation' and the device's words (sync/messages.ts), and writes
// nothing; one bracket alone, or one TV alone, is a load.
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../sync/messages';
import { as, closeDb, daratPayload, nothingWritten, rowOf, rowsWhere, seaPayload } from './commands-support';
import { addStock, dropStockedHubs, stockedHub, truckAt } from './cmd-shipment-stock-support';
import { HUB, WAREHOUSE } from '../support/demo';

afterAll(async () => {
  await dropStockedHubs();
  await closeDb();
});

const EMPTY = { outcome: 'rejected', code: 'validation', message: MESSAGES.shipmentEmpty };

describe('a shipment of no item', () => {
  it('is refused by the Karawang form for the hub user, in the same words as the device', async () => {
    const karawang = await as('karawang');
    const truck = await truckAt(HUB.karawang);
    const empty = daratPayload(HUB.karawang, truck, WAREHOUSE.cikarang, {
      smartboard_quantity: 0,
      bracket_quantity: 0,
      image_count: 0,
    });
    expect(await karawang.run('create_shipment_darat', empty)).toMatchObject(EMPTY);
    await nothingWritten(empty);
  });

  it('is refused by the darat form for tower control too; one bracket or one TV is a load', async () => {
    const tower = await as('tower');
    const hub = await stockedHub(1, 1);
    const truck = await truckAt(hub.hubId);
    const empty = daratPayload(hub.hubId, truck, WAREHOUSE.cikarang, { smartboard_quantity: 0, bracket_quantity: 0 });
    expect(await tower.run('create_shipment_darat', empty)).toMatchObject(EMPTY);
    await nothingWritten(empty);

    await tower.ok('create_shipment_darat', { ...empty, bracket_quantity: 1 });
    expect(await rowOf('shipments', empty.shipment_id)).toMatchObject({ smartboard_quantity: 0, bracket_quantity: 1 });
    const other = daratPayload(hub.hubId, await truckAt(hub.hubId), WAREHOUSE.cikarang, {
      smartboard_quantity: 1,
      bracket_quantity: 0,
    });
    await tower.ok('create_shipment_darat', other);
  });

  it.each(['poljak', 'polsub'] as const)('is refused by the %s form, container and all', async (form) => {
    const tower = await as('tower');
    const hub = await stockedHub(0, 0);
    const sea = await truckAt(hub.hubId);
    const empty = seaPayload(form, hub.hubId, sea, HUB.makassar, { smartboard_quantity: 0, bracket_quantity: 0 });
    expect(await tower.run(`create_shipment_${form}`, empty)).toMatchObject(EMPTY);
    await nothingWritten(empty);
    expect(await rowsWhere('select id from public.containers where id = $1', [empty.container_id])).toHaveLength(0);

    await addStock(hub.warehouseId, 1, 0);
    await tower.ok(`create_shipment_${form}`, { ...empty, smartboard_quantity: 1 });
  });
});
