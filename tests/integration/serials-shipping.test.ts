// Issue 42: the shipping forms load TVs by serial (tv_serials) at a hub that tracks serials:
// allowed, refused with each key in its order, two tablets loading the same serial (the first
// wins, the second writes nothing), and the way back to stock: void_shipment (a shipping form
// offers no undo: docs/sync.md, "Undo"), each with its events.
import { afterAll, describe, expect, it } from 'vitest';
import { as, makeHub, nothingWritten, rowOf, seaPayload, tag } from './commands-support';
import { ownerSql } from '../support/clients';
import { HUB } from '../support/demo';
import {
  closeSerials,
  darat,
  eventsOf,
  expectRefused,
  hubUserOf,
  hubWithSerials,
  registered,
  serials,
  trackingHub,
  truckAt,
  unitsOf,
} from './serials-support';

afterAll(closeSerials);

describe('tv_serials on the shipping forms', () => {
  it('loads the hub user’s serials onto the truck: in transit on the shipment, a loaded event each', async () => {
    const { hub, user, list } = await hubWithSerials(3);
    // As scanned: any case, surrounding white space.
    const p = await darat(hub.hubId, [list[0]!.toLowerCase(), ` ${list[1]}\t`, list[2]!]);
    const sent = await user.ok('create_shipment_darat', p);
    expect(await unitsOf(list)).toEqual(
      list.map((serial) =>
        expect.objectContaining({ serial, state: 'in_transit', hub_id: null, shipment_id: p.shipment_id }),
      ),
    );
    const loaded = (await eventsOf(list)).filter((e) => e.kind === 'loaded');
    expect(loaded).toHaveLength(3);
    for (const e of loaded) {
      expect(e).toMatchObject({
        hub_id: hub.hubId,
        shipment_id: p.shipment_id,
        command_id: sent.id,
        actor: user.id,
      });
    }
  });

  it('loads on the PolJak form too, and asks nothing of a hub that does not track serials', async () => {
    const hub = await trackingHub();
    const admin = await as('admin');
    const list = serials(2);
    await registered(admin, hub.hubId, list);
    const sea = await truckAt(hub.hubId);
    const p = seaPayload('poljak', hub.hubId, sea, HUB.makassar, {
      smartboard_quantity: 2,
      bracket_quantity: 0,
      tv_serials: list,
    });
    await admin.ok('create_shipment_poljak', p);
    expect((await unitsOf(list)).map((u) => u.shipment_id)).toEqual([p.shipment_id, p.shipment_id]);

    const off = await trackingHub(10, false);
    await admin.ok('create_shipment_darat', await darat(off.hubId, [], { smartboard_quantity: 3 }));
    const withSerials = await darat(off.hubId, serials(1));
    expectRefused(
      await admin.run('create_shipment_darat', withSerials),
      'precondition',
      'serial.trackingOff',
      {
        hub: off.name,
      },
    );
    await nothingWritten(withSerials);
  });

  it('refuses a count unlike the TVs, then each serial in order: not a serial, twice, on an open shipment, not in stock here', async () => {
    const hub = await trackingHub();
    const other = await trackingHub();
    const admin = await as('admin');
    const [here, gone, elsewhere, unknown] = serials(4);
    await registered(admin, hub.hubId, [here!, gone!]);
    await registered(admin, other.hubId, [elsewhere!]);
    await admin.ok('create_shipment_darat', await darat(hub.hubId, [gone!]));

    const mismatch = await darat(hub.hubId, [here!], { smartboard_quantity: 2 });
    expectRefused(await admin.run('create_shipment_darat', mismatch), 'validation', 'serial.countMismatch', {
      count: 1,
      quantity: 2,
    });
    await nothingWritten(mismatch);
    // No serials at all while TVs leave a tracking hub is a mismatch too.
    expectRefused(
      await admin.run('create_shipment_darat', await darat(hub.hubId, [], { smartboard_quantity: 1 })),
      'validation',
      'serial.countMismatch',
      { count: 0, quantity: 1 },
    );
    const tooMany = Array.from({ length: 501 }, (_, i) => `${unknown}-${i}`);
    expectRefused(
      await admin.run('create_shipment_darat', await darat(hub.hubId, tooMany, { smartboard_quantity: 1 })),
      'validation',
      'serial.tooMany',
      { max: 500 },
    );
    // The form's own checks come first: stock short before any serial.
    expectRefused(
      await admin.run('create_shipment_darat', await darat(hub.hubId, [here!], { bracket_quantity: 51 })),
      'precondition',
      'stockShort',
    );

    const cases: [string[], string, string, Record<string, unknown>][] = [
      [[here!, 'x'], 'validation', 'serial.invalid', { serial: 'x' }],
      [[here!, here!.toLowerCase()], 'validation', 'serial.alreadyScanned', { serial: here }],
      [[here!, gone!], 'conflict', 'serial.inOpenShipment', { serial: gone }],
      [[here!, unknown!], 'precondition', 'serial.notInStock', { serial: unknown }],
      [[here!, elsewhere!], 'precondition', 'serial.notInStock', { serial: elsewhere }],
      // The first bad one in list order is named.
      [[unknown!, 'x'], 'precondition', 'serial.notInStock', { serial: unknown }],
    ];
    for (const [list, code, key, params] of cases) {
      const p = await darat(hub.hubId, list);
      expectRefused(await admin.run('create_shipment_darat', p), code, key, params);
      await nothingWritten(p);
    }
    expect(await unitsOf([here!, elsewhere!])).toEqual([
      expect.objectContaining({ serial: here, state: 'in_stock', hub_id: hub.hubId }),
      expect.objectContaining({ serial: elsewhere, state: 'in_stock', hub_id: other.hubId }),
    ]);
    expect((await eventsOf([here!])).map((e) => e.kind)).toEqual(['registered']);
  });

  it('two tablets loading the same serial: the first wins, the second is refused and writes nothing', async () => {
    const hub = await trackingHub();
    const first = await hubUserOf(hub.hubId);
    const second = await hubUserOf(hub.hubId);
    const [shared, mine, yours] = serials(3);
    await registered(first, hub.hubId, [shared!, mine!, yours!]);
    const a = await darat(hub.hubId, [mine!, shared!]);
    const b = await darat(hub.hubId, [shared!, yours!]);
    const [[ra], [rb]] = await Promise.all([
      first.send([first.command('create_shipment_darat', a)]),
      second.send([second.command('create_shipment_darat', b)]),
    ]);
    const outcomes = [ra!, rb!];
    expect(outcomes.filter((r) => r.outcome === 'applied')).toHaveLength(1);
    const lost = outcomes.find((r) => r.outcome === 'rejected')!;
    expectRefused(lost, 'conflict', 'serial.inOpenShipment', { serial: shared });
    const [won, refused] = ra!.outcome === 'applied' ? [a, b] : [b, a];
    await nothingWritten(refused);
    const [unit] = await unitsOf([shared!]);
    expect(unit).toMatchObject({ state: 'in_transit', shipment_id: won.shipment_id });
    const stayed = refused === b ? yours : mine;
    expect(await unitsOf([stayed!])).toEqual([
      expect.objectContaining({ state: 'in_stock', hub_id: hub.hubId }),
    ]);
    expect((await eventsOf([shared!])).map((e) => e.kind)).toEqual(['registered', 'loaded']);
  });
});

describe('two tablets at a port hub without a warehouse (no stock lock between them)', () => {
  it('both wait on the unit, the first wins, the second sees it on the way and writes nothing', async () => {
    const admin = await as('admin');
    const { hubId } = await makeHub(`Hub Seri Pelabuhan ${tag()}`, null);
    await admin.ok('edit_hub', { hub_id: hubId, changes: { serial_tracking: true } });
    const first = await hubUserOf(hubId);
    const second = await hubUserOf(hubId);
    const [shared] = serials(1);
    await registered(first, hubId, [shared!]);
    const form = async (n: number) =>
      seaPayload('poljak', hubId, await truckAt(hubId), HUB.makassar, {
        smartboard_quantity: 1,
        bracket_quantity: 0,
        batch_number: `POLJAK-${Date.now()}${n}`,
        tv_serials: [shared],
      });
    const [a, b] = [await form(1), await form(2)];
    // The unit held by another transaction while both forms arrive, so that both are past
    // every other check and wait on the unit at once.
    const holder = await ownerSql();
    try {
      await holder.query('begin');
      await holder.query('select 1 from public.tv_units where serial = $1 for update', [shared]);
      const { rows: me } = await holder.query('select pg_backend_pid() as pid');
      const holderPid = me[0].pid as number;
      let settled = false;
      const sent = Promise.all([
        first.send([first.command('create_shipment_poljak', a)]),
        second.send([second.command('create_shipment_poljak', b)]),
      ]).finally(() => (settled = true));
      // Both waiting: the first on this transaction, the second on the row behind it
      // (pg_locks shows every session's waits; blocked by this one, directly or not).
      while (!settled) {
        const { rows } = await holder.query(
          `select count(distinct pid)::int as n from pg_locks
           where not granted and pid <> pg_backend_pid()
             and $1::int = any (pg_blocking_pids(pid) || array(
               select b from unnest(pg_blocking_pids(pid)) w, unnest(pg_blocking_pids(w)) b))`,
          [holderPid],
        );
        if (rows[0].n >= 2) break;
      }
      await holder.query('commit');
      const [[ra], [rb]] = await sent;
      const outcomes = [ra!, rb!];
      expect(outcomes.filter((r) => r.outcome === 'applied')).toHaveLength(1);
      expectRefused(
        outcomes.find((r) => r.outcome === 'rejected'),
        'conflict',
        'serial.inOpenShipment',
        { serial: shared },
      );
      const [won, lost] = ra!.outcome === 'applied' ? [a, b] : [b, a];
      expect(await rowOf('shipments', lost.shipment_id)).toBeUndefined();
      expect(await unitsOf([shared!])).toEqual([
        expect.objectContaining({ state: 'in_transit', shipment_id: won.shipment_id }),
      ]);
      expect((await eventsOf([shared!])).map((e) => e.kind)).toEqual(['registered', 'loaded']);
    } finally {
      await holder.end();
    }
  });
});

describe('the way back to stock', () => {
  it('undo_command of a shipping form is refused as before (no Urungkan for shipping), its units stay on the truck', async () => {
    const { hub, user, list } = await hubWithSerials(2);
    const p = await darat(hub.hubId, list);
    const sent = await user.ok('create_shipment_darat', p);
    expectRefused(await user.run('undo_command', { command_id: sent.id }), 'not_found', 'undoNotFound');
    expect(await unitsOf(list)).toEqual(
      list.map((serial) =>
        expect.objectContaining({ serial, state: 'in_transit', shipment_id: p.shipment_id }),
      ),
    );
    expect((await eventsOf(list)).map((e) => e.kind)).toEqual([
      'registered',
      'registered',
      'loaded',
      'loaded',
    ]);
  });

  it('void_shipment returns its units to the origin hub, with a returned event', async () => {
    const hub = await trackingHub();
    const admin = await as('admin');
    const tower = await as('tower');
    const list = serials(2);
    await registered(admin, hub.hubId, list);
    const p = await darat(hub.hubId, list);
    await admin.ok('create_shipment_darat', p);
    // Its TV count is its serials' count: a correction to another count is refused.
    expectRefused(
      await tower.run('correct_shipment_counts', {
        shipment_id: p.shipment_id,
        smartboard_quantity: 3,
        bracket_quantity: 1,
        reason: 'salah hitung',
      }),
      'validation',
      'serial.countMismatch',
      { count: 2, quantity: 3 },
    );
    const voided = await tower.ok('void_shipment', { shipment_id: p.shipment_id, reason: 'salah kirim' });
    expect(await unitsOf(list)).toEqual(
      list.map((serial) =>
        expect.objectContaining({ serial, state: 'in_stock', hub_id: hub.hubId, shipment_id: null }),
      ),
    );
    expect((await eventsOf(list)).filter((e) => e.kind === 'returned')).toEqual(
      list.map((serial) => ({
        serial,
        kind: 'returned',
        hub_id: hub.hubId,
        shipment_id: p.shipment_id,
        command_id: voided.id,
        actor: tower.id,
      })),
    );
    // In stock again: they may leave on another truck.
    await admin.ok('create_shipment_darat', await darat(hub.hubId, list));
  });
});
