// Issue 10, live screens: the idle device's question (changed_tables through
// sync/replication/change-probe.ts) says yes after another user's commit the
// device may read, no when it is caught up, and no for what RLS hides from it;
// a sync round pulls only the tables that changed, in one request (pull_round).
import { afterAll, describe, expect, it } from 'vitest';
import { hasRemoteChanges } from '../../sync/replication/change-probe';
import { changedTables } from '../../sync/replication/pull';
import { as, closeDb, id, tag } from './commands-support';
import { type Device, deviceOfBlock } from '../support/sync-device';
import { DEMO_USERS, WAREHOUSE } from '../support/demo';

afterAll(closeDb);

describe('has_changes', () => {
  const karawang = deviceOfBlock(DEMO_USERS.karawang);
  let device: Device;

  it('is no when caught up, yes after another user commits what the device may read, no again after the pull', async () => {
    device = await karawang.open();
    expect(await hasRemoteChanges(device.supabase, device.engine.local)).toBe(false);

    // Stock at PolSub: karawang may not read it, so nothing changed for it.
    await (
      await as('admin')
    ).ok('add_inventory', {
      inventory_id: id(),
      warehouse_id: WAREHOUSE.polsub,
      date_recorded: '2026-11-20',
      smartboard_quantity: 1,
      bracket_quantity: 0,
    });
    expect(await hasRemoteChanges(device.supabase, device.engine.local)).toBe(false);

    // A vendor: every signed-in user reads vendors.
    await (await as('admin')).ok('add_vendor', { vendor_id: id(), name: `Probe ${tag()}` });
    expect(await hasRemoteChanges(device.supabase, device.engine.local)).toBe(true);
    expect((await changedTables(device.supabase, device.engine.local)).tables).toEqual(['vendors']);
    // The round pulls only the table that changed, in one request: pull_round names it and
    // brings its rows (it took a changed_tables probe, then a pull_changes).
    const before = device.proxy.forwarded.length;
    await device.engine.syncNow();
    const round = device.proxy.forwarded
      .slice(before)
      .filter((r) => /changed_tables|pull_changes|pull_round/.test(r));
    expect(round).toEqual(['POST /rest/v1/rpc/pull_round']);
    expect(await hasRemoteChanges(device.supabase, device.engine.local)).toBe(false);
    // Caught up: a round asks once and pulls nothing.
    const quiet = device.proxy.forwarded.length;
    await device.engine.syncNow();
    expect(device.proxy.forwarded.slice(quiet).filter((r) => /pull_changes/.test(r))).toEqual([]);
  });

  it('answers a device without checkpoints (a new tablet) yes, and refuses a malformed question', async () => {
    const admin = await as('admin');
    expect((await admin.client.rpc('has_changes', { p_checkpoints: {} })).data).toBe(true);
    const { error } = await admin.client.rpc('has_changes', { p_checkpoints: [] });
    expect(error?.code).toBe('22023');
    const fresh = (await admin.client.rpc('changed_tables', { p_checkpoints: {} })).data as {
      tables: string[];
      horizon: string;
    };
    expect(fresh.tables).toEqual(
      expect.arrayContaining(['hubs', 'vendors', 'vehicles', 'shipments', 'inventory']),
    );
    expect(fresh.horizon).toMatch(/^\d+$/);
    expect((await admin.client.rpc('changed_tables', { p_checkpoints: 'x' })).error?.code).toBe('22023');
  });
});
