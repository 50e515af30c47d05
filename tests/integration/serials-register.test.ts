// Issue 42: serial tracking per hub (edit_hub serial_tracking, admin only) and register_serials
// (admin, or a hub user of that hub), on the server's API: who may, the refusals in their
// order with their keys, a refusal writes nothing, a replay is applied once.
import { afterAll, describe, expect, it } from 'vitest';
import { normalizeSerial } from '../../sync/domain/serials';
import { as, db, id, rowOf } from './commands-support';
import {
  closeSerials,
  eventsOf,
  expectRefused,
  hubUserOf,
  registered,
  serials,
  trackingHub,
  units,
  unitsOf,
} from './serials-support';

afterAll(closeSerials);

describe('edit_hub serial_tracking', () => {
  it('is off by default, switched by an admin only, refused for a non-boolean', async () => {
    const hub = await trackingHub(10, false);
    expect(await rowOf('hubs', hub.hubId)).toMatchObject({ serial_tracking: false });
    const on = { hub_id: hub.hubId, changes: { serial_tracking: true } };
    expect(await (await as('karawang')).run('edit_hub', on)).toMatchObject({ code: 'forbidden' });
    expect(await (await as('tower')).run('edit_hub', on)).toMatchObject({ code: 'forbidden' });
    const own = await hubUserOf(hub.hubId);
    expect(await own.run('edit_hub', on)).toMatchObject({ code: 'forbidden' });
    const admin = await as('admin');
    expect(
      await admin.run('edit_hub', { hub_id: hub.hubId, changes: { serial_tracking: 'ya' } }),
    ).toMatchObject({ outcome: 'rejected', code: 'validation' });
    expect(await rowOf('hubs', hub.hubId)).toMatchObject({ serial_tracking: false });

    await admin.ok('edit_hub', on);
    expect(await rowOf('hubs', hub.hubId)).toMatchObject({ serial_tracking: true, blind_count: false });
    // Field by field: another field's edit leaves it alone.
    await admin.ok('edit_hub', { hub_id: hub.hubId, changes: { blind_count: true } });
    expect(await rowOf('hubs', hub.hubId)).toMatchObject({ serial_tracking: true, blind_count: true });
    await admin.ok('edit_hub', { hub_id: hub.hubId, changes: { serial_tracking: false } });
    expect(await rowOf('hubs', hub.hubId)).toMatchObject({ serial_tracking: false });
  });
});

describe('register_serials', () => {
  it('registers each unit in stock at the hub, for an admin and for the hub its user works at', async () => {
    const hub = await trackingHub();
    const admin = await as('admin');
    const user = await hubUserOf(hub.hubId);
    // The serial's one form: trimmed, control characters dropped, upper case.
    const [a, b] = serials(2);
    const byAdmin = await admin.ok('register_serials', {
      hub_id: hub.hubId,
      units: [{ unit_id: id(), serial: ` ${a!.toLowerCase()}\r\n` }],
    });
    const byUser = await user.ok('register_serials', { hub_id: hub.hubId, units: units([b!]) });
    expect(await unitsOf([a!, b!])).toEqual([
      expect.objectContaining({ serial: a, state: 'in_stock', hub_id: hub.hubId, shipment_id: null }),
      expect.objectContaining({ serial: b, state: 'in_stock', hub_id: hub.hubId, shipment_id: null }),
    ]);
    expect(await eventsOf([a!, b!])).toEqual([
      {
        serial: a,
        kind: 'registered',
        hub_id: hub.hubId,
        shipment_id: null,
        command_id: byAdmin.id,
        actor: admin.id,
      },
      {
        serial: b,
        kind: 'registered',
        hub_id: hub.hubId,
        shipment_id: null,
        command_id: byUser.id,
        actor: user.id,
      },
    ]);
  });

  it('is refused to tower control and to a user of another hub, writing nothing', async () => {
    const hub = await trackingHub();
    const list = serials(1);
    expect(
      await (await as('tower')).run('register_serials', { hub_id: hub.hubId, units: units(list) }),
    ).toMatchObject({ outcome: 'rejected', code: 'forbidden', key: 'forbiddenAction' });
    expect(
      await (await as('karawang')).run('register_serials', { hub_id: hub.hubId, units: units(list) }),
    ).toMatchObject({ outcome: 'rejected', code: 'forbidden', key: 'forbiddenHub' });
    expect(await unitsOf(list)).toEqual([]);
  });

  it('refuses, in order: no such hub, tracking off, too many, not a serial, twice in the list, known already', async () => {
    const admin = await as('admin');
    const list = serials(3);
    /** register_serials of `sent` at the hub, by the admin, is refused with this code, key and params. */
    const refused = async (hubId: string, sent: string[], code: string, key: string, params = {}) =>
      expectRefused(
        await admin.run('register_serials', { hub_id: hubId, units: units(sent) }),
        code,
        key,
        params,
      );
    await refused(id(), list, 'not_found', 'hubNotFound');

    const off = await trackingHub(10, false);
    await refused(off.hubId, list, 'precondition', 'serial.trackingOff', { hub: off.name });

    const hub = await trackingHub();
    const many = Array.from({ length: 501 }, (_, i) => `${list[0]}-${i}`);
    await refused(hub.hubId, many, 'validation', 'serial.tooMany', { max: 500 });

    // The first bad unit in the list is the one named; the ones before it are not written.
    const long = `${'x'.repeat(70)}!`;
    const bad: [string[], string, Record<string, unknown>][] = [
      [[list[0]!, `  ${long}  `, 'A'], 'serial.invalid', { serial: long.slice(0, 64) }],
      [[list[0]!, 'ab'], 'serial.invalid', { serial: 'ab' }],
      [[list[0]!, list[1]!.toLowerCase(), list[1]!], 'serial.alreadyScanned', { serial: list[1] }],
    ];
    for (const [sent, key, params] of bad) await refused(hub.hubId, sent, 'validation', key, params);
    expect(await unitsOf(list)).toEqual([]);

    await registered(admin, hub.hubId, [list[1]!]);
    await refused(hub.hubId, [list[0]!, list[1]!], 'duplicate', 'serial.alreadyRegistered', {
      serial: list[1],
    });
    // Known at another hub counts the same: a serial is unique across the company.
    const other = await trackingHub();
    await refused(other.hubId, [list[1]!], 'duplicate', 'serial.alreadyRegistered', { serial: list[1] });
    expect((await unitsOf(list)).map((u) => u.serial)).toEqual([list[1]]);
    expect(await eventsOf(list)).toHaveLength(1);
  });

  it('takes the most a command may carry, 500 units, in one go', async () => {
    const hub = await trackingHub();
    const list = serials(500);
    await registered(await as('admin'), hub.hubId, list);
    expect(await unitsOf(list)).toHaveLength(500);
    expect(await eventsOf(list)).toHaveLength(500);
  });

  it('applies a replayed command once (the same id sent again)', async () => {
    const hub = await trackingHub();
    const user = await hubUserOf(hub.hubId);
    const list = serials(2);
    const command = user.command('register_serials', { hub_id: hub.hubId, units: units(list) });
    const [first] = await user.send([command]);
    const [again] = await user.send([command]);
    expect(first).toMatchObject({ outcome: 'applied' });
    expect(again).toMatchObject({ id: command.id, outcome: 'applied' });
    // Twice in one call too.
    const [, twice] = await user.send([command, command]);
    expect(twice).toMatchObject({ outcome: 'applied' });
    expect(await unitsOf(list)).toHaveLength(2);
    expect(await eventsOf(list)).toHaveLength(2);
  });
});

describe('public.cmd_serial_normal', () => {
  it('makes the one form normalizeSerial makes (sync/domain/serials.ts), and names a bad one as the device does', async () => {
    const fixed = [
      ' abc-123 ',
      'abc\r\n',
      '\tab/c.d_e',
      'ab',
      'a'.repeat(64),
      'a'.repeat(65),
      '-abc',
      'ABC DEF',
      'straße1',
      'ﬁle-001',
      '\u00a0tv-1\u3000',
      '\ufeffTV-002',
      'tv\u0001-003\u007f',
      'é12',
      'ıa1',
      '\u200bTV-1',
      '',
      '   ',
      `${'x'.repeat(70)}!`,
      '\u2028sn/01.02\u2029',
    ];
    // And strings drawn from letters, digits, the allowed marks, spaces and a few others.
    const alphabet = ['a', 'Z', '0', '9', '-', '_', '/', '.', ' ', '\t', '\u00a0', 'ß', '#', 'é', '\u0002'];
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    const drawn = Array.from({ length: 300 }, () =>
      Array.from({ length: next() % 12 }, () => alphabet[next() % alphabet.length]).join(''),
    );
    const sql = await db();
    for (const raw of [...fixed, ...drawn]) {
      const { rows } = await sql.query(
        'select public.cmd_serial_normal($1) as normal, public.cmd_serial_shown($1) as shown',
        [raw],
      );
      expect(rows[0].normal, JSON.stringify(raw)).toBe(normalizeSerial(raw));
      if (normalizeSerial(raw) === null)
        expect(rows[0].shown, JSON.stringify(raw)).toBe(raw.trim().slice(0, 64));
    }
  });
});
