// Issue 9, "what is accepted": device times, payload types and command ids,
// through apply_commands over real HTTP.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import * as cmd from './commands-support';
import { ownerSql } from '../support/clients';
import { HUB, WAREHOUSE } from '../support/demo';

afterAll(cmd.closeDb);

const ms = (d: unknown) => new Date(d as string).getTime();

describe('issued_at: an ISO 8601 time with a zone, nothing else', () => {
  it.each([
    ['yesterday'],
    ['epoch'],
    ['now'],
    ['infinity'],
    ['-infinity'],
    ['2026-11-20'],
    ['2026-11-20T10:00:00'],
    ['2026-11-20 10:00:00+07'],
    ['2026-13-01T00:00:00Z'],
    [null],
    [12345],
    [undefined],
  ])('refuses %j with invalid_command and writes nothing', async (issuedAt) => {
    const admin = await cmd.as('admin');
    const typeId = cmd.id();
    const command = admin.command('add_vehicle_type', { vehicle_type_id: typeId, name: `Jam ${cmd.tag()}` });
    const envelope: Record<string, unknown> = { ...command, issued_at: issuedAt };
    if (issuedAt === undefined) delete envelope.issued_at;
    const [outcome] = await admin.send([envelope as never]);
    expect(outcome).toMatchObject({ id: command.id, outcome: 'rejected', code: 'invalid_command' });
    expect(await cmd.rowOf('vehicle_types', typeId)).toBeUndefined();
  });

  it.each([['2026-11-20T10:00:00Z'], ['2026-11-20T17:00:00.123+07:00'], ['2026-11-20T10:00:00.5-03:30']])(
    'accepts %s',
    async (issuedAt) => {
      const admin = await cmd.as('admin');
      const typeId = cmd.id();
      const [outcome] = await admin.send([
        admin.command(
          'add_vehicle_type',
          { vehicle_type_id: typeId, name: `Jam ${cmd.tag()}` },
          { issued_at: issuedAt },
        ),
      ]);
      expect(outcome).toMatchObject({ outcome: 'applied' });
    },
  );

  it("a clock reset to 1970 never stamps a time before the row's previous transition", async () => {
    const karawang = await cmd.as('karawang');
    const vehicleId = await cmd.makeVehicle(HUB.karawang);
    const queued = karawang.command('queue_vehicles', { hub_id: HUB.karawang, vehicle_ids: [vehicleId] });
    const started = karawang.command(
      'start_loading',
      { hub_id: HUB.karawang, vehicle_id: vehicleId },
      { issued_at: '1970-01-01T00:00:00Z' },
    );
    const finished = karawang.command(
      'finish_loading',
      { hub_id: HUB.karawang, vehicle_id: vehicleId },
      { issued_at: '1970-01-01T00:05:00Z' },
    );
    const p = cmd.daratPayload(HUB.karawang, vehicleId, WAREHOUSE.cikarang);
    const shipped = karawang.command('create_shipment_darat', p, { issued_at: '1970-01-01T00:10:00Z' });
    const outcomes = await karawang.send([queued, started, finished, shipped]);
    expect(outcomes.map((o) => o.outcome)).toEqual(['applied', 'applied', 'applied', 'applied']);

    const v = await cmd.rowOf<Record<string, unknown>>('vehicles', vehicleId);
    expect(ms(v!.loading_started_at)).toBeGreaterThanOrEqual(ms(v!.queued_at));
    expect(ms(v!.loading_finished_at)).toBeGreaterThanOrEqual(ms(v!.loading_started_at));
    const s = await cmd.rowOf<Record<string, unknown>>('shipments', p.shipment_id);
    expect(ms(s!.loading_date)).toBeGreaterThanOrEqual(ms(v!.loading_finished_at));
    const [stock] = await cmd.rowsWhere<{ date_recorded: Date }>(
      `select date_recorded::text as date_recorded from public.inventory where id = $1`,
      [p.inventory_id],
    );
    expect(String(stock!.date_recorded) >= '2026-01-01').toBe(true);
  });

  it("the floor reads only the ids that can be shipments or vehicles, never a hub's or a stock booking's (issue 43, P2)", async () => {
    const vehicleId = await cmd.makeVehicle(HUB.karawang);
    const sql = await ownerSql();
    try {
      await sql.query('begin');
      await sql.query(`update public.vehicles set queued_at = '2026-11-01T08:00:00Z' where id = $1`, [
        vehicleId,
      ]);
      // This transaction's own reads of the two tables (scans of either kind).
      const reads = async () =>
        Number(
          (
            await sql.query<{ n: string }>(
              `select sum(coalesce(seq_scan, 0) + coalesce(idx_scan, 0)) as n from pg_stat_xact_user_tables
                where schemaname = 'public' and relname in ('shipments', 'vehicles')`,
            )
          ).rows[0]!.n,
        );
      const floor = async (payload: Record<string, unknown>) => {
        const before = await reads();
        const { rows } = await sql.query<{ t: Date | null }>('select public.cmd_time_floor($1) as t', [
          payload,
        ]);
        return { at: rows[0]!.t, reads: (await reads()) - before };
      };
      const elsewhere = Object.fromEntries(
        [
          'hub_id',
          'current_hub_id',
          'destination_hub_id',
          'warehouse_id',
          'destination_warehouse_id',
          'vendor_id',
          'vehicle_type_id',
          'inventory_id',
          'smartboard_inventory_id',
          'bracket_inventory_id',
        ].map((key) => [key, cmd.id()]),
      );
      expect(await floor(elsewhere)).toEqual({ at: null, reads: 0 });
      const queued = await floor({ hub_id: HUB.karawang, vehicle_ids: [vehicleId] });
      expect(queued.at?.toISOString()).toBe('2026-11-01T08:00:00.000Z');
      expect(queued.reads).toBeGreaterThan(0);
    } finally {
      await sql.query('rollback');
      await sql.end();
    }
  });

  it('a new row is never stamped earlier than 30 days before the server received it', async () => {
    const karawang = await cmd.as('karawang');
    const vehicleId = await cmd.makeVehicle(HUB.karawang);
    const [outcome] = await karawang.send([
      karawang.command(
        'queue_vehicles',
        { hub_id: HUB.karawang, vehicle_ids: [vehicleId] },
        { issued_at: '1970-01-01T00:00:00Z' },
      ),
    ]);
    expect(outcome!.outcome).toBe('applied');
    const v = await cmd.rowOf<{ queued_at: Date }>('vehicles', vehicleId);
    expect(Date.now() - ms(v!.queued_at)).toBeLessThanOrEqual(31 * 24 * 3600_000);
  });
});

describe('payload types are refused, never coerced', () => {
  it('edit_vendor with a number as phone is refused and keeps the stored phone', async () => {
    const admin = await cmd.as('admin');
    const vendorId = cmd.id();
    await admin.ok('add_vendor', { vendor_id: vendorId, name: `Telepon ${cmd.tag()}`, phone: '0812-1' });
    expect(await admin.run('edit_vendor', { vendor_id: vendorId, changes: { phone: 812 } })).toMatchObject({
      outcome: 'rejected',
      code: 'validation',
      message: 'Perintah tidak valid.',
    });
    expect(await cmd.rowOf('vendors', vendorId)).toMatchObject({ phone: '0812-1' });
  });

  it.each([
    ['a quantity as a string', { smartboard_quantity: '5' }],
    ['a quantity as a fraction', { smartboard_quantity: 1.5 }],
    ['a batch number as a number', { batch_number: 77 }],
    ['a batch number as an object', { batch_number: { x: 1 } }],
    ['a date outside the sane range', { date_recorded: '1900-01-01' }],
    ['a date far ahead', { date_recorded: '9999-12-31' }],
    ['a warehouse id of another table', { warehouse_id: HUB.karawang }],
  ])('add_inventory with %s is refused and writes nothing', async (_what, change) => {
    const admin = await cmd.as('admin');
    const inventoryId = cmd.id();
    const outcome = await admin.run('add_inventory', {
      inventory_id: inventoryId,
      warehouse_id: WAREHOUSE.karawang,
      date_recorded: '2026-11-20',
      smartboard_quantity: 1,
      bracket_quantity: 0,
      ...change,
    });
    expect(outcome.outcome).toBe('rejected');
    expect(['validation', 'not_found']).toContain(outcome.code);
    expect(outcome.message).toBeTruthy();
    expect(await cmd.rowOf('inventory', inventoryId)).toBeUndefined();
  });

  it('control characters in text are refused on the server', async () => {
    const admin = await cmd.as('admin');
    const vendorId = cmd.id();
    expect(
      await admin.run('add_vendor', { vendor_id: vendorId, name: `Bel\u0007 ${cmd.tag()}` }),
    ).toMatchObject({ outcome: 'rejected', code: 'validation' });
    expect(await cmd.rowOf('vendors', vendorId)).toBeUndefined();
  });

  it('invisible format characters and C1 controls in text are refused on the server (a look-alike name, a reversed one)', async () => {
    const admin = await cmd.as('admin');
    // A zero-width space, a zero-width joiner, a right-to-left override, an isolate, a BOM, a soft hyphen, NEL.
    for (const hidden of ['\u200b', '\u200d', '\u202e', '\u2066', '\ufeff', '\u00ad', '\u0085']) {
      const vendorId = cmd.id();
      const outcome = await admin.run('add_vendor', {
        vendor_id: vendorId,
        name: `PT Sinar${hidden}Jaya ${cmd.tag()}`,
      });
      expect(outcome, JSON.stringify(hidden)).toMatchObject({ outcome: 'rejected', code: 'validation' });
      expect(outcome.message, JSON.stringify(hidden)).toBe('Teks berisi karakter yang tidak diizinkan.');
      expect(await cmd.rowOf('vendors', vendorId)).toBeUndefined();
    }
  });
});

describe('one id, one command', () => {
  it('the same id with another type or payload is answered duplicate_id; the first stays', async () => {
    const admin = await cmd.as('admin');
    const first = admin.command('add_vehicle_type', { vehicle_type_id: cmd.id(), name: `Satu ${cmd.tag()}` });
    expect((await admin.send([first]))[0]).toMatchObject({ outcome: 'applied' });
    // The very same command again: answered from the record.
    expect((await admin.send([first]))[0]).toMatchObject({ id: first.id, outcome: 'applied' });
    const otherPayload = { ...first, payload: { vehicle_type_id: cmd.id(), name: `Dua ${cmd.tag()}` } };
    const otherType = {
      ...first,
      type: 'add_vendor',
      payload: { vendor_id: cmd.id(), name: `Tiga ${cmd.tag()}` },
    };
    for (const envelope of [otherPayload, otherType]) {
      const [outcome] = await admin.send([envelope]);
      expect(outcome).toMatchObject({ id: first.id, outcome: 'rejected', code: 'duplicate_id' });
    }
    expect(await cmd.rowOf('vehicle_types', otherPayload.payload.vehicle_type_id as string)).toBeUndefined();
    expect(await cmd.recorded(first.id)).toMatchObject({ outcome: 'applied' });
  });

  it('ids are compared in canonical form: an upper-case id is answered in lower case and never applied twice', async () => {
    const admin = await cmd.as('admin');
    const lower = randomUUID();
    const typeId = cmd.id();
    const command = admin.command('add_vehicle_type', {
      vehicle_type_id: typeId,
      name: `Kapital ${cmd.tag()}`,
    });
    const [upper] = await admin.send([{ ...command, id: lower.toUpperCase() }]);
    expect(upper).toMatchObject({ id: lower, outcome: 'applied' });
    const [again] = await admin.send([{ ...command, id: lower }]);
    expect(again).toMatchObject({ id: lower, outcome: 'applied' });
    const rows = await cmd.rowsWhere('select id from public.vehicle_types where id = $1', [typeId]);
    expect(rows).toHaveLength(1);
  });
});
