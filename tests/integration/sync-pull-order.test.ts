// Guarantee 6: a transaction that started first and commits last still
// reaches a client that pulled while newer rows were committed.
import { firstValueFrom } from 'rxjs';
import { afterAll, describe, expect, it } from 'vitest';
import { ownerSql } from '../support/clients';
import { openDevice, settle, type Device } from '../support/sync-device';
import { DEMO_USERS } from '../support/demo';

describe('pull checkpoint', () => {
  let device: Device;
  afterAll(async () => device?.dispose().catch(() => undefined));

  it(
    'does not skip a row committed out of order',
    async () => {
      device = await openDevice(DEMO_USERS.admin);
      await settle(device.engine);
      const [slow, fast] = await Promise.all([ownerSql(), ownerSql()]);
      const { rows } = await slow.query(
        'select id from public.vendors where not deleted order by name limit 2',
      );
      const [first, second] = rows.map((r) => r.id as string);

      await slow.query('begin');
      await slow.query(`update public.vendors set contact_person = 'slow writer' where id = $1`, [first]);
      await fast.query(`update public.vendors set contact_person = 'fast writer' where id = $1`, [second]);

      // A pull meanwhile: the open transaction holds the horizon back, so the
      // newer committed row waits too; handing it out now would move the
      // checkpoint past the slow row's xid for good.
      await device.engine.syncNow();
      const view = device.engine.db.vendors;
      expect((await firstValueFrom(device.engine.status$)).lastError).toBeNull();
      expect((await view.findOne(second).exec())!.contact_person).not.toBe('fast writer');
      expect((await view.findOne(first).exec())!.contact_person).not.toBe('slow writer');

      await slow.query('commit');
      const times = await fast.query('select id, updated_at from public.vendors where id = any($1)', [
        [first, second],
      ]);
      const at = new Map(times.rows.map((r) => [r.id, r.updated_at as Date]));
      // The slow row carries the older timestamp: an updated_at cursor would have passed it by.
      expect(at.get(first)!.getTime()).toBeLessThan(at.get(second)!.getTime());

      await device.engine.syncNow();
      expect((await view.findOne(first).exec())!.contact_person).toBe('slow writer');
      expect((await view.findOne(second).exec())!.contact_person).toBe('fast writer');
      await Promise.all([slow.end(), fast.end()]);
      await device.dispose();
    },
  );

  it('drops rows that leave the scope and fetches rows that enter it', async () => {
    // Rows of its own, recorded today (inside any working set): one at Cikarang, one at PolSub.
    const sql = await ownerSql();
    const polsub = (await sql.query(`select id from public.hubs where type = 'polsub'`)).rows[0].id as string;
    const own = async (hubId: string) =>
      (
        await sql.query(
          `insert into public.inventory (warehouse_id, smartboard_quantity, bracket_quantity, batch_number)
           select id, 1, 0, 'SCOPE-TEST' from public.warehouses where hub_id = $1 and not deleted limit 1
           returning id`,
          [hubId],
        )
      ).rows[0].id as string;
    const hubUser = await openDevice(DEMO_USERS.cikarang);
    try {
      const row = await own(hubUser.actor.hubId!);
      const polsubRow = await own(polsub);
      await settle(hubUser.engine);
      expect(await hubUser.engine.db.inventory.findOne(row).exec()).not.toBeNull();
      expect(await hubUser.engine.db.inventory.findOne(polsubRow).exec()).toBeNull();
      // Move the hub user to PolSub: the Cikarang inventory leaves its scope
      // without the inventory rows themselves changing.
      await sql.query('update public.profiles set hub_id = $1 where user_id = $2', [polsub, hubUser.actor.userId]);
      try {
        await hubUser.engine.syncNow(); // reconcileIntervalMs 0: every round reconciles
        expect(await hubUser.engine.db.inventory.findOne(row).exec()).toBeNull();
        expect(await hubUser.engine.db.inventory.findOne(polsubRow).exec()).not.toBeNull();
      } finally {
        await sql.query('update public.profiles set hub_id = $1 where user_id = $2', [
          hubUser.actor.hubId,
          hubUser.actor.userId,
        ]);
      }
    } finally {
      await hubUser.dispose();
      await sql.end();
    }
  });
});
