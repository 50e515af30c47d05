// Security audit 2026-12-03, finding 1: a command of a type the server does not know, or with a
// payload that is not an object, was recorded with its payload as sent, and the audit trail
// filed it under the payload's hub_id and a shipment's history listed it under its
// shipment_id. Any signed-in user (an open sign-up too) could send `void_shipment ` (a trailing
// space) naming another hub's shipment with up to ~1 MB of text, and a forged "rejected" row
// appeared in that hub's audit view and that shipment's history. (An open sign-up is now
// refused `forbidden` before its type or payload is looked at: sign-up-runs-nothing.test.ts;
// the sender here is another hub's user.)
// Now such a command is recorded with the payload '{}' (its rejection and code kept), and a type
// that is not ^[a-z_]{1,40}$ is recorded cut to 40 characters, each character other than a-z
// and _ as '?', with '…' when cut (supabase/schemas/functions/apply_commands.sql and
// cmd_trail_payload in cmd_payload.sql).
// Only rows this file makes are read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TEXTS } from '../../sync/server-texts';
import { HUB, WAREHOUSE } from '../support/demo';
import { as, closeDb, daratPayload, makeVehicle, rowsWhere } from './commands-support';
import { envelope, hubUserAt, send } from './sign-up-sender';

afterAll(closeDb);

async function recorded(commandId: string) {
  const [row] = await rowsWhere<{
    type: string;
    payload: unknown;
    outcome: string;
    code: string;
    message: string;
    message_key: string;
    message_params: Record<string, unknown>;
  }>(
    'select type, payload, outcome, code, message, message_key, message_params from public.commands where id = $1',
    [commandId],
  );
  return row;
}

/** Tower's reading of a shipment's history. */
async function historyOf(shipmentId: string) {
  const { data, error } = await (
    await as('tower')
  ).client.rpc('shipment_history', { p_shipment_id: shipmentId });
  if (error) throw new Error(error.message);
  return data as Array<{ type: string; outcome: string; actor_email: string }>;
}

/** The ids of one actor's commands in the audit trail as tower reads it, of one hub when given. */
async function auditIds(actorEmail: string, hubId?: string) {
  const { data, error } = await (
    await as('tower')
  ).client.rpc('audit_trail', {
    p_actor: actorEmail,
    ...(hubId ? { p_hub_id: hubId } : {}),
  });
  if (error) throw new Error(error.message);
  return (data as Array<{ id: string }>).map((r) => r.id);
}

let shipmentId: string;

beforeAll(async () => {
  // Hub B's shipment: Karawang's, on its way to Cikarang.
  const p = daratPayload(HUB.karawang, await makeVehicle(HUB.karawang), WAREHOUSE.cikarang);
  await (await as('karawang')).ok('create_shipment_darat', p);
  shipmentId = p.shipment_id;
});

describe('a command of an unknown type', () => {
  it("naming another hub's shipment is recorded without its payload: not in that hub's trail nor the shipment's history", async () => {
    const attacker = await hubUserAt('audit-trail', HUB.cikarang);
    const before = await historyOf(shipmentId);
    const text = 'Dibatalkan atas perintah direktur. '.repeat(6000); // ~210 kB
    const command = envelope(attacker, 'void_shipment ', {
      shipment_id: shipmentId,
      hub_id: HUB.karawang,
      reason: text,
    });
    const [answer] = await send(attacker, [command]);
    expect(answer).toMatchObject({
      id: command.id,
      outcome: 'rejected',
      code: 'unknown_command',
      key: 'unknownCommand',
    });
    // Not in hub B's audit view, nor the shipment's history; filed under its sender only.
    expect(await auditIds(attacker.email, HUB.karawang)).toEqual([]);
    expect(await auditIds(attacker.email)).toEqual([command.id]);
    expect(await historyOf(shipmentId)).toEqual(before);
    // The rejection stays recorded, with its code; the payload is not.
    const row = (await recorded(command.id))!;
    expect(row).toMatchObject({
      outcome: 'rejected',
      code: 'unknown_command',
      message_key: 'unknownCommand',
    });
    expect(row.payload).toEqual({});
    expect(row.type).toBe('void_shipment?');
    expect(row.message_params).toEqual({ type: 'void_shipment?' });
    expect(row.message).toBe(SERVER_TEXTS.unknownCommand.replace('{{type}}', 'void_shipment?'));
    // A replay answers as the first time.
    expect(await send(attacker, [command])).toEqual([answer]);
  });

  it('has a long or odd type recorded cut to 40 characters and its message bounded', async () => {
    const sender = await hubUserAt('audit-trail', HUB.cikarang);
    const long = envelope(sender, `void_shipment${'x'.repeat(200_000)}`, { shipment_id: shipmentId });
    const odd = envelope(sender, 'Void-Shipment\u202e', { hub_id: HUB.karawang });
    const [a, b] = await send(sender, [long, odd]);
    expect(a).toMatchObject({ outcome: 'rejected', code: 'unknown_command' });
    expect(b).toMatchObject({ outcome: 'rejected', code: 'unknown_command' });
    const longRow = (await recorded(long.id))!;
    expect(longRow.type).toBe(`void_shipment${'x'.repeat(27)}…`);
    expect(longRow.payload).toEqual({});
    expect(longRow.message.length).toBeLessThan(100);
    expect(JSON.stringify(longRow.message_params).length).toBeLessThan(100);
    const oddRow = (await recorded(odd.id))!;
    expect(oddRow.type).toBe('?oid??hipment?');
    expect(oddRow.payload).toEqual({});
    expect(await auditIds(sender.email, HUB.karawang)).toEqual([]);
    // A type the server knows is recorded as sent (control).
    const known = envelope(sender, 'void_shipment', { shipment_id: shipmentId, reason: 'Uji' });
    const [c] = await send(sender, [known]);
    expect(c).toMatchObject({ outcome: 'rejected' });
    expect(await recorded(known.id)).toMatchObject({
      type: 'void_shipment',
      payload: { shipment_id: shipmentId, reason: 'Uji' },
    });
  });
});

describe('a payload that is not an object', () => {
  it('is refused as before (invalid_command) and recorded as {}; a replay answers the same', async () => {
    const sender = await hubUserAt('audit-trail', HUB.cikarang);
    const cases = [
      envelope(sender, 'void_shipment', 'x'.repeat(200_000)),
      envelope(sender, 'void_shipment', [{ shipment_id: shipmentId, hub_id: HUB.karawang }]),
      envelope(sender, 'add_vendor', 42),
      envelope(sender, 'void_shipment ', `{"shipment_id":"${shipmentId}"}`),
    ];
    const answers = await send(sender, cases);
    for (const [i, command] of cases.entries()) {
      expect(answers[i], String(i)).toMatchObject({
        id: command.id,
        outcome: 'rejected',
        code: 'invalid_command',
      });
      expect((await recorded(command.id))!.payload, String(i)).toEqual({});
    }
    expect(await send(sender, cases)).toEqual(answers);
    expect(await auditIds(sender.email, HUB.karawang)).toEqual([]);
  });
});
