// remove_serials on the tablet's storage (fake-indexeddb): tv_units gain `moved` (schema version
// 1). A unit stored by the previous release (version 0, no such field) survives the app update
// as not moved (the server's rows, pulled again since its migration filled the flag, bring the
// true ones), and a pulled row keeps what the server says.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openLocal } from '../../sync/db/database';
import { SCHEMAS } from '../../sync/db/schemas';
import type { TvUnit } from '../../sync/model/rows';
import { applyPulled } from '../../sync/replication/view';
import { freshIdb, storedByPreviousRelease } from '../support/previous-release';

const USER = '00000000-0000-4000-8000-0000000a11ed';
const idb = freshIdb();

const unit = (n: number): Omit<TvUnit, 'moved'> => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  created_at: '2026-12-01T01:00:00Z',
  updated_at: '2026-12-01T01:00:00Z',
  deleted: false,
  change_xid: String(200 + n),
  serial: `TV-MOVED-${n}`,
  state: 'in_stock',
  hub_id: '00000000-0000-4000-8000-0000000000d1',
  shipment_id: null,
});

describe('tv_units.moved on the tablet', () => {
  it('a unit of the previous release is not moved after the update; a pulled one keeps the server’s flag', async () => {
    expect(SCHEMAS.tv_units.version).toBe(1);
    await storedByPreviousRelease(idb, USER, 'tv_units', ['moved'], [unit(1)]);
    const local = await openLocal(USER, idb, false);
    try {
      const migrated = await local.db.tv_units.findOne(unit(1).id).exec();
      expect(migrated?.toMutableJSON()).toEqual({ ...unit(1), moved: false });
      await applyPulled(local, 'tv_units', [{ ...unit(1), change_xid: '300', moved: true }]);
      expect((await local.db.tv_units.findOne(unit(1).id).exec())?.moved).toBe(true);
    } finally {
      await local.close();
    }
  });
});
