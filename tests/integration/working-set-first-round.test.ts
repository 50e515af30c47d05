// Issue 26's first-sync goal (docs/performance.md, "A device's working set"): a new device's
// first round asks the working-set counts of every table in one request (since issue 43 in
// public.first_sync's answer, with every table's first batch; public.working_set_counts for a
// server without it), not one request a table, asks no probe (every table has changes for it),
// reports the counts before any row lands, and pulls on its tables side by side
// (sync/replication/pull.ts, PULL_CONCURRENCY), in small batches here so that the tables'
// writes interleave. The guarantees hold all the same: a command waiting in the outbox (its
// push failing) stays on screen through the pull, and once it is through the device's view
// equals, table by table and row by row (change_xid), what the server sends the user.
import { createClient } from '@supabase/supabase-js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import ws from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { SyncEngine, type SyncStatus } from '../../sync';
import { heldIdsAndXids } from '../../sync/replication/view';
import { TABLES } from '../../sync/model/rows';
import { FlakyProxy } from '../support/flaky-proxy';
import { stack } from '../support/clients';
import { DEMO_PASSWORD, DEMO_USERS, USER_ID } from '../support/demo';
import { actorOf, settle } from '../support/sync-device';
import { asUserId, closeDb, db, id, tag } from './commands-support';

afterAll(closeDb);

/** Every live row of each table the pull sends the user now: id -> change_xid. */
async function serverRows(userId: string): Promise<Record<string, Map<string, string>>> {
  return asUserId(userId, async (q) => {
    const out: Record<string, Map<string, string>> = {};
    for (const table of TABLES) {
      const rows = new Map<string, string>();
      let after: { xid: string; id: string } | null = null;
      for (;;) {
        const [answer] = (await q('select public.pull_changes($1, $2, $3, 5000) as a', [
          table,
          after?.xid ?? null,
          after?.id ?? null,
        ])) as Array<{ a: { rows: Array<{ id: string; change_xid: string; deleted?: boolean }> } }>;
        const batch = answer!.a.rows;
        for (const r of batch) if (!r.deleted) rows.set(r.id, r.change_xid);
        if (batch.length < 5000) break;
        after = { xid: batch.at(-1)!.change_xid, id: batch.at(-1)!.id };
      }
      out[table] = rows;
    }
    return out;
  });
}

/** The tables on which the device and the server differ, with how. */
async function differences(engine: SyncEngine, userId: string): Promise<string[]> {
  const server = await serverRows(userId);
  const out: string[] = [];
  for (const table of TABLES) {
    const local = await heldIdsAndXids(engine.local, table);
    const want = server[table]!;
    const missing = [...want.keys()].filter((k) => !local.has(k)).length;
    const extra = [...local.keys()].filter((k) => !want.has(k)).length;
    const stale = [...want].filter(([k, xid]) => local.has(k) && local.get(k) !== xid).length;
    if (missing || extra || stale) out.push(`${table}: ${missing} missing, ${extra} extra, ${stale} stale`);
  }
  return out;
}

interface Call {
  rpc: string;
  table?: string;
  start: number;
  end: number;
}

/** A device whose every API request is recorded (which function, which table, when). */
async function recordedDevice(email: string) {
  const proxy = await new FlakyProxy(stack().apiUrl).start();
  const calls: Call[] = [];
  const fetchRecorded: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const rpc = /\/rpc\/(\w+)/.exec(url)?.[1];
    if (!rpc) return fetch(input, init);
    let table: string | undefined;
    try {
      table = (JSON.parse(String(init?.body ?? '{}')) as { p_table?: string }).p_table;
    } catch {
      table = undefined;
    }
    const call: Call = { rpc, table, start: performance.now(), end: Number.POSITIVE_INFINITY };
    calls.push(call);
    try {
      return await fetch(input, init);
    } finally {
      call.end = performance.now();
    }
  };
  const supabase = createClient(proxy.url, stack().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
    global: { fetch: fetchRecorded },
  });
  const { error } = await supabase.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
  if (error) throw new Error(`sign-in as ${email}: ${error.message}`);
  const actor = await actorOf(email);
  proxy.setMode('down');
  const engine = await SyncEngine.start({
    supabase,
    actor,
    indexedDb: { indexedDB: new IDBFactory(), IDBKeyRange },
    multiTab: false,
    pullIntervalMs: 3_600_000,
    reconcileIntervalMs: 0,
    // Small batches: the larger tables take several, written between the other tables' batches
    // (the demo's working set is a few hundred rows: with batches of 250 first_sync brought all).
    pullBatch: 10,
  });
  return { proxy, calls, engine, supabase };
}

/** The most tables whose pull_changes requests were on their way at one moment. */
function mostTablesAtOnce(calls: Call[]): number {
  const pulls = calls.filter((c) => c.rpc === 'pull_changes');
  let most = 0;
  for (const c of pulls) {
    const tables = new Set(pulls.filter((o) => o.start <= c.start && c.start < o.end).map((o) => o.table));
    most = Math.max(most, tables.size);
  }
  return most;
}

describe("a new device's first round", () => {
  let device: Awaited<ReturnType<typeof recordedDevice>> | undefined;
  afterAll(async () => {
    await device?.engine.stop().catch(() => undefined);
    await device?.proxy.stop();
  });

  it('asks every count in one request, pulls tables side by side, keeps a pending command, and ends equal to the server', async () => {
    device = await recordedDevice(DEMO_USERS.admin);
    const { engine, proxy, calls } = device;
    const statuses: SyncStatus[] = [];
    const subscription = engine.status$.subscribe((s) => statuses.push(s));

    // Offline, a command waits in the outbox; its push keeps failing through the first round.
    const vendorId = id();
    const name = `Vendor antre ${tag()}`;
    await engine.dispatch('add_vendor', { vendor_id: vendorId, name });
    proxy.failMatching(/apply_commands/, 503);
    // Every request takes 60 ms more, so requests on their way at once are seen so.
    proxy.setLatency(60);
    // What the engine asked while offline (rounds that got no answer) is not this round's.
    await expect.poll(() => statuses.at(-1)?.syncing).toBe(false);
    const from = calls.length;
    const seen = statuses.length;
    proxy.setMode('up');
    await engine.syncNow();
    await expect.poll(() => statuses.at(-1)?.syncing).toBe(false);

    const round = calls.slice(from);
    const rpcs = round.map((c) => c.rpc);
    // One request for the counts (first_sync's, with the first batches), none a table; no probe
    // (every table has changes for a new device).
    expect(rpcs.filter((r) => r === 'working_set_count')).toEqual([]);
    expect(rpcs.filter((r) => r === 'first_sync')).toHaveLength(1);
    expect(rpcs.filter((r) => r === 'working_set_counts')).toEqual([]);
    expect(rpcs).not.toContain('changed_tables');
    // The first report lists the tables with those counts (every table counted, none arrived).
    const first = statuses.slice(seen).find((s) => s.firstSync)!.firstSync!;
    expect(first.map((t) => t.table)).toEqual(expect.arrayContaining(['hubs', 'shipments', 'inventory']));
    expect(first.every((t) => t.done === 0 && !t.arrived)).toBe(true);
    const statuses23 = first.find((t) => t.table === 'shipment_statuses')!.total;
    const serverStatuses = await asUserId(USER_ID.admin, async (q) => {
      const [row] = (await q(`select public.working_set_count('shipment_statuses') as n`)) as Array<{
        n: number;
      }>;
      return row!.n;
    });
    expect(statuses23).toBe(serverStatuses);

    // Tables side by side: more than one table's pull on its way at once (one after another: 1).
    expect(mostTablesAtOnce(round)).toBeGreaterThan(1);
    expect(mostTablesAtOnce(round)).toBeLessThanOrEqual(4);
    // Every table arrived; the round did not fail on the push.
    const last = statuses.filter((s) => s.firstSync).at(-1)!.firstSync!;
    expect(last.every((t) => t.arrived)).toBe(true);
    expect(statuses.at(-1)!.lastError).toMatch(/.+/);

    // The pending command's row is still on screen after the pull (its server version waits in base).
    const shown = await engine.db.vendors.findOne(vendorId).exec();
    expect(shown?.name).toBe(name);
    expect(await engine.local.store.outbox.count()).toBe(1);

    // Through: the command applied once, and the view equals what the server sends admin.
    proxy.clearFailures();
    proxy.setLatency(0);
    await settle(engine);
    subscription.unsubscribe();
    const sql = await db();
    const { rows } = await sql.query('select name from public.vendors where id = $1', [vendorId]);
    expect(rows).toEqual([{ name }]);
    await expect
      .poll(
        async () => {
          await engine.syncNow();
          return differences(engine, USER_ID.admin);
        },
        { timeout: 60_000, interval: 500 },
      )
      .toEqual([]);
  }, 180_000);
});

describe('working_set_counts', () => {
  it('answers what working_set_count answers for each table, as the user, and refuses an unknown table', async () => {
    for (const who of ['admin', 'karawang'] as const) {
      const [counts, each] = await asUserId(USER_ID[who], async (q) => {
        const [row] = (await q('select public.working_set_counts($1::text[]) as c', [[...TABLES]])) as Array<{
          c: Record<string, number>;
        }>;
        const each: Record<string, number> = {};
        for (const table of TABLES) {
          const [one] = (await q('select public.working_set_count($1) as n', [table])) as Array<{
            n: number;
          }>;
          each[table] = one!.n;
        }
        return [row!.c, each] as const;
      });
      expect(counts, who).toEqual(each);
    }
    const sql = await db();
    await expect(sql.query(`select public.working_set_counts(array['hubs', 'nope'])`)).rejects.toMatchObject({
      code: '22023',
    });
  });
});
