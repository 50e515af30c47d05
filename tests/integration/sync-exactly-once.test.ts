// Guarantee 2: a command replayed after a lost response, or sent twice at
// once (two tabs), has the effect of one. Inventory sums prove it.
import { describe, expect, it } from 'vitest';
import { ownerSql } from '../support/clients';
import { inventorySum } from '../support/sync-scenarios';
import { type Device, deviceOfBlock, settle } from '../support/sync-device';
import { DEMO_USERS, WAREHOUSE } from '../support/demo';

/** With the network down, `count` add_inventory commands of `batch` at Gudang Karawang (the i-th of `quantities(i)`). */
async function addOffline(
  device: Device,
  batch: string,
  count: number,
  quantities: (i: number) => { smartboard: number; bracket: number },
): Promise<void> {
  device.proxy.setMode('down');
  for (let i = 1; i <= count; i++) {
    const { smartboard, bracket } = quantities(i);
    await device.engine.dispatch('add_inventory', {
      inventory_id: crypto.randomUUID(),
      warehouse_id: WAREHOUSE.karawang,
      date_recorded: '2026-11-20',
      smartboard_quantity: smartboard,
      bracket_quantity: bracket,
      batch_number: batch,
    });
  }
}

describe('exactly once', () => {
  const karawang = deviceOfBlock(DEMO_USERS.karawang);
  let device: Device;

  it('a batch whose response was lost is retried without applying anything twice', async () => {
    device = await karawang.open();
    const batch = `LOST-${Date.now()}`;
    await addOffline(device, batch, 5, (i) => ({ smartboard: i, bracket: 10 }));
    device.proxy.setMode('up');
    device.proxy.dropNextResponse(/\/rest\/v1\/rpc\/apply_commands/);
    await device.engine.syncNow(); // the server commits, the device hears nothing
    expect(device.proxy.dropped).toHaveLength(1);
    expect(await device.engine.local.store.outbox.where('state').equals('pending').count()).toBe(5);

    await settle(device.engine);
    const sql = await ownerSql();
    try {
      expect(await inventorySum(sql, batch)).toEqual({ smartboard: 15, bracket: 50 });
      const { rows } = await sql.query(
        `select count(*)::int as n from public.commands where type = 'add_inventory' and payload ->> 'batch_number' = $1`,
        [batch],
      );
      expect(rows[0].n).toBe(5);
    } finally {
      await sql.end();
    }
    // The device shows the same sums as the server.
    const local = await device.engine.db.inventory
      .find({ selector: { warehouse_id: WAREHOUSE.karawang } })
      .exec();
    const mine = local.filter((d) => d.batch_number === batch);
    expect(mine.reduce((s, d) => s + d.smartboard_quantity, 0)).toBe(15);
  });

  it('the same commands sent by two tabs at once change nothing twice', async () => {
    const batch = `TABS-${Date.now()}`;
    await addOffline(device, batch, 4, (i) => ({ smartboard: 2, bracket: i }));
    const queued = await device.engine.local.store.outbox.where('state').equals('pending').sortBy('seq');
    const envelopes = queued.map((e) => ({
      id: e.id,
      type: e.type,
      payload: e.payload,
      issued_at: e.issued_at,
      actor: e.actor,
    }));
    device.proxy.setMode('up');
    // This tab drains its outbox while a second tab sends the very same commands.
    const [, other] = await Promise.all([
      device.engine.syncNow(),
      device.supabase.rpc('apply_commands', { commands: envelopes }),
    ]);
    expect(other.error).toBeNull();
    expect((other.data as { results: { outcome: string }[] }).results.map((r) => r.outcome)).toEqual([
      'applied',
      'applied',
      'applied',
      'applied',
    ]);
    await settle(device.engine);
    const sql = await ownerSql();
    try {
      expect(await inventorySum(sql, batch)).toEqual({ smartboard: 8, bracket: 10 });
    } finally {
      await sql.end();
    }
  });
});
