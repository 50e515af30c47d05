// A denial of service by any signed-in user: apply_commands cuts each command's payload to its
// type's known fields (cmd_known_fields, supabase/schemas/functions/cmd_payload.sql) before any
// check of the caller, and it set each element of a nested list with jsonb_set, copying the
// whole list each time. An open sign-up's register_serials with 24,000 units (about 800 kB, under
// the gateway's 1 MiB) ran past authenticated's statement timeout (8 s): the call failed with
// 57014 after holding a PostgREST connection the whole time, and a few at once held them all.
// Now a list is rebuilt in one pass: the same call is answered (refused: a sign-up registers
// nothing) and recorded, keeping what the known fields keep. Only rows this file makes are read.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { HUB } from '../support/demo';
import { as, closeDb, rowsWhere, tag } from './commands-support';
import { signUp } from './sign-up-sender';

afterAll(closeDb);

async function payloadOf(commandId: string) {
  const [row] = await rowsWhere<{ payload: Record<string, unknown>; outcome: string; code: string }>(
    'select payload, outcome, code from public.commands where id = $1',
    [commandId],
  );
  return row;
}

// On the old cut, 80,000 keys took 6.6 s here and 112,000 about 13 s: past authenticated's 8 s.
describe("a command's payload with many keys no command has", () => {
  it('of 112,000 from an open sign-up is answered and recorded with the known keys only', async () => {
    const sender = await signUp('known-keys');
    // Short keys, to keep the body under the gateway's 1 MiB (about 960 kB). Cutting them with
    // `v - array(the unknown keys)` took time in their number squared, past the statement
    // timeout, which that operator never looks at.
    const payload: Record<string, unknown> = { hub_id: HUB.karawang, vehicle_id: 'v' };
    for (let i = 0; i < 112_000; i++) payload[i.toString(36)] = 0;
    const command = {
      id: randomUUID(),
      type: 'start_loading',
      payload,
      issued_at: new Date().toISOString(),
      actor: sender.id,
    };
    const { data, error } = await sender.client.rpc('apply_commands', { commands: [command] });
    expect(error).toBeNull();
    expect((data as { results: unknown[] }).results).toEqual([
      expect.objectContaining({ id: command.id, outcome: 'rejected' }),
    ]);
    expect((await payloadOf(command.id))!.payload).toEqual({ hub_id: HUB.karawang, vehicle_id: 'v' });
  });
});

describe("a nested list in a command's payload", () => {
  it('of 24,000 units from an open sign-up is answered and recorded, not cancelled by the statement timeout', async () => {
    const sender = await signUp('known-fields');
    // Short texts (not uuids), to keep the body under the gateway's 1 MiB.
    const units = Array.from({ length: 24_000 }, () => ({ unit_id: 'u', serial: 'S', x: 1 }));
    const command = {
      id: randomUUID(),
      type: 'register_serials',
      payload: { hub_id: HUB.karawang, units },
      issued_at: new Date().toISOString(),
      actor: sender.id,
    };
    const { data, error } = await sender.client.rpc('apply_commands', { commands: [command] });
    expect(error).toBeNull();
    expect((data as { results: unknown[] }).results).toEqual([
      expect.objectContaining({ id: command.id, outcome: 'rejected', code: 'forbidden' }),
    ]);
    const row = (await payloadOf(command.id))!;
    expect(row).toMatchObject({ outcome: 'rejected', code: 'forbidden' });
    // Recorded bounded (a rejection): its first units, each with its known fields only.
    const kept = row.payload.units as Array<Record<string, unknown>>;
    expect(kept.length).toBeGreaterThan(0);
    expect(kept[0]).toEqual({ unit_id: 'u', serial: 'S' });
  });

  it("keeps each element's known fields, and elements that are not objects as sent", async () => {
    const karawang = await as('karawang');
    const serial = `KF${tag().toUpperCase()}`;
    const unitId = randomUUID();
    // Karawang may not track serials: whatever the answer, the record shows what ran.
    const result = await karawang.run('register_serials', {
      hub_id: HUB.karawang,
      units: [{ unit_id: unitId, serial, note: 'tidak dikenal' }, 'teks', 7, null, [1, 2]],
    });
    const row = (await payloadOf(result.command.id))!;
    expect(row.payload).toEqual({
      hub_id: HUB.karawang,
      units: [{ unit_id: unitId, serial }, 'teks', 7, null, [1, 2]],
    });
  });

  it('an empty list stays an empty list, and a list the shape keeps whole is kept as sent', async () => {
    const karawang = await as('karawang');
    const empty = await karawang.run('register_serials', { hub_id: HUB.karawang, units: [] });
    expect((await payloadOf(empty.command.id))!.payload).toEqual({ hub_id: HUB.karawang, units: [] });
    const ids = [randomUUID(), { odd: true }, 'x'];
    const queued = await karawang.run('queue_vehicles', { hub_id: HUB.karawang, vehicle_ids: ids, extra: 1 });
    expect((await payloadOf(queued.command.id))!.payload).toEqual({ hub_id: HUB.karawang, vehicle_ids: ids });
  });
});
