// Security audit 2026-12-03: a REJECTED command of a known type was recorded in public.commands
// with its known fields as sent, at any length (a 900,000-character name, 100,000 vehicle ids,
// a 1 MB note), so any signed-in user (an open sign-up too) could store about 1 MB a request,
// which the audit trail and a shipment's history show to staff. Now a rejected command's payload
// is recorded bounded (public.cmd_bounded_payload, supabase/schemas/functions/cmd_payload.sql):
// each text cut to 2,000 characters with '…', each list to 520 entries, nesting to 8 levels, and
// the whole to 65,536 bytes (over it: its uuid fields only), its ids kept so the trail files it as
// before. An applied command is recorded as it ran; a replay answers as the first time.
// Only rows this file makes are read.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUB, WAREHOUSE } from '../support/demo';
import { as, closeDb, daratPayload, makeVehicle, rowsWhere } from './commands-support';
import { envelope, send, signUp } from './sign-up-sender';

afterAll(closeDb);

const TEXT_MAX = 2000;
const LIST_MAX = 520;
const BYTES_MAX = 65_536;

async function recorded(commandId: string) {
  const [row] = await rowsWhere<{ type: string; payload: Record<string, unknown>; outcome: string }>(
    'select type, payload, outcome from public.commands where id = $1',
    [commandId],
  );
  return row!;
}

/** The size of a payload's text as PostgreSQL prints it (jsonb::text), in bytes. */
async function bytesOf(commandId: string) {
  const [row] = await rowsWhere<{ n: number }>(
    'select octet_length(payload::text) as n from public.commands where id = $1',
    [commandId],
  );
  return Number(row!.n);
}

/** The commands of one sender in the audit trail as tower reads it, of one hub when given. */
async function audit(actorEmail: string, hubId?: string) {
  const { data, error } = await (
    await as('tower')
  ).client.rpc('audit_trail', { p_actor: actorEmail, ...(hubId ? { p_hub_id: hubId } : {}) });
  if (error) throw new Error(error.message);
  return data as Array<{ id: string; hub_id: string | null; payload: unknown }>;
}

/** The entries of one sender in a shipment's history as tower reads it. */
async function historyOf(shipmentId: string, actorEmail: string) {
  const { data, error } = await (
    await as('tower')
  ).client.rpc('shipment_history', { p_shipment_id: shipmentId });
  if (error) throw new Error(error.message);
  return (data as Array<{ type: string; actor_email: string; payload: unknown }>).filter(
    (r) => r.actor_email === actorEmail,
  );
}

/** n objects nested under 'a', leaf inside the last. */
function nest(n: number, leaf: unknown): unknown {
  return n === 0 ? leaf : { a: nest(n - 1, leaf) };
}

const serial = (i: number) => `SN${String(i).padStart(6, '0')}`;

let shipmentId: string;

beforeAll(async () => {
  // Karawang's shipment, on its way to Cikarang: the one the rejected commands name.
  const p = daratPayload(HUB.karawang, await makeVehicle(HUB.karawang), WAREHOUSE.cikarang);
  await (await as('karawang')).ok('create_shipment_darat', p);
  shipmentId = p.shipment_id;
});

describe('a rejected command of a known type', () => {
  it('is recorded with its texts, lists and nesting bounded, its ids kept, and filed as before', async () => {
    const sender = await signUp('trail-bounded');
    const vehicleId = randomUUID();
    const inventoryId = randomUUID();
    const serials = Array.from({ length: 30_000 }, (_, i) => serial(i));
    const payload = {
      hub_id: HUB.karawang,
      shipment_id: shipmentId,
      vehicle_id: vehicleId,
      destination_warehouse_id: WAREHOUSE.cikarang,
      inventory_id: inventoryId,
      batch_number: 'B'.repeat(300_000),
      smartboard_quantity: 12,
      bracket_quantity: 7,
      tv_serials: serials,
      // Junk where the schema keeps any value: a long key, deep nesting, a long list of lists.
      image_count: {
        ['k'.repeat(3000)]: 'v',
        deep: nest(12, 'z'.repeat(5000)),
        list: Array.from({ length: 2000 }, () => [1, 2, 3]),
        edge: 'e'.repeat(TEXT_MAX),
      },
      not_a_field: 'x'.repeat(10_000),
    };
    const command = envelope(sender, 'create_shipment_darat', payload);
    const [answer] = await send(sender, [command]);
    expect(answer).toMatchObject({ id: command.id, outcome: 'rejected' });

    const row = await recorded(command.id);
    expect(row).toMatchObject({ type: 'create_shipment_darat', outcome: 'rejected' });
    const expected = {
      hub_id: HUB.karawang,
      shipment_id: shipmentId,
      vehicle_id: vehicleId,
      destination_warehouse_id: WAREHOUSE.cikarang,
      inventory_id: inventoryId,
      batch_number: `${'B'.repeat(TEXT_MAX)}…`,
      smartboard_quantity: 12,
      bracket_quantity: 7,
      tv_serials: serials.slice(0, LIST_MAX),
      image_count: {
        [`${'k'.repeat(TEXT_MAX)}…`]: 'v',
        // The payload is the first level; the eighth level's object is recorded as '…'.
        deep: nest(6, '…'),
        list: Array.from({ length: LIST_MAX }, () => [1, 2, 3]),
        // A text of exactly the bound is kept whole.
        edge: 'e'.repeat(TEXT_MAX),
      },
    };
    expect(row.payload).toEqual(expected);
    expect((row.payload.batch_number as string).length).toBe(TEXT_MAX + 1);
    expect(row.payload.tv_serials as string[]).toHaveLength(LIST_MAX);
    expect(await bytesOf(command.id)).toBeLessThanOrEqual(BYTES_MAX);

    // Filed as before: under Karawang in the audit trail, in the shipment's history.
    const trail = await audit(sender.email, HUB.karawang);
    expect(trail.map((r) => r.id)).toEqual([command.id]);
    expect(trail[0]!.payload).toEqual(expected);
    expect(await historyOf(shipmentId, sender.email)).toEqual([
      expect.objectContaining({ type: 'create_shipment_darat', payload: expected }),
    ]);

    // A replay answers as the first time, and records nothing more.
    expect(await send(sender, [command])).toEqual([answer]);
    expect((await audit(sender.email)).map((r) => r.id)).toEqual([command.id]);
    // The same id with another payload is still refused as a duplicate.
    const other = { ...command, payload: { ...payload, batch_number: 'LAIN' } };
    expect(await send(sender, [other])).toEqual([
      expect.objectContaining({ id: command.id, outcome: 'rejected', code: 'duplicate_id' }),
    ]);
  });

  it("has its nested fields (a receipt's texts and lists) bounded and its notes cut", async () => {
    const sender = await signUp('trail-bounded');
    const photoIds = Array.from({ length: 4000 }, () => randomUUID());
    const received = Array.from({ length: 2000 }, (_, i) => serial(i));
    const discrepancyId = randomUUID();
    const payload = {
      hub_id: HUB.karawang,
      shipment_id: shipmentId,
      notes: 'n'.repeat(300_000),
      receipt: {
        receipt_id: randomUUID(),
        smartboard_received: 12,
        receiver_name: 'é'.repeat(100_000),
        discrepancies: [
          { id: discrepancyId, item: 'smartboard', reason: 'rusak', quantity: 1, photo_ids: photoIds },
        ],
        tv_serials: { received, damaged: [] },
      },
    };
    const command = envelope(sender, 'complete_unloading', payload);
    const [answer] = await send(sender, [command]);
    expect(answer).toMatchObject({ id: command.id, outcome: 'rejected' });

    const row = await recorded(command.id);
    expect(row.payload).toEqual({
      ...payload,
      notes: `${'n'.repeat(TEXT_MAX)}…`,
      receipt: {
        ...payload.receipt,
        receiver_name: `${'é'.repeat(TEXT_MAX)}…`,
        discrepancies: [{ ...payload.receipt.discrepancies[0], photo_ids: photoIds.slice(0, LIST_MAX) }],
        tv_serials: { received: received.slice(0, LIST_MAX), damaged: [] },
      },
    });
    expect(await bytesOf(command.id)).toBeLessThanOrEqual(BYTES_MAX);
    expect((await audit(sender.email, HUB.karawang)).map((r) => r.id)).toEqual([command.id]);
    expect(await historyOf(shipmentId, sender.email)).toHaveLength(1);
    expect(await send(sender, [command])).toEqual([answer]);
  });

  it('still over 64 KB after the cuts is recorded as its uuid fields only, filed as before', async () => {
    const sender = await signUp('trail-bounded');
    const vehicleId = randomUUID();
    const inventoryId = randomUUID();
    // 100 serials of 1,500 characters: within every bound but the whole (about 150 kB).
    const payload = {
      hub_id: HUB.karawang,
      shipment_id: shipmentId,
      vehicle_id: vehicleId,
      destination_warehouse_id: WAREHOUSE.cikarang,
      inventory_id: inventoryId,
      batch_number: 'B-1',
      smartboard_quantity: 1,
      bracket_quantity: 1,
      tv_serials: Array.from({ length: 100 }, (_, i) => `${serial(i)}${'X'.repeat(1492)}`),
    };
    const command = envelope(sender, 'create_shipment_darat', payload);
    const [answer] = await send(sender, [command]);
    expect(answer).toMatchObject({ id: command.id, outcome: 'rejected' });
    expect((await recorded(command.id)).payload).toEqual({
      hub_id: HUB.karawang,
      shipment_id: shipmentId,
      vehicle_id: vehicleId,
      destination_warehouse_id: WAREHOUSE.cikarang,
      inventory_id: inventoryId,
    });
    expect(await bytesOf(command.id)).toBeLessThanOrEqual(BYTES_MAX);
    expect((await audit(sender.email, HUB.karawang)).map((r) => r.id)).toEqual([command.id]);
    expect(await historyOf(shipmentId, sender.email)).toHaveLength(1);
    expect(await send(sender, [command])).toEqual([answer]);
  });

  it('within every bound is recorded as it came', async () => {
    const sender = await signUp('trail-bounded');
    const payload = { shipment_id: shipmentId, reason: 'r'.repeat(TEXT_MAX) };
    const command = envelope(sender, 'void_shipment', payload);
    const [answer] = await send(sender, [command]);
    expect(answer).toMatchObject({ outcome: 'rejected' });
    expect((await recorded(command.id)).payload).toEqual(payload);
    expect(await send(sender, [command])).toEqual([answer]);
  });
});

describe('an applied command of the same type', () => {
  it('is recorded as it ran, unchanged', async () => {
    const karawang = await as('karawang');
    const p = daratPayload(HUB.karawang, await makeVehicle(HUB.karawang), WAREHOUSE.cikarang, {
      batch_number: `TEST-${'9'.repeat(45)}`,
    });
    const command = await karawang.ok('create_shipment_darat', p);
    const row = await recorded(command.id);
    expect(row).toMatchObject({ type: 'create_shipment_darat', outcome: 'applied' });
    expect(row.payload).toEqual(p);
    // A replay answers as the first time.
    expect(await karawang.send([command])).toEqual([
      expect.objectContaining({ id: command.id, outcome: 'applied' }),
    ]);
  });
});
