// Issue 42 on the tablet's storage (fake-indexeddb): the device's working-set pass
// (sync/replication/working-set.ts pruneWorkingSet) keeps a TV unit that went missing, arrived
// damaged or was delivered at a POD while the shipment it came on is held, and drops it with that shipment; units in stock
// or on their way stay whatever their shipment. The rule itself: working-set.test.ts.
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openLocal } from '../../sync/db/database';
import { cutoffAt } from '../../sync/domain/working-set';
import type { Shipment, TvUnit } from '../../sync/model/rows';
import { pruneWorkingSet } from '../../sync/replication/working-set';
import { numberedIds, shipmentRow, stamped } from '../support/rows';

const ID = numberedIds('77777777');
const stamp = stamped('2026-11-01T00:00:00Z', '5');
const cutoff = cutoffAt('2026-11-15T00:00:00.000Z');

const shipment = (n: number, over: Partial<Shipment>): Shipment =>
  shipmentRow({
    ...stamp,
    id: ID(n),
    batch_number: `B-${n}`,
    vehicle_id: ID(90),
    origin_hub_id: ID(91),
    destination_hub_id: ID(92),
    status: 'selesai',
    selesai_bongkar: true,
    ...over,
  });
/** Closed yesterday (held), and closed long before the cutoff (gone). */
const held = shipment(1, { unloading_finished_at: '2026-11-20T00:00:00Z' });
const gone = shipment(2, { unloading_finished_at: '2026-11-01T00:00:00Z' });

const unit = (n: number, state: TvUnit['state'], hub: string | null, on: string | null): TvUnit => ({
  ...stamp,
  id: ID(100 + n),
  serial: `U-${n}`,
  state,
  hub_id: hub,
  shipment_id: on,
  moved: on !== null,
});

describe("the working set's TV units on the tablet", () => {
  it('a missing, damaged or delivered unit stays while its shipment is held and leaves with it', async () => {
    const local = await openLocal(ID(1000), { indexedDB: new IDBFactory(), IDBKeyRange }, false);
    try {
      await local.db.shipments.bulkUpsert([held, gone]);
      const units = await local.collection('tv_units');
      await units.bulkUpsert([
        unit(1, 'missing', null, held.id),
        unit(2, 'damaged', ID(92), held.id),
        unit(3, 'missing', null, gone.id),
        unit(4, 'damaged', ID(92), gone.id),
        unit(5, 'in_stock', ID(92), null),
        unit(6, 'in_transit', null, ID(3)),
        unit(7, 'delivered', ID(92), held.id),
        unit(8, 'delivered', ID(92), gone.id),
      ]);
      const removed = await pruneWorkingSet(local, 'test-prune', cutoff);
      expect(removed).toMatchObject({ shipments: 1, tv_units: 3 });
      const left = (await units.find().exec()).map((d) => d.serial).sort();
      expect(left).toEqual(['U-1', 'U-2', 'U-5', 'U-6', 'U-7']);
    } finally {
      await local.close();
    }
  });
});
