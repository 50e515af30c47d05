// The pull is pipelined (issue 14): while one batch of 1,000 rows is written
// into IndexedDB, the next is already on its way. Over several batches, with
// requests and responses lost on the way, every row arrives exactly as the
// server has it, and the checkpoint ends at the server's last row; the same
// holds for the tombstones when the rows are deleted again.
import { afterAll, describe, expect, it } from 'vitest';
import { ownerSql } from '../support/clients';
import { openDevice, settle, type Device } from '../support/sync-device';
import { dropTaggedInventory, insertTaggedInventory } from '../support/sync-scenarios';
import { DEMO_USERS } from '../support/demo';

const ROWS = 2_600;
let device: Device | undefined;
afterAll(async () => device?.dispose());

async function serverRows(tag: string) {
  const sql = await ownerSql();
  try {
    const { rows } = await sql.query<{ id: string; change_xid: string }>(
      `select id::text, change_xid::text from public.inventory where batch_number like $1 and not deleted order by id`,
      [`${tag}%`],
    );
    return rows;
  } finally {
    await sql.end();
  }
}

describe('a pull over several batches', () => {
  it('brings every row and every tombstone, with faults between the batches', async () => {
    device = await openDevice(DEMO_USERS.admin, { pullIntervalMs: 3_600_000, pullBatch: 1000 });
    await settle(device.engine);
    const tag = `PIPE-${crypto.randomUUID().slice(0, 8)}-`;
    const sql = await ownerSql();
    try {
      await insertTaggedInventory(sql, tag, ROWS);
      const expected = await serverRows(tag);
      expect(expected).toHaveLength(ROWS);

      device.proxy.setChaos({ seed: 14, rate: 0.3, maxDelayMs: 100 });
      await expect
        .poll(
          async () => {
            await device!.engine.syncNow();
            const local = await device!.engine.db.inventory
              .find({ selector: { batch_number: { $regex: `^${tag}` } } })
              .exec();
            return local.map((d) => `${d.id} ${d.change_xid}`).sort();
          },
          { timeout: 60_000 },
        )
        .toEqual(expected.map((r) => `${r.id} ${r.change_xid}`));
      device.proxy.setChaos(null);
      expect(Object.values(device.proxy.faults).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);

      // Deleted again: the tombstones come in batches too, and the rows leave the device.
      await sql.query(`update public.inventory set deleted = true where batch_number like $1`, [`${tag}%`]);
      await settle(device.engine);
      await expect
        .poll(async () => {
          await device!.engine.syncNow();
          const left = await device!.engine.db.inventory
            .find({ selector: { batch_number: { $regex: `^${tag}` } } })
            .exec();
          return left.length;
        })
        .toBe(0);
      // The checkpoint is past every row (issue 26: at the last row, or past it, just below the
      // horizon, when the pull's last batch was not full).
      const checkpoint = await device.engine.local.store.getMeta<{ xid: string; id: string }>('checkpoint:inventory');
      const { rows } = await sql.query<{ after: number }>(
        `select count(*)::int as after from public.inventory where (change_xid, id) > ($1::xid8, $2::uuid)`,
        [checkpoint!.xid, checkpoint!.id],
      );
      expect(rows[0]!.after).toBe(0);
    } finally {
      await dropTaggedInventory(sql, tag);
      await sql.end();
    }
  }, 120_000);
});
