// Issue 13, the first pieces of the soak: the fault-injecting proxy (seeded
// faults of every kind, and partitions), and one tablet working through it:
// commands dispatched while requests are delayed, lost on the way, lost on
// the way back after the server handled them, answered 502/503, cut
// mid-body or carrying a token already expired, the device losing the server for a while and the app killed
// mid-sync and restarted from its stored state. When the faults stop and the
// device drains, every command has exactly one outcome on the server, nothing
// was applied twice, the outbox is empty, and the device shows what the server has.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { signHs256 } from '../../supabase/local/keys';
import { FAULT_KINDS, FlakyProxy } from '../support/flaky-proxy';
import { ownerSql, stack } from '../support/clients';
import { openDevice, settle, type Device } from '../support/sync-device';
import { DEMO_USERS } from '../support/demo';

const SEED = Number(process.env.FAULT_SEED ?? 20261123);
let device: Device | undefined;
afterAll(async () => {
  await device?.dispose();
});

async function throughChaos(seed: number, requests: number): Promise<FlakyProxy> {
  const proxy = await new FlakyProxy(stack().apiUrl).start();
  proxy.setChaos({ seed, rate: 0.6, maxDelayMs: 50, jwtSecret: stack().jwtSecret });
  // A signed-in user's token, so a token can expire on the way too.
  const token = signHs256(
    { role: 'authenticated', sub: '00000000-0000-4000-8000-000000000001', exp: Math.floor(Date.now() / 1000) + 3600 },
    stack().jwtSecret,
  );
  for (let i = 0; i < requests; i++) {
    await fetch(`${proxy.url}/rest/v1/hubs?select=id,name`, {
      headers: { apikey: stack().anonKey, authorization: `Bearer ${token}` },
    })
      .then((r) => r.text())
      .catch(() => undefined);
  }
  await proxy.stop();
  return proxy;
}

describe('the fault-injecting proxy', () => {
  it('injects every kind of fault, the same ones in the same order for the same seed', async () => {
    const first = await throughChaos(SEED, 120);
    for (const kind of FAULT_KINDS) expect(first.faults[kind], kind).toBeGreaterThan(0);
    expect(first.faultLog.filter((k) => k === 'pass').length).toBeGreaterThan(0);
    const again = await throughChaos(SEED, 120);
    expect(again.faultLog).toEqual(first.faultLog);
    const other = await throughChaos(SEED + 1, 120);
    expect(other.faultLog).not.toEqual(first.faultLog);
  });
});

describe('a tablet under faults', () => {
  it('ends with every command applied exactly once and the view equal to the server', async () => {
    console.log(`[faults] seed ${SEED} (FAULT_SEED=${SEED} replays it)`);
    device = await openDevice(DEMO_USERS.karawang, { pullIntervalMs: 3_600_000 });
    await settle(device.engine);
    device.proxy.setChaos({ seed: SEED, rate: 0.35, maxDelayMs: 300, jwtSecret: stack().jwtSecret });
    const tag = randomUUID().slice(0, 8);
    const ids: string[] = [];
    const vendorIds: string[] = [];
    for (let i = 0; i < 40; i++) {
      const vendorId = randomUUID();
      vendorIds.push(vendorId);
      const { id } = await device.engine.dispatch('add_vendor', {
        vendor_id: vendorId,
        name: `Fault ${tag} ${i}`,
        contact_person: null,
        phone: `08${String(i).padStart(9, '0')}`,
      });
      ids.push(id);
      // Some rounds while the faults go on (a failing round is retried later).
      if (i % 5 === 4) await device.engine.syncNow();
      if (i === 14) await device.proxy.partition(300);
      if (i === 24) {
        // Killed mid-sync, restarted from what it stored.
        const round = device.engine.syncNow();
        await device.close();
        await round.catch(() => undefined);
        await device.reopen();
      }
    }
    const injected = { ...device.proxy.faults };
    device.proxy.setChaos(null);
    await settle(device.engine, 60_000);
    console.log(`[faults] ${ids.length} commands, faults by kind: ${JSON.stringify(injected)}`);
    expect(Object.values(injected).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);

    const sql = await ownerSql();
    try {
      const outcomes = await sql.query<{ id: string; outcome: string; n: string }>(
        `select id::text, outcome, count(*) over (partition by id) as n from public.commands where id = any($1::uuid[])`,
        [ids],
      );
      expect(outcomes.rows.length).toBe(ids.length);
      expect(outcomes.rows.every((r) => r.outcome === 'applied' && r.n === '1')).toBe(true);
      const vendors = await sql.query<{ id: string }>(
        `select id::text from public.vendors where name like $1 and not deleted`,
        [`Fault ${tag} %`],
      );
      expect(vendors.rows.map((r) => r.id).sort()).toEqual([...vendorIds].sort());
    } finally {
      await sql.end();
    }
    expect(await device.engine.local.store.outbox.count()).toBe(0);
    const local = await device.engine.db.vendors.find({ selector: { id: { $in: vendorIds } } }).exec();
    expect(local.map((d) => d.id).sort()).toEqual([...vendorIds].sort());
  }, 180_000);
});
