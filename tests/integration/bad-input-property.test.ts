// Issue 9: generated bad input, through real HTTP. fast-check mutates a
// plausible payload of every command type (a field of the wrong type, missing,
// with a control character, pointing at a row of another table; huge and
// non-finite numbers), and adds malformed envelopes and device times; at least
// 1,000 bad commands go out mixed with valid ones. Every bad one must be
// refused with a code and a message, nothing may answer 5xx, nothing bad may
// be applied: every table's fingerprint changes only by the valid commands'
// rows, and no date outside a sane range is written. A run prints its seed;
// BAD_INPUT_SEED replays it.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { stack } from '../support/clients';
import { as, closeDb, db, type Envelope, type Outcome } from './commands-support';
import { badCaseArb, badEnvelopes, isBad, mutate, poisonBodies } from './bad-input-support';

afterAll(closeDb);

const TABLES = ['hubs', 'warehouses', 'profiles', 'shipment_statuses', 'vendors', 'vehicle_types', 'vehicles', 'shipments', 'containers', 'inventory'];

async function fingerprint(): Promise<Map<string, string>> {
  const sql = await db();
  const prints = new Map<string, string>();
  for (const table of TABLES) {
    const { rows } = await sql.query(`select id::text as id, md5(to_jsonb(t)::text) as h from public.${table} t`);
    for (const r of rows) prints.set(`${table}:${r.id}`, r.h);
  }
  return prints;
}

const SEED = Number(process.env.BAD_INPUT_SEED ?? Date.now() % 2 ** 31);

describe('generated bad input to apply_commands', () => {
  it('refuses at least 1,000 bad commands with a code and a message and applies only the valid ones', async () => {
    console.log(`[bad-input] seed ${SEED} (BAD_INPUT_SEED=${SEED} replays it)`);
    const admin = await as('admin');
    const karawang = await as('karawang');
    const before = await fingerprint();

    const cases = fc.sample(badCaseArb, { numRuns: 2500, seed: SEED })
      .map(({ type, mutation }) => ({ type, mutation, payload: mutate(type, mutation) }))
      .filter((c) => isBad(c.type, c.payload, c.mutation));
    expect(cases.length).toBeGreaterThanOrEqual(1000);

    const byCode = new Map<string, number>();
    const validIds = new Set<string>();
    let bad = 0;
    let valid = 0;
    const failures: string[] = [];
    for (let i = 0; i < cases.length; i += 40) {
      for (const sender of [admin, karawang]) {
        const slice = cases.slice(i, i + 40).filter((_, j) => (j % 2 === 0) === (sender === admin));
        const batch: Array<{ envelope: Envelope; bad: boolean; what: string }> = slice.map((c) => ({
          envelope: sender.command(c.type, c.payload),
          bad: true,
          what: `${c.type} ${JSON.stringify(c.mutation)}`,
        }));
        // Valid commands in between: their rows are the only change allowed.
        for (let k = 0; k < 3; k++) {
          const typeId = crypto.randomUUID();
          const vendorId = crypto.randomUUID();
          validIds.add(`vehicle_types:${typeId}`).add(`vendors:${vendorId}`);
          const at = Math.floor(Math.random() * (batch.length + 1));
          batch.splice(at, 0, {
            envelope: sender.command('add_vehicle_type', { vehicle_type_id: typeId, name: `Sah ${typeId.slice(0, 8)}` }),
            bad: false,
            what: 'valid add_vehicle_type',
          });
          batch.splice(Math.floor(Math.random() * (batch.length + 1)), 0, {
            envelope: sender.command('add_vendor', { vendor_id: vendorId, name: `Sah ${vendorId.slice(0, 8)}`, phone: null }),
            bad: false,
            what: 'valid add_vendor',
          });
        }
        const res = await fetch(`${stack().apiUrl}/rest/v1/rpc/apply_commands`, {
          method: 'POST',
          headers: {
            apikey: stack().anonKey,
            authorization: `Bearer ${(await sender.client.auth.getSession()).data.session!.access_token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ commands: batch.map((b) => b.envelope) }),
        });
        expect(res.status).toBe(200);
        const { results } = (await res.json()) as { results: Outcome[] };
        expect(results).toHaveLength(batch.length);
        results.forEach((r, k) => {
          const sent = batch[k]!;
          expect(r.id).toBe(sent.envelope.id);
          if (sent.bad) {
            bad++;
            if (r.outcome !== 'rejected' || !r.code || !r.message) failures.push(`${sent.what} -> ${JSON.stringify(r)}`);
            else byCode.set(r.code, (byCode.get(r.code) ?? 0) + 1);
          } else {
            valid++;
            if (r.outcome !== 'applied') failures.push(`${sent.what} -> ${JSON.stringify(r)}`);
          }
        });
      }
    }

    // Malformed envelopes and device times.
    for (const [what, envelope] of badEnvelopes(admin.id, karawang.id)) {
      const [r] = await admin.send([envelope as never]);
      bad++;
      if (r?.outcome !== 'rejected' || !r.code || !r.message) failures.push(`envelope ${what} -> ${JSON.stringify(r)}`);
      else byCode.set(r.code, (byCode.get(r.code) ?? 0) + 1);
    }

    // Bodies the API refuses as a whole: a 4xx with a code and a message, never 5xx.
    const token = (await admin.client.auth.getSession()).data.session!.access_token;
    for (const [what, body] of poisonBodies((name) => admin.command('add_vehicle_type', { vehicle_type_id: crypto.randomUUID(), name }) as never)) {
      const res = await fetch(`${stack().apiUrl}/rest/v1/rpc/apply_commands`, {
        method: 'POST',
        headers: { apikey: stack().anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      });
      const answer = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
      bad++;
      if (res.status < 400 || res.status >= 500 || !answer.code || !answer.message) {
        failures.push(`body ${what} -> ${res.status} ${JSON.stringify(answer)}`);
      } else byCode.set(`HTTP ${res.status} ${answer.code}`, (byCode.get(`HTTP ${res.status} ${answer.code}`) ?? 0) + 1);
    }

    console.log(
      `[bad-input] ${bad} bad inputs and ${valid} valid commands sent; refused by code:\n` +
        [...byCode.entries()].sort((a, b) => b[1] - a[1]).map(([code, n]) => `  ${code}: ${n}`).join('\n'),
    );
    expect(failures.slice(0, 20)).toEqual([]);
    expect(bad).toBeGreaterThanOrEqual(1000);

    // Nothing but the valid commands' rows changed.
    const after = await fingerprint();
    const changed = [...after.entries()].filter(([key, h]) => before.get(key) !== h && !validIds.has(key)).map(([k]) => k);
    const removed = [...before.keys()].filter((key) => !after.has(key));
    expect({ changed: changed.slice(0, 10), removed: removed.slice(0, 10) }).toEqual({ changed: [], removed: [] });
    for (const key of validIds) expect(after.has(key)).toBe(true);

    // No date outside a sane range anywhere.
    const sql = await db();
    const { rows } = await sql.query(`
      select
        (select count(*) from public.shipments where least(loading_date, arrival_gdt, arrival_destination, unloading_started_at, unloading_finished_at) < '2000-01-01'
           or greatest(loading_date, arrival_gdt, arrival_destination, unloading_started_at, unloading_finished_at) > now() + interval '1 day'
           or least(etd, eta) < '2000-01-01' or greatest(etd, eta) > '2099-12-31')::int as shipments,
        (select count(*) from public.vehicles where least(queued_at, loading_started_at, loading_finished_at) < '2000-01-01'
           or greatest(queued_at, loading_started_at, loading_finished_at) > now() + interval '1 day')::int as vehicles,
        (select count(*) from public.inventory where date_recorded < '2000-01-01' or date_recorded > '2099-12-31')::int as inventory,
        (select count(*) from public.commands where issued_at < '2000-01-01' or issued_at > received_at)::int as commands`);
    expect(rows[0]).toEqual({ shipments: 0, vehicles: 0, inventory: 0, commands: 0 });
  }, 300_000);
});
