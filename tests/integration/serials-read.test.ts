// Issue 42: who reads the TV units (RLS on tv_units, as for shipments), a unit's path
// (tv_unit_path: staff any unit, a hub user one at or through its hubs, else "not found" without
// a leak), the units in the pull's working set, and a history nobody rewrites, not even
// service_role.
import { afterAll, describe, expect, it } from 'vitest';
import { serviceClient } from '../support/clients';
import { as, db } from './commands-support';
import {
  closeSerials,
  darat,
  eventsOf,
  hubWithSerials,
  registered,
  serials,
  trackingHub,
  unitsOf,
} from './serials-support';
import type { User } from './commands-support';

afterAll(closeSerials);

const readUnits = async (user: User, list: string[]) => {
  const { data, error } = await user.client.from('tv_units').select('serial, state').in('serial', list);
  if (error) throw new Error(error.message);
  return (data as { serial: string }[]).map((r) => r.serial).sort();
};

const pathOf = async (user: User, serial: string) => {
  const { data, error } = await user.client.rpc('tv_unit_path', { p_serial: serial });
  if (error) throw new Error(error.message);
  return data as Record<string, unknown> | null;
};

describe('reading TV units', () => {
  it('staff read every unit; a hub user those at its hub or on its shipments, not another hub’s', async () => {
    const {
      hub,
      user,
      list: [kept, shipped],
    } = await hubWithSerials(2);
    const p = await darat(hub.hubId, [shipped!], { bracket_quantity: 0 });
    await user.ok('create_shipment_darat', p);

    const both = [kept!, shipped!].sort();
    expect(await readUnits(user, both)).toEqual(both);
    expect(await readUnits(await as('tower'), both)).toEqual(both);
    expect(await readUnits(await as('admin'), both)).toEqual(both);
    // Karawang sees neither; Cikarang, where the truck goes, sees the one on its way.
    expect(await readUnits(await as('karawang'), both)).toEqual([]);
    expect(await readUnits(await as('cikarang'), both)).toEqual([shipped]);
    // Nobody writes them directly.
    const { error } = await user.client.from('tv_units').update({ state: 'missing' }).eq('serial', kept);
    expect(error).not.toBeNull();

    // The pull's working set carries them (in stock and on the way) to the hub's devices (once
    // the commit-safe horizon has passed them: asked again while another transaction holds it).
    let rows: { serial: string; change_xid: string }[] = [];
    while (rows.length < 2) {
      const { data: pulled, error: pullError } = await user.client.rpc('pull_changes', {
        p_table: 'tv_units',
        p_limit: 5000,
      });
      expect(pullError).toBeNull();
      rows = (pulled as { rows: typeof rows }).rows.filter((r) => both.includes(r.serial));
    }
    expect(rows.map((r) => r.serial).sort()).toEqual(both);
    expect(typeof rows[0]!.change_xid).toBe('string');
  });

  it('tv_unit_path: the whole path for staff and the hub user, nothing for another hub, refused for a non-serial', async () => {
    const {
      hub,
      user,
      list: [serial],
    } = await hubWithSerials(1);
    const p = await darat(hub.hubId, [serial!], { bracket_quantity: 0 });
    await user.ok('create_shipment_darat', p);

    const expected = {
      serial,
      state: 'in_transit',
      hub_id: null,
      hub_name: null,
      shipment_id: p.shipment_id,
      events: [
        expect.objectContaining({
          kind: 'registered',
          hub_id: hub.hubId,
          hub_name: hub.name,
          shipment_id: null,
          batch_number: null,
          by: user.email,
        }),
        expect.objectContaining({
          kind: 'loaded',
          hub_id: hub.hubId,
          hub_name: hub.name,
          shipment_id: p.shipment_id,
          batch_number: p.batch_number,
          origin_hub_name: hub.name,
          destination_hub_name: 'Hub Cikarang',
          by: user.email,
        }),
      ],
    };
    // Any form of the serial finds it.
    expect(await pathOf(user, ` ${serial!.toLowerCase()} `)).toEqual(expected);
    expect(await pathOf(await as('tower'), serial!)).toEqual(expected);
    expect(await pathOf(await as('cikarang'), serial!)).toEqual(expected);
    // Another hub: answered as for a serial nobody knows.
    expect(await pathOf(await as('karawang'), serial!)).toBeNull();
    expect(await pathOf(await as('admin'), `${serial}-TIDAK-ADA`)).toBeNull();

    const { error } = await user.client.rpc('tv_unit_path', { p_serial: 'x' });
    expect(error).toMatchObject({ code: '22023' });
    expect(JSON.parse(error!.hint!)).toEqual({ key: 'serial.invalid', params: { serial: 'x' } });
  });

  it('the history is never rewritten, not even by service_role, and not read directly by users', async () => {
    const hub = await trackingHub();
    const admin = await as('admin');
    const [serial] = serials(1);
    await registered(admin, hub.hubId, [serial!]);

    const service = serviceClient();
    const updated = await service.from('tv_unit_events').update({ kind: 'returned' }).eq('serial', serial);
    expect(updated.error).not.toBeNull();
    const deleted = await service.from('tv_unit_events').delete().eq('serial', serial);
    expect(deleted.error).not.toBeNull();
    // The owner too: the trigger refuses.
    const sql = await db();
    await expect(
      sql.query(`update public.tv_unit_events set kind = 'returned' where serial = $1`, [serial]),
    ).rejects.toThrow(/never rewritten/);
    await expect(sql.query('delete from public.tv_unit_events where serial = $1', [serial])).rejects.toThrow(
      /never rewritten/,
    );
    expect(await eventsOf([serial!])).toEqual([expect.objectContaining({ kind: 'registered' })]);

    const { error } = await admin.client.from('tv_unit_events').select('id').eq('serial', serial);
    expect(error).toMatchObject({ code: '42501' });
    expect(await unitsOf([serial!])).toHaveLength(1);
  });
});
