// remove_serials on the server's API: a serial registered by mistake taken back out of a hub's
// stock, by an admin or the hub's own user; the unit stays in the history ('removed'), its
// serial is free to be registered again (here or at the right hub); a unit that ever moved, or
// is not in this hub's stock, is refused by key, writing nothing; the hub's devices pull the
// removal.
import { afterAll, describe, expect, it } from 'vitest';
import { as, id, rowsWhere } from './commands-support';
import { discrepancy, hubCompletion } from './handover-support';
import {
  byScan,
  closeSerials,
  darat,
  eventsOf,
  expectRefused,
  hubUserOf,
  hubWithSerials,
  loadedToCikarang,
  registered,
  trackingHub,
} from './serials-support';
import type { User } from './commands-support';

afterAll(closeSerials);

interface Unit {
  id: string;
  serial: string;
  state: string;
  hub_id: string | null;
  deleted: boolean;
}

/** Every unit of these serials, live and removed, oldest first. */
const allUnitsOf = (list: string[]) =>
  rowsWhere<Unit>(
    `select id, serial, state, hub_id, deleted from public.tv_units where serial = any($1) order by created_at, id`,
    [list],
  );

/** The live units of these serials, as remove_serials names them. */
const named = async (list: string[]) =>
  (await allUnitsOf(list)).filter((u) => !u.deleted).map((u) => ({ unit_id: u.id, serial: u.serial }));

describe('remove_serials', () => {
  it('takes a mistyped serial back: the unit leaves the stock, its history stays, the serial is free again', async () => {
    const { hub, user, list } = await hubWithSerials(3);
    const [typo, kept, byAdmin] = list as [string, string, string];
    const [typoUnit] = await named([typo]);
    const typoId = typoUnit!.unit_id;
    const result = await user.ok('remove_serials', { hub_id: hub.hubId, units: [typoUnit] });
    expect(await allUnitsOf([typo])).toEqual([
      { id: typoId, serial: typo, state: 'in_stock', hub_id: hub.hubId, deleted: true },
    ]);
    expect((await eventsOf([typo])).map((e) => [e.kind, e.hub_id, e.actor])).toEqual([
      ['registered', hub.hubId, user.id],
      ['removed', hub.hubId, user.id],
    ]);
    expect((await eventsOf([typo]))[1]!.command_id).toBe(result.id);
    // The others stay in stock.
    expect(await allUnitsOf([kept])).toEqual([
      expect.objectContaining({ state: 'in_stock', deleted: false }),
    ]);

    // The same serial can be registered again: a new unit, the old one kept for the history.
    await registered(user, hub.hubId, [typo]);
    const units = await allUnitsOf([typo]);
    expect(units.map((u) => [u.deleted, u.state])).toEqual([
      [true, 'in_stock'],
      [false, 'in_stock'],
    ]);
    // A serial is still unique among the live units.
    expectRefused(
      await user.run('register_serials', { hub_id: hub.hubId, units: [{ unit_id: id(), serial: typo }] }),
      'duplicate',
      'serial.alreadyRegistered',
      { serial: typo },
    );

    // An admin may take one back too.
    await (await as('admin')).ok('remove_serials', { hub_id: hub.hubId, units: await named([byAdmin]) });
    expect(await named([byAdmin])).toEqual([]);
  });

  it('frees a serial registered at the wrong hub for the hub where the TV is', async () => {
    const { hub: wrong, user, list } = await hubWithSerials(1);
    const right = await trackingHub();
    const rightUser = await hubUserOf(right.hubId);
    expectRefused(
      await rightUser.run('register_serials', {
        hub_id: right.hubId,
        units: [{ unit_id: id(), serial: list[0] }],
      }),
      'duplicate',
      'serial.alreadyRegistered',
      { serial: list[0] },
    );
    await user.ok('remove_serials', { hub_id: wrong.hubId, units: await named(list) });
    await registered(rightUser, right.hubId, list);
    expect((await allUnitsOf(list)).map((u) => [u.hub_id, u.deleted])).toEqual([
      [wrong.hubId, true],
      [right.hubId, false],
    ]);
  });

  it('is for an admin or the hub’s own user: tower control and another hub’s user are refused, nothing written', async () => {
    const { hub, list } = await hubWithSerials(1);
    const p = { hub_id: hub.hubId, units: await named(list) };
    expect(await (await as('tower')).run('remove_serials', p)).toMatchObject({
      outcome: 'rejected',
      code: 'forbidden',
      key: 'forbiddenAction',
    });
    expect(await (await as('karawang')).run('remove_serials', p)).toMatchObject({
      outcome: 'rejected',
      code: 'forbidden',
      key: 'forbiddenHub',
    });
    expect(await named(list)).toHaveLength(1);
    expect((await eventsOf(list)).map((e) => e.kind)).toEqual(['registered']);
  });

  it('refuses, unit by unit in order, one not in this hub’s stock or one that ever moved; the first is not removed', async () => {
    const { hub, user, list } = await hubWithSerials(4);
    const [fine, shipped, travelled, removed] = list as [string, string, string, string];
    const ids = new Map((await named(list)).map((u) => [u.serial, u]));
    // One on a truck, one that went on a truck and came back (its shipment voided), one removed.
    await user.ok('create_shipment_darat', await darat(hub.hubId, [shipped], { bracket_quantity: 0 }));
    const back = await darat(hub.hubId, [travelled], { bracket_quantity: 0 });
    await user.ok('create_shipment_darat', back);
    await (await as('admin')).ok('void_shipment', { shipment_id: back.shipment_id, reason: 'Salah muat' });
    await user.ok('remove_serials', { hub_id: hub.hubId, units: [ids.get(removed)] });
    expect((await allUnitsOf([travelled]))[0]).toMatchObject({ state: 'in_stock', deleted: false });

    const attempt = (second: string) =>
      user.run('remove_serials', { hub_id: hub.hubId, units: [ids.get(fine), ids.get(second)] });
    expectRefused(await attempt(shipped), 'precondition', 'serial.notInStock', { serial: shipped });
    expectRefused(await attempt(removed), 'precondition', 'serial.notInStock', { serial: removed });
    expectRefused(await attempt(travelled), 'precondition', 'serial.removeMoved', { serial: travelled });
    expect(
      await user.run('remove_serials', {
        hub_id: hub.hubId,
        units: [ids.get(fine), { unit_id: id(), serial: fine }],
      }),
    ).toMatchObject({
      outcome: 'rejected',
      code: 'not_found',
      key: 'invalidCommand',
    });
    // A unit named with another serial than its own: the trail would lie about what was removed.
    expect(
      await user.run('remove_serials', {
        hub_id: hub.hubId,
        units: [{ unit_id: ids.get(fine)!.unit_id, serial: shipped }],
      }),
    ).toMatchObject({ outcome: 'rejected', code: 'not_found', key: 'invalidCommand' });
    expect(
      await user.run('remove_serials', { hub_id: hub.hubId, units: [ids.get(fine), ids.get(fine)] }),
    ).toMatchObject({ outcome: 'rejected', code: 'validation', key: 'invalidCommand' });
    // Another hub's unit, asked by an admin at this hub.
    const other = await hubWithSerials(1);
    expectRefused(
      await (await as('admin')).run('remove_serials', { hub_id: hub.hubId, units: await named(other.list) }),
      'precondition',
      'serial.notInStock',
      { serial: other.list[0] },
    );
    // Nothing of the refused commands was written.
    expect((await allUnitsOf([fine]))[0]).toMatchObject({ state: 'in_stock', deleted: false });
    expect((await eventsOf([fine])).map((e) => e.kind)).toEqual(['registered']);
  });

  it('takes back a serial another hub only listed as found in a truck (an unexpected event moves nothing)', async () => {
    const { hub, user, loaded, spare, shipmentId, cikarang } = await loadedToCikarang();
    const r = byScan([...loaded, spare], [], { discrepancies: [discrepancy('smartboard', 'lebih', 1)] });
    await cikarang.ok('complete_unloading', hubCompletion(shipmentId, r));
    expect((await eventsOf([spare])).map((e) => e.kind)).toEqual(['registered', 'unexpected']);
    await user.ok('remove_serials', { hub_id: hub.hubId, units: await named([spare]) });
    expect(await named([spare])).toEqual([]);
  });

  it('a removed serial cannot be loaded; the hub’s devices pull the removal', async () => {
    const { hub, user, list } = await hubWithSerials(1);
    const [unit] = await named(list);
    const unitId = unit!.unit_id;
    await user.ok('remove_serials', { hub_id: hub.hubId, units: [unit] });
    expectRefused(
      await user.run('create_shipment_darat', await darat(hub.hubId, list, { bracket_quantity: 0 })),
      'precondition',
      'serial.notInStock',
      { serial: list[0] },
    );
    // The pull hands the tombstone out (once the commit-safe horizon has passed it); the
    // reconcile's list leaves it out (no device holds a tombstone to keep).
    expect(await pulledRow(user, unitId!)).toMatchObject({ serial: list[0], deleted: true });
    const { data, error } = await user.client.rpc('visible_ids', { p_table: 'tv_units' });
    expect(error).toBeNull();
    expect((data as { ids: string[] }).ids).not.toContain(unitId);
  });

  it('is checked before anything is written: a list that is not one, too long, or of non-ids', async () => {
    const hub = await trackingHub();
    const user = await hubUserOf(hub.hubId);
    const run = (units: unknown) => user.run('remove_serials', { hub_id: hub.hubId, units });
    expect(await run([])).toMatchObject({ code: 'validation', key: 'invalidCommand' });
    expect(await run('x')).toMatchObject({ code: 'validation', key: 'invalidCommand' });
    expect(await run(['TV-0001'])).toMatchObject({ code: 'validation', key: 'invalidCommand' });
    expect(await run([{ unit_id: 'TV-0001', serial: 'TV-0001' }])).toMatchObject({
      code: 'validation',
      key: 'invalidCommand',
    });
    expect(
      await run(Array.from({ length: 501 }, () => ({ unit_id: id(), serial: 'TV-0001' }))),
    ).toMatchObject({
      code: 'validation',
      key: 'serial.tooMany',
      params: { max: 500 },
    });
  });
});

async function pulledRow(user: User, unitId: string): Promise<Record<string, unknown>> {
  for (;;) {
    const { data, error } = await user.client.rpc('pull_changes', { p_table: 'tv_units', p_limit: 5000 });
    expect(error).toBeNull();
    const row = (data as { rows: { id: string }[] }).rows.find((r) => r.id === unitId);
    if (row) return row;
  }
}

describe('tv_unit_path of a serial taken back', () => {
  it('answers its last removed unit as removed, to staff and the hub, until the serial is registered again', async () => {
    const { hub, user, list } = await hubWithSerials(1);
    const serial = list[0]!;
    await user.ok('remove_serials', { hub_id: hub.hubId, units: await named(list) });
    const pathAs = async (who: User) => {
      const { data, error } = await who.client.rpc('tv_unit_path', { p_serial: serial.toLowerCase() });
      expect(error).toBeNull();
      return data as { state: string; hub_id: string; events: { kind: string; by: string | null }[] } | null;
    };
    for (const who of [user, await as('tower')]) {
      const path = (await pathAs(who))!;
      expect(path).toMatchObject({ serial, state: 'removed', hub_id: hub.hubId, shipment_id: null });
      expect(path.events.map((e) => e.kind)).toEqual(['registered', 'removed']);
      expect(path.events[1]!.by).toBe(user.email);
    }
    // Not to another hub's user.
    expect(await pathAs(await as('karawang'))).toBeNull();
    // Registered and removed at another hub since: each hub's user still sees its own removal.
    const other = await trackingHub();
    const otherUser = await hubUserOf(other.hubId);
    await registered(otherUser, other.hubId, list);
    await otherUser.ok('remove_serials', { hub_id: other.hubId, units: await named(list) });
    expect(await pathAs(user)).toMatchObject({ state: 'removed', hub_id: hub.hubId });
    expect(await pathAs(otherUser)).toMatchObject({ state: 'removed', hub_id: other.hubId });
    // Registered again: the live unit, in stock, its own history only.
    await registered(user, hub.hubId, list);
    const again = (await pathAs(user))!;
    expect(again).toMatchObject({ state: 'in_stock' });
    expect(again.events.map((e) => e.kind)).toEqual(['registered']);
  });
});
