// Issue 14: a new tablet's first sync says how far it is (rows so far of about how many, per
// table) instead of showing an empty screen; what has arrived is in the local collections (so
// on the screens) before the pull ends; a first sync cut off by the network goes on where it
// stopped, progress included; once it is done the progress is gone.
import { afterAll, describe, expect, it } from 'vitest';
import type { SyncStatus, TableProgress } from '../../sync';
import { ownerSql } from '../support/clients';
import { openDevice, settle, type Device } from '../support/sync-device';
import { dropTaggedInventory, insertTaggedInventory } from '../support/sync-scenarios';
import { DEMO_USERS } from '../support/demo';

const ROWS = 3_500;
let device: Device | undefined;
afterAll(async () => device?.dispose());

const inventoryOf = (progress: TableProgress[] | null) => progress?.find((t) => t.table === 'inventory');

describe("a new tablet's first sync", () => {
  it('reports rows so far of the total per table, keeps them across a lost connection, then clears', async () => {
    const tag = `FIRST-${crypto.randomUUID().slice(0, 8)}-`;
    const sql = await ownerSql();
    try {
      await insertTaggedInventory(sql, tag, ROWS);
      // The working set's rows (issue 26: the history outside it never comes).
      const { rows } = await sql.query<{ n: string }>(`select public.working_set_count('inventory')::text as n`);
      const serverInventory = Number(rows[0]!.n);

      device = await openDevice(DEMO_USERS.admin, {
        pullIntervalMs: 3_600_000,
        startOffline: true,
        // Batches of 1,000, so the cut comes with most of the 3,500 rows still to come.
        pullBatch: 1000,
      });
      const engine = device.engine;
      const statuses: SyncStatus[] = [];
      let cut = false;
      const subscription = engine.status$.subscribe((status) => {
        statuses.push(status);
        // The signal goes once the first inventory batch is in.
        if (!cut && (inventoryOf(status.firstSync)?.done ?? 0) >= 1000) {
          cut = true;
          device!.proxy.setMode('down');
        }
      });
      device.proxy.setMode('up');
      await engine.syncNow();
      await expect.poll(() => cut).toBe(true);
      await expect.poll(() => statuses.at(-1)!.syncing).toBe(false);

      // Cut off partway: the round failed, what arrived is in the view the screens read.
      const before = statuses.flatMap((s) => inventoryOf(s.firstSync) ?? []);
      expect(before[0]!.done).toBe(0);
      // Counted before the pull: about what the server holds for admin (tombstones come too).
      expect(before[0]!.total).toBeGreaterThanOrEqual(serverInventory);
      const stoppedAt = before.at(-1)!.done;
      expect(stoppedAt).toBeGreaterThanOrEqual(1000);
      expect(stoppedAt).toBeLessThan(before[0]!.total);
      expect(statuses.at(-1)!.firstSync).toBeNull();
      expect(statuses.at(-1)!.lastError).not.toBeNull();
      expect(await engine.db.inventory.count().exec()).toBeGreaterThan(0);
      // Every table the first round pulled was counted, small ones too.
      const firstReport = statuses.find((s) => s.firstSync)!.firstSync!.map((t) => t.table);
      expect(firstReport).toEqual(expect.arrayContaining(['hubs', 'shipments', 'inventory']));

      // Back online: the first sync goes on from where it stopped, to the end, then clears.
      const resumedFrom = statuses.length;
      device.proxy.setMode('up');
      await settle(engine);
      subscription.unsubscribe();
      const after = statuses.slice(resumedFrom).flatMap((s) => inventoryOf(s.firstSync) ?? []);
      expect(after[0]!.done).toBe(stoppedAt);
      const done = after.map((p) => p.done);
      expect(done).toEqual([...done].sort((a, b) => a - b));
      expect(after.at(-1)!.done).toBe(after.at(-1)!.total);
      expect(after.at(-1)!.done).toBeGreaterThan(stoppedAt);
      expect(statuses.at(-1)!.firstSync).toBeNull();
      expect(await engine.db.inventory.count().exec()).toBeGreaterThanOrEqual(ROWS);

      // A later round (every table known now) reports no progress.
      const count = statuses.length;
      await engine.syncNow();
      expect(statuses.slice(count).some((s) => s.firstSync !== null)).toBe(false);
    } finally {
      await dropTaggedInventory(sql, tag);
      await sql.end();
    }
  }, 120_000);
});
