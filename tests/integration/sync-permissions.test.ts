// The server decides: a tampered client that sends a command for another hub,
// or in another user's name, is refused and the refusal comes back to it.
import { describe, expect, it } from 'vitest';
import { ownerSql } from '../support/clients';
import { type Device, deviceOfBlock, settle } from '../support/sync-device';
import { DEMO_USERS, HUB } from '../support/demo';

async function tamperedSend(device: Device, command: { type: string; payload: unknown; actor?: string }) {
  // Straight into the outbox: no validation, no prediction, as a modified client would.
  const id = crypto.randomUUID();
  await device.engine.local.store.outbox.add({
    id,
    type: command.type,
    payload: command.payload,
    issued_at: new Date().toISOString(),
    actor: command.actor ?? device.actor.userId,
    state: 'pending',
    xid: null,
    attempts: 0,
    last_error: null,
  });
  await settle(device.engine);
  return id;
}

describe('server authority', () => {
  const karawang = deviceOfBlock(DEMO_USERS.karawang);
  let device: Device;

  it("refuses a hub user's command for another hub and one with a forged actor", async () => {
    device = await karawang.open();
    const sql = await ownerSql();
    const { rows } = await sql.query(
      'select id from public.vehicles where ready and is_active and nama_kapal is not null limit 1',
    );
    const vehicle = rows[0].id as string;

    const otherHub = await tamperedSend(device, {
      type: 'queue_vehicles',
      payload: { hub_id: HUB.polsub, vehicle_ids: [vehicle] },
    });
    const admin = (await sql.query(`select id from auth.users where email = '${DEMO_USERS.admin}'`)).rows[0]
      .id;
    const forged = await tamperedSend(device, {
      type: 'queue_vehicles',
      payload: { hub_id: device.actor.hubId, vehicle_ids: [vehicle] },
      actor: admin,
    });

    const outcomes = await sql.query(
      'select id, outcome, code, actor_id from public.commands where id = any($1)',
      [[otherHub, forged]],
    );
    const byId = new Map(outcomes.rows.map((r) => [r.id, r]));
    expect(byId.get(otherHub)).toMatchObject({ outcome: 'rejected', code: 'forbidden' });
    // Recorded under the real caller, not the name in the payload.
    expect(byId.get(forged)).toMatchObject({
      outcome: 'rejected',
      code: 'forbidden_actor',
      actor_id: device.actor.userId,
    });
    const vehicleRow = await sql.query('select siap_muat, ready from public.vehicles where id = $1', [
      vehicle,
    ]);
    expect(vehicleRow.rows[0]).toEqual({ siap_muat: false, ready: true });
    await sql.end();

    const status = await new Promise<import('../../sync').SyncStatus>((resolve) => {
      const sub = device.engine.status$.subscribe((s) => {
        if (s.rejections.length >= 2) {
          sub.unsubscribe();
          resolve(s);
        }
      });
    });
    expect(status.rejections.map((r) => r.code).sort()).toEqual(['forbidden', 'forbidden_actor']);
  });
});
