// Issue 12 acceptance: the audit trail (public.commands, audit_trail(),
// shipment_history()) is readable by admin and tower control and by nobody
// else, enforced by the server. Commands are sent through apply_commands over
// real HTTP, as the devices send them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../support/clients';
import { as, closeDb, daratPayload, makeVehicle, type User } from './commands-support';
import { DEMO_USERS, HUB, WAREHOUSE } from '../support/demo';

interface AuditRow {
  seq: number;
  id: string;
  type: string;
  actor_email: string;
  actor_name: string | null;
  hub_id: string | null;
  hub_name: string | null;
  issued_at: string;
  received_at: string;
  outcome: 'applied' | 'rejected';
  code: string | null;
  message: string | null;
}

let karawang: User;
let cikarang: User;
let shipmentId: string;
let created: string;
let refused: string;
let arrived: string;

beforeAll(async () => {
  karawang = await as('karawang');
  cikarang = await as('cikarang');
  const vehicleId = await makeVehicle(HUB.karawang);
  const p = daratPayload(HUB.karawang, vehicleId, WAREHOUSE.cikarang);
  shipmentId = p.shipment_id;
  // Issued a minute ago by the device clock: the trail keeps both times.
  created = (
    await karawang.send([
      karawang.command('create_shipment_darat', p, {
        issued_at: new Date(Date.now() - 60_000).toISOString(),
      }),
    ])
  )[0]!.id;
  // Karawang may not confirm an arrival at Cikarang: recorded as rejected.
  const wrong = await karawang.run('confirm_arrival', { hub_id: HUB.cikarang, shipment_id: shipmentId });
  expect(wrong.outcome).toBe('rejected');
  refused = wrong.id;
  arrived = (await cikarang.ok('confirm_arrival', { hub_id: HUB.cikarang, shipment_id: shipmentId })).id;
});

afterAll(closeDb);

async function trail(user: User, args: Record<string, unknown> = {}) {
  const { data, error } = await user.client.rpc('audit_trail', args);
  if (error) throw new Error(error.message);
  return data as AuditRow[];
}

describe.each(['admin', 'tower'] as const)('%s', (who) => {
  it('reads the trail newest first, with actor, device time, server time and outcome', async () => {
    const staff = await as(who);
    const rows = await trail(staff, { p_limit: 200 });
    const seqs = rows.map((r) => r.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    const mine = rows.filter((r) => [created, refused, arrived].includes(r.id));
    expect(mine.map((r) => r.id)).toEqual([arrived, refused, created]);
    const [arrival, rejection, creation] = mine;
    expect(creation).toMatchObject({
      type: 'create_shipment_darat',
      actor_email: DEMO_USERS.karawang,
      hub_id: HUB.karawang,
      hub_name: 'Hub Karawang',
      outcome: 'applied',
    });
    expect(Date.parse(creation!.received_at) - Date.parse(creation!.issued_at)).toBeGreaterThanOrEqual(
      59_000,
    );
    expect(rejection).toMatchObject({
      actor_email: DEMO_USERS.karawang,
      outcome: 'rejected',
      code: 'forbidden',
    });
    expect(rejection!.message).toEqual(expect.any(String));
    expect(arrival).toMatchObject({
      actor_email: DEMO_USERS.cikarang,
      hub_id: HUB.cikarang,
      outcome: 'applied',
    });
  });

  it('filters by hub, user, command type and date, and pages', async () => {
    const staff = await as(who);
    const atCikarang = await trail(staff, { p_hub_id: HUB.cikarang, p_limit: 500 });
    expect(atCikarang.every((r) => r.hub_id === HUB.cikarang)).toBe(true);
    expect(atCikarang.map((r) => r.id)).toEqual(expect.arrayContaining([arrived, refused]));
    expect(atCikarang.map((r) => r.id)).not.toContain(created);

    const byUser = await trail(staff, { p_actor: 'cikarang@demo', p_limit: 500 });
    expect(byUser.every((r) => r.actor_email === DEMO_USERS.cikarang)).toBe(true);
    expect(byUser.map((r) => r.id)).toContain(arrived);

    const byType = await trail(staff, { p_type: 'create_shipment_darat', p_limit: 500 });
    expect(byType.every((r) => r.type === 'create_shipment_darat')).toBe(true);
    expect(byType.map((r) => r.id)).toContain(created);

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect(await trail(staff, { p_from: tomorrow })).toEqual([]);
    const today = await trail(staff, {
      p_from: new Date(Date.now() - 3_600_000).toISOString(),
      p_to: tomorrow,
      p_limit: 500,
    });
    expect(today.map((r) => r.id)).toEqual(expect.arrayContaining([created, refused, arrived]));

    const first = await trail(staff, { p_limit: 2 });
    expect(first).toHaveLength(2);
    const next = await trail(staff, { p_limit: 2, p_before_seq: first[1]!.seq });
    expect(next[0]!.seq).toBeLessThan(first[1]!.seq);
  });

  it("reads a shipment's history in order", async () => {
    const staff = await as(who);
    const { data, error } = await staff.client.rpc('shipment_history', { p_shipment_id: shipmentId });
    expect(error).toBeNull();
    expect((data as AuditRow[]).map((r) => [r.type, r.outcome, r.actor_email])).toEqual([
      ['create_shipment_darat', 'applied', DEMO_USERS.karawang],
      ['confirm_arrival', 'rejected', DEMO_USERS.karawang],
      ['confirm_arrival', 'applied', DEMO_USERS.cikarang],
    ]);
  });

  it('reads the commands table itself', async () => {
    const staff = await as(who);
    const { data } = await staff.client.from('commands').select('id').in('id', [created, arrived]);
    expect(data).toHaveLength(2);
  });
});

describe('nobody else', () => {
  it.each(['karawang', 'cikarang', 'poljak', 'makassar'] as const)(
    '%s is refused, even its own commands',
    async (who) => {
      const user = await as(who);
      const rpc = await user.client.rpc('audit_trail', {});
      expect(rpc.error?.code).toBe('42501');
      expect(rpc.data).toBeNull();
      const history = await user.client.rpc('shipment_history', { p_shipment_id: shipmentId });
      expect(history.error?.code).toBe('42501');
      const table = await user.client.from('commands').select('id').in('id', [created, refused, arrived]);
      expect(table.error).toBeNull();
      expect(table.data).toEqual([]);
    },
  );

  it('anon is refused', async () => {
    const anon = anonClient();
    const rpc = await anon.rpc('audit_trail', {});
    expect(rpc.error).not.toBeNull();
    expect(rpc.data).toBeNull();
    expect((await anon.rpc('shipment_history', { p_shipment_id: shipmentId })).error).not.toBeNull();
    const table = await anon.from('commands').select('id').limit(1);
    expect(table.data ?? []).toEqual([]);
  });
});
