// Issue 42 on the tablet's storage (fake-indexeddb): discrepancies gain `serials` (schema version
// 1). A discrepancy stored by the previous release (version 0, no such field) survives the app
// update with none named, and a row pulled from a server without the column is stored with none.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openLocal } from '../../sync/db/database';
import { SCHEMAS } from '../../sync/db/schemas';
import type { Discrepancy } from '../../sync/model/rows';
import { applyPulled } from '../../sync/replication/view';
import { freshIdb, storedByPreviousRelease } from '../support/previous-release';

const USER = '00000000-0000-4000-8000-00000000d15c';
const idb = freshIdb();

const row = (n: number): Omit<Discrepancy, 'serials'> => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  created_at: '2026-11-28T01:00:00Z',
  updated_at: '2026-11-28T01:00:00Z',
  deleted: false,
  change_xid: String(100 + n),
  shipment_id: '00000000-0000-4000-8000-0000000000aa',
  receipt_id: '00000000-0000-4000-8000-0000000000bb',
  item: 'smartboard',
  reason: 'kurang',
  quantity: 2,
  note: null,
  photo_ids: ['00000000-0000-4000-8000-0000000000cc'],
  origin_hub_id: '00000000-0000-4000-8000-0000000000d1',
  destination_hub_id: '00000000-0000-4000-8000-0000000000d2',
  reported_by: '00000000-0000-4000-8000-0000000000e1',
  reported_at: '2026-11-28T01:00:00Z',
  status: 'open',
  resolved_by: null,
  resolved_at: null,
  resolution_note: null,
});

describe('discrepancies.serials on the tablet', () => {
  it('a row of the previous release names no serial after the update; a pulled row without the column neither', async () => {
    expect(SCHEMAS.discrepancies.version).toBe(1);
    await storedByPreviousRelease(idb, USER, 'discrepancies', ['serials'], [row(1)]);

    const local = await openLocal(USER, idb, false);
    try {
      const migrated = await local.db.discrepancies.findOne(row(1).id).exec();
      expect(migrated?.toMutableJSON()).toEqual({ ...row(1), serials: [] });

      // A server older than this app sends no serials column.
      await applyPulled(local, 'discrepancies', [row(2) as Discrepancy]);
      const pulled = await local.db.discrepancies.findOne(row(2).id).exec();
      expect(pulled?.toMutableJSON()).toEqual({ ...row(2), serials: [] });
      // A newer one does.
      await applyPulled(local, 'discrepancies', [{ ...row(3), serials: ['SB-1'] }]);
      expect((await local.db.discrepancies.findOne(row(3).id).exec())?.serials).toEqual(['SB-1']);
    } finally {
      await local.close();
    }
  });
});
