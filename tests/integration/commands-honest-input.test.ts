// Issue 40 (the commands' part), through supabase-js against the local stack:
//   * the receipt is required: an unloading completion without its counted receipt is refused
//     on every role with the device's words, and nothing is booked;
//   * an honest trail: a payload keeps only the fields its schema knows, so an add_vendor
//     carrying another hub's shipment_id and a reason writes into no shipment's history, and
//     one carrying hub_id is not listed under that hub; undo_command names the hub and the
//     shipment of the command it undoes, whatever the device says; replays answer as before;
//   * every stored text bounded: a 10,000-character void reason is refused and the void not
//     applied; names, plates, phones on every role;
//   * device reports only from staff: a hub-less sign-up is refused, a user's devices bounded.
// The old outbox's completion on a tablet: sync-outbox-receipt.test.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { HANDOVER_MESSAGES } from '../../sync/messages-handover';
import { MESSAGES } from '../../sync/messages';
import { anonClient } from '../support/clients';
import { DEMO_USERS, HUB, WAREHOUSE } from '../support/demo';
import { as, closeDb, daratPayload, db, id, makeVehicle, remember, rowOf, rowsWhere, tag } from './commands-support';
import { bookedBy, hubCompletion, podCompletion, receipt, unloadingAtCikarang, unloadingAtMakassar } from './handover-support';

afterAll(closeDb);

const receiptRequired = {
  outcome: 'rejected',
  code: 'validation',
  message: HANDOVER_MESSAGES.receiptRequired,
};

describe('the receipt is required', () => {
  it('complete_unloading without counts, names and signatures: refused on every role, nothing booked', async () => {
    for (const who of ['cikarang', 'tower', 'admin'] as const) {
      const user = await as(who);
      const { shipmentId } = await unloadingAtCikarang();
      remember(shipmentId);
      for (const without of [undefined, null]) {
        const p = { ...hubCompletion(shipmentId), ...(without === null ? { receipt: null } : {}) };
        expect(await user.run('complete_unloading', p), who).toMatchObject(receiptRequired);
      }
      expect(await rowOf('shipments', shipmentId)).toMatchObject({ status: 'sedang_bongkar', selesai_bongkar: false });
      expect(await bookedBy(shipmentId, WAREHOUSE.cikarang)).toEqual({ tv: 0, bracket: 0 });
      // Counted, the same user's completion applies.
      await user.ok('complete_unloading', hubCompletion(shipmentId, receipt()));
      expect(await bookedBy(shipmentId, WAREHOUSE.cikarang)).toEqual({ tv: 12, bracket: 7 });
    }
  });

  it('pod_complete without a receipt: refused on every role; a receipt without names or signatures too', async () => {
    for (const who of ['makassar', 'tower', 'admin'] as const) {
      const user = await as(who);
      const { shipmentId } = await unloadingAtMakassar();
      remember(shipmentId);
      expect(await user.run('pod_complete', podCompletion(shipmentId)), who).toMatchObject(receiptRequired);
      const counted = { smartboard_received: 20, bracket_received: 10 };
      for (const [missing, message] of [
        [{ receiver_name: '  ' }, HANDOVER_MESSAGES.receiverNameRequired],
        [{ driver_name: undefined }, HANDOVER_MESSAGES.driverNameRequired],
        [{ receiver_signature_id: '' }, HANDOVER_MESSAGES.receiverSignatureRequired],
        [{ driver_signature_id: null }, HANDOVER_MESSAGES.driverSignatureRequired],
        [{ smartboard_received: undefined }, HANDOVER_MESSAGES.countInvalid],
      ] as const) {
        const r = receipt({ ...counted, ...missing });
        expect(await user.run('pod_complete', podCompletion(shipmentId, r)), `${who} ${message}`).toMatchObject({
          outcome: 'rejected',
          code: 'validation',
          message,
        });
      }
      expect(await rowOf('shipments', shipmentId)).toMatchObject({ status: 'sedang_bongkar' });
      await user.ok('pod_complete', podCompletion(shipmentId, receipt(counted)));
      expect(await rowOf('shipments', shipmentId)).toMatchObject({ status: 'selesai_pod' });
    }
  });
});

/** The payload public.commands keeps for a command. */
async function storedPayload(commandId: string): Promise<Record<string, unknown> | undefined> {
  const [r] = await rowsWhere<{ payload: Record<string, unknown> }>(
    'select payload from public.commands where id = $1',
    [commandId],
  );
  return r?.payload;
}

/** Tower's reading of a shipment's history. */
async function historyOf(shipmentId: string) {
  const { data, error } = await (await as('tower')).client.rpc('shipment_history', { p_shipment_id: shipmentId });
  if (error) throw new Error(error.message);
  return data as Array<{ type: string; payload: Record<string, unknown> }>;
}

describe('an honest trail', () => {
  it("an add_vendor carrying another hub's shipment_id and a reason changes no shipment's history", async () => {
    const karawang = await as('karawang');
    const vehicleId = await makeVehicle(HUB.karawang);
    const p = daratPayload(HUB.karawang, vehicleId, WAREHOUSE.cikarang);
    await karawang.ok('create_shipment_darat', p);
    remember(p.shipment_id);
    const before = await historyOf(p.shipment_id);
    for (const who of ['poljak', 'tower', 'admin'] as const) {
      const vendor = { vendor_id: id(), name: `Vendor Jejak ${tag()}`, contact_person: null, phone: null };
      const sent = await (await as(who)).ok('add_vendor', {
        ...vendor,
        shipment_id: p.shipment_id,
        reason: 'Dibatalkan atas perintah direktur',
        hub_id: HUB.polsub,
      });
      // Applied, and recorded with the fields its schema knows only.
      expect(await storedPayload(sent.id)).toEqual(vendor);
    }
    expect(await historyOf(p.shipment_id)).toEqual(before);
  });

  it('an add_vendor {hub_id} is not listed under that hub in the audit trail', async () => {
    const karawang = await as('karawang');
    const sent = await karawang.ok('add_vendor', { vendor_id: id(), name: `Vendor Hub ${tag()}`, hub_id: HUB.polsub });
    for (const who of ['tower', 'admin'] as const) {
      const read = async (hub: string) => {
        const { data, error } = await (await as(who)).client.rpc('audit_trail', { p_hub_id: hub, p_type: 'add_vendor' });
        if (error) throw new Error(error.message);
        return (data as Array<{ id: string }>).map((r) => r.id);
      };
      expect(await read(HUB.polsub)).not.toContain(sent.id);
      expect(await read(HUB.karawang)).toContain(sent.id);
    }
  });

  it('strips unknown fields inside a receipt, its discrepancies and an edit, and refuses nothing for them', async () => {
    const cikarang = await as('cikarang');
    const { shipmentId } = await unloadingAtCikarang();
    remember(shipmentId);
    const r = receipt({ signer_ip: '10.0.0.1' });
    const sent = await cikarang.ok('complete_unloading', { ...hubCompletion(shipmentId, r), reason: 'x' });
    const stored = (await storedPayload(sent.id)) as Record<string, Record<string, unknown>>;
    expect(Object.keys(stored).sort()).toEqual(
      ['bracket_inventory_id', 'hub_id', 'notes', 'receipt', 'shipment_id', 'smartboard_inventory_id'].sort(),
    );
    expect(stored.receipt).not.toHaveProperty('signer_ip');
    const admin = await as('admin');
    const vendorId = id();
    await admin.ok('add_vendor', { vendor_id: vendorId, name: `Vendor Ubah ${tag()}` });
    const edit = await admin.ok('edit_vendor', { vendor_id: vendorId, changes: { phone: '0812', hub_id: HUB.polsub } });
    expect(await storedPayload(edit.id)).toEqual({ vendor_id: vendorId, changes: { phone: '0812' } });
  });

  it("undo_command is filed under the undone command's hub and shipment, whatever the device names", async () => {
    const cikarang = await as('cikarang');
    const { shipmentId } = await unloadingAtCikarang();
    remember(shipmentId);
    const other = daratPayload(HUB.karawang, await makeVehicle(HUB.karawang), WAREHOUSE.cikarang);
    await (await as('karawang')).ok('create_shipment_darat', other);
    remember(other.shipment_id);
    const before = await historyOf(other.shipment_id);
    const done = await cikarang.ok('complete_unloading', hubCompletion(shipmentId, receipt()));
    const undo = await cikarang.ok('undo_command', {
      command_id: done.id,
      hub_id: HUB.polsub,
      shipment_id: other.shipment_id,
    });
    expect(await storedPayload(undo.id)).toMatchObject({ hub_id: HUB.cikarang, shipment_id: shipmentId });
    expect(await historyOf(other.shipment_id)).toEqual(before);
    expect((await historyOf(shipmentId)).map((h) => h.type)).toContain('undo_command');
  });

  it('replays answer as before: the same command with or without its unknown fields, and a record kept whole', async () => {
    const admin = await as('admin');
    const command = admin.command('add_vendor', { vendor_id: id(), name: `Vendor Ulang ${tag()}`, note: 'x' });
    const [first] = await admin.send([command]);
    expect(first).toMatchObject({ outcome: 'applied' });
    const { note: _dropped, ...known } = command.payload;
    expect(await admin.send([command])).toEqual([first]);
    expect(await admin.send([{ ...command, payload: known }])).toEqual([first]);
    // Another payload under the same id is still not a replay.
    const [other] = await admin.send([{ ...command, payload: { ...known, name: 'Lain' } }]);
    expect(other).toMatchObject({ outcome: 'rejected', code: 'duplicate_id' });
    expect(await rowsWhere('select id from public.vendors where id = $1', [known.vendor_id])).toHaveLength(1);

    // A record written before this change holds the payload as it came: its replay still answers.
    const old = admin.command('add_vendor', { vendor_id: id(), name: `Vendor Lama ${tag()}`, extra: 1 });
    await (await db()).query(
      `insert into public.commands (id, actor_id, actor_email, type, payload, issued_at, received_at, outcome)
       values ($1, $2, $3, 'add_vendor', $4, now(), now(), 'applied')`,
      [old.id, admin.id, admin.email, old.payload],
    );
    expect(await admin.send([old])).toEqual([
      { id: old.id, outcome: 'applied', code: null, message: null, key: null, params: null },
    ]);
  });
});

describe('every stored text bounded', () => {
  it('a 10,000-character void reason is refused and the void not applied, on every role', async () => {
    const karawang = await as('karawang');
    const p = daratPayload(HUB.karawang, await makeVehicle(HUB.karawang), WAREHOUSE.cikarang);
    await karawang.ok('create_shipment_darat', p);
    remember(p.shipment_id);
    const reason = 'x'.repeat(10_000);
    for (const who of ['admin', 'tower'] as const) {
      expect(await (await as(who)).run('void_shipment', { shipment_id: p.shipment_id, reason })).toMatchObject({
        outcome: 'rejected',
        code: 'validation',
        message: MESSAGES.textTooLong.reason,
      });
    }
    expect(await karawang.run('void_shipment', { shipment_id: p.shipment_id, reason })).toMatchObject({
      outcome: 'rejected',
    });
    expect(await rowOf('shipments', p.shipment_id)).toMatchObject({ status: 'otw_cikarang', deleted: false });
    // At its bound, the reason is taken.
    await (await as('admin')).ok('void_shipment', { shipment_id: p.shipment_id, reason: 'y'.repeat(500) });
    expect(await rowOf('shipments', p.shipment_id)).toMatchObject({ status: 'dibatalkan' });
  });

  it('names, contacts, phones and plates over their bounds are refused on every role, with the form message', async () => {
    for (const who of ['admin', 'tower', 'karawang'] as const) {
      const user = await as(who);
      const vendor = () => ({ vendor_id: id(), name: `Vendor ${tag()}` });
      for (const [payload, message] of [
        [{ ...vendor(), name: 'n'.repeat(101) }, MESSAGES.warehouseNameTooLong],
        [{ ...vendor(), contact_person: 'c'.repeat(101) }, MESSAGES.textTooLong.person],
        [{ ...vendor(), phone: '0'.repeat(31) }, MESSAGES.textTooLong.phone],
      ] as const) {
        expect(await user.run('add_vendor', payload), `${who} ${message}`).toMatchObject({
          outcome: 'rejected',
          code: 'validation',
          message,
        });
        expect(await rowOf('vendors', payload.vendor_id)).toBeUndefined();
      }
      // 100 characters of four bytes each: the bound counts characters.
      await user.ok('add_vendor', { ...vendor(), name: `${tag()}${'😀'.repeat(92)}` });
    }
    const vendorId = id();
    await (await as('admin')).ok('add_vendor', { vendor_id: vendorId, name: `Vendor Plat ${tag()}` });
    for (const who of ['admin', 'tower', 'karawang'] as const) {
      const vehicle = {
        vehicle_id: id(),
        vendor_id: vendorId,
        mode: 'darat',
        license_plate: 'B '.repeat(11),
        vehicle_type_id: null,
        current_hub_id: HUB.karawang,
      };
      expect(await (await as(who)).run('add_vehicle', vehicle), who).toMatchObject({
        outcome: 'rejected',
        code: 'validation',
        message: MESSAGES.textTooLong.plate,
      });
    }
  });
});

describe('device reports only from staff', () => {
  const report = (client: ReturnType<typeof anonClient>, device: string, size = 0) =>
    client.rpc('report_device_sync', { p_device_id: device, p_outbox_size: size, p_app_version: 'h40' });

  afterAll(async () => {
    await (await db()).query(`delete from public.device_sync_reports where app_version in ('h40', 'h40-flood')`);
  });

  it("refuses a hub-less sign-up's report, and takes staff's", async () => {
    const client = anonClient();
    const email = `h40-${tag()}@demo.local`;
    const { data, error } = await client.auth.signUp({ email, password: 'rahasia123' });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
    const device = randomUUID();
    const refused = await report(client, device);
    expect(refused.error?.message).toBe('Hanya staf hub, tower control dan admin yang dapat melaporkan sinkronisasi');
    expect(await rowsWhere('select 1 from public.device_sync_reports where device_id = $1', [device])).toEqual([]);
    for (const who of ['karawang', 'tower', 'admin'] as const) {
      expect((await report((await as(who)).client, randomUUID())).error, who).toBeNull();
    }
  });

  it('bounds a user to 20 devices (the longest silent make room) and an outbox to 100,000', async () => {
    const cikarang = await as('cikarang');
    const devices = Array.from({ length: 25 }, () => randomUUID());
    for (const device of devices) {
      const { error } = await cikarang.client.rpc('report_device_sync', {
        p_device_id: device,
        p_outbox_size: 1,
        p_app_version: 'h40-flood',
      });
      expect(error).toBeNull();
    }
    const kept = await rowsWhere<{ device_id: string }>(
      'select device_id from public.device_sync_reports where user_id = $1',
      [cikarang.id],
    );
    expect(kept.length).toBeLessThanOrEqual(20);
    // The latest device is listed, with who reported it.
    const { data } = await (await as('tower')).client.rpc('device_sync_report_list');
    expect((data as Array<{ device_id: string; email: string }>).find((r) => r.device_id === devices[24])).toMatchObject({
      email: DEMO_USERS.cikarang,
    });
    expect((await report(cikarang.client, devices[24]!, 100_001)).error).not.toBeNull();
    expect((await report(cikarang.client, devices[24]!, 100_000)).error).toBeNull();
  });
});

describe("a new row's id must be new (cmd_require_new_id)", () => {
  it('looks up every table a command makes rows in with a static query, and refuses a reused id either way', async () => {
    const sql = await db();
    const source = (
      await sql.query<{ src: string }>(
        `select prosrc as src from pg_proc where oid = 'public.cmd_require_new_id(text, uuid)'::regprocedure`,
      )
    ).rows[0]!.src;
    const looked = [...source.matchAll(/when '(\w+)' then/g)].map((m) => m[1]!);
    // The tables the commands name (their source, as stored), each looked up statically: a
    // table by name is parsed and planned at every call (docs/performance.md).
    const named = (
      await sql.query<{ t: string }>(
        `select distinct m[1] as t from pg_proc p, regexp_matches(p.prosrc, $1, 'g') m
         where p.pronamespace = 'public'::regnamespace`,
        [String.raw`cmd_require_new_id\('(\w+)'`],
      )
    ).rows.map((r) => r.t);
    expect(named).toEqual(expect.arrayContaining(['inventory', 'shipments', 'vendors', 'vehicles']));
    expect(named.filter((t) => !looked.includes(t))).toEqual([]);

    // A reused id through a command (a static look-up), and one by name (a table no command
    // makes rows in: the admin's own profile); a new id passes.
    const admin = await as('admin');
    const vendorId = id();
    await admin.ok('add_vendor', { vendor_id: vendorId, name: `Vendor Id ${tag()}` });
    expect(await admin.run('add_vendor', { vendor_id: vendorId, name: `Vendor Id ${tag()}` })).toMatchObject({
      outcome: 'rejected',
      code: 'duplicate_id',
    });
    await expect(
      sql.query(`select public.cmd_require_new_id('profiles', $1)`, [admin.id]),
    ).rejects.toMatchObject({
      detail: 'dermaga:duplicate_id',
    });
    await sql.query(`select public.cmd_require_new_id('profiles', $1)`, [id()]);
  });
});
