// Issue 43, "First sync in one round trip": a new device asks every table's working-set count
// and first batch in one request (public.first_sync, sync/replication/first-sync.ts), and ends
// in the state the per-table pulls leave: the same rows and the same checkpoints. Checked twice:
// in SQL, first_sync against pull_changes and working_set_counts in one snapshot as the user;
// on devices, a new device against one whose server has no first_sync (an older server: the
// counts, then a pull a table), for a hub user, the tower and admin. Row-level security holds:
// the Karawang user gets none of another hub's rows.
import { createClient } from '@supabase/supabase-js';
import { IDBFactory, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import ws from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SyncEngine, type SyncStatus } from '../../sync';
import { TABLES, isStoreTable } from '../../sync/model/rows';
import { stack } from '../support/clients';
import { DEMO_PASSWORD, DEMO_USERS, HUB, WAREHOUSE, type DemoUser } from '../support/demo';
import { actorOf } from '../support/sync-device';
import { asUser, closeDb, db, id, makeVehicle, remember, tag } from './commands-support';

afterAll(closeDb);

const USERS: DemoUser[] = ['karawang', 'tower', 'admin'];
const PULL_RPCS = new Set([
  'first_sync',
  'pull_changes',
  'working_set_counts',
  'working_set_count',
  'changed_tables',
]);

/** An open shipment from `from` to `to` with a container and its outgoing stock row (this file's own). */
async function makeOpenShipment(from: keyof typeof HUB, to: keyof typeof HUB) {
  const sql = await db();
  const shipmentId = id();
  remember(shipmentId);
  const vehicleId = await makeVehicle(HUB[from]);
  await sql.query(
    `insert into public.shipments (id, batch_number, vehicle_id, origin_hub_id, destination_hub_id, current_hub_id,
       smartboard_quantity, bracket_quantity, status, loading_date)
     values ($1, $2, $3, $4, $5, $4, 4, 2, 'otw_cikarang', now())`,
    [shipmentId, `FS1-${tag()}`, vehicleId, HUB[from], HUB[to]],
  );
  const container = id();
  await sql.query(`insert into public.containers (id, container_number, shipment_id) values ($1, $2, $3)`, [
    container,
    `FSCU ${tag()}`,
    shipmentId,
  ]);
  const ledger = id();
  await sql.query(
    `insert into public.inventory (id, warehouse_id, date_recorded, smartboard_quantity, bracket_quantity, shipment_id)
     values ($1, $2, public.dm_jakarta_date(now()), -4, -2, $3)`,
    [ledger, WAREHOUSE[from], shipmentId],
  );
  return { shipment: shipmentId, container, ledger };
}

let karawang: Awaited<ReturnType<typeof makeOpenShipment>>;
let elsewhere: Awaited<ReturnType<typeof makeOpenShipment>>;
beforeAll(async () => {
  karawang = await makeOpenShipment('karawang', 'cikarang');
  elsewhere = await makeOpenShipment('poljak', 'polsub');
});

describe('first_sync in SQL', () => {
  it.each(USERS)(
    'answers, as %s, what the first pull_changes of each table answers in the same snapshot, and its count',
    async (user) => {
      await asUser(user, async (q) => {
        const [{ a }] = await q('select public.first_sync($1, 5000) as a', [TABLES]);
        const [{ c }] = await q('select public.working_set_counts($1) as c', [TABLES]);
        expect(Object.keys(a.tables).sort()).toEqual([...TABLES].sort());
        for (const table of TABLES) {
          const [{ p }] = await q('select public.pull_changes($1, null, null, 5000) as p', [table]);
          // The count: working_set_counts' for a full batch; else the batch's rows (the set below
          // the horizon: working_set_counts' but for rows of a transaction still running).
          const full = p.rows.length === 5000;
          expect(a.counts[table], table).toBe(full ? c[table] : p.rows.length);
          expect(c[table], table).toBeGreaterThanOrEqual(a.counts[table]);
          expect(a.tables[table].rows, table).toEqual(p.rows);
          expect(a.tables[table].checkpoint, table).toEqual(p.checkpoint);
          expect(a.horizon).toBe(p.horizon);
          expect(a.cutoff).toBe(p.cutoff);
        }
        const ids = (table: string) => (a.tables[table].rows as Array<{ id: string }>).map((r) => r.id);
        // Row-level security: the Karawang user gets its own shipment, not another hub's.
        expect(ids('shipments')).toContain(karawang.shipment);
        expect(ids('containers')).toContain(karawang.container);
        expect(ids('inventory')).toContain(karawang.ledger);
        const seesElsewhere = user !== 'karawang';
        expect(ids('shipments').includes(elsewhere.shipment)).toBe(seesElsewhere);
        expect(ids('containers').includes(elsewhere.container)).toBe(seesElsewhere);
        expect(ids('inventory').includes(elsewhere.ledger)).toBe(seesElsewhere);
      });
    },
  );

  it('keeps to its limit and its row budget: a full batch carries no checkpoint, a table past the budget is left out', async () => {
    await asUser('admin', async (q) => {
      const [{ a }] = await q(`select public.first_sync(array['shipments', 'inventory', 'hubs'], 1, 2) as a`);
      expect(a.tables.shipments.rows).toHaveLength(1);
      expect(a.tables.shipments.limit).toBe(1);
      expect(a.tables.shipments.checkpoint).toBeNull();
      const [{ p }] = await q(`select public.pull_changes('inventory', null, null, 1) as p`);
      expect(a.tables.inventory.rows).toEqual(p.rows);
      expect(a.tables.hubs).toBeUndefined();
      // Every table counted, as working_set_counts counts those it reads whole (full or left out).
      const [{ c }] = await q(`select public.working_set_counts(array['shipments', 'hubs']) as c`);
      expect(a.counts.shipments).toBe(c.shipments);
      expect(a.counts.hubs).toBe(c.hubs);
      expect(Object.keys(a.counts).sort()).toEqual(['hubs', 'inventory', 'shipments']);
    });
    await asUser('admin', async (q) => {
      await expect(q(`select public.first_sync(array['commands'])`)).rejects.toThrow(/Unknown table/);
    });
  });
});

interface Recorded {
  /** The pull family's requests of the first round, by function. */
  pulls: string[];
  /** Every request's start ("first_sync") and the push's answers ("apply_commands answered"), in order. */
  events: string[];
  state: Awaited<ReturnType<typeof deviceState>>;
  /**
   * The engine store's transactions that wrote a table's checkpoint, its first-sync progress
   * and the round's horizon; `all`: how many transactions wrote any of them.
   */
  transactions: { checkpoints: number; progress: number; horizon: number; all: number };
}

/**
 * Counts, until `stop`, the transactions (fake-indexeddb's) that write or delete a key of the
 * engine store's meta table starting with each prefix (`all`: with any of them).
 */
function countMetaTransactions(prefixes: Record<string, string>) {
  const proto = IDBObjectStore.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const seen = Object.fromEntries(Object.keys(prefixes).map((k) => [k, new Set<unknown>()]));
  const note = (store: { name: string; transaction: unknown }, key: unknown) => {
    if (store.name !== 'meta' || typeof key !== 'string') return;
    for (const [name, prefix] of Object.entries(prefixes))
      if (key.startsWith(prefix)) seen[name]!.add(store.transaction);
  };
  const put = proto.put!;
  const remove = proto.delete!;
  proto.put = function (this: { name: string; transaction: unknown }, ...args: unknown[]) {
    note(this, (args[0] as { key?: unknown } | undefined)?.key);
    return put.apply(this, args);
  };
  proto.delete = function (this: { name: string; transaction: unknown }, ...args: unknown[]) {
    note(this, args[0]);
    return remove.apply(this, args);
  };
  return {
    counts: () => ({
      ...Object.fromEntries(Object.entries(seen).map(([k, v]) => [k, v.size])),
      all: new Set(Object.values(seen).flatMap((v) => [...v])).size,
    }),
    stop: () => {
      proto.put = put;
      proto.delete = remove;
    },
  };
}

/**
 * A new device signed in as `email`, through its first round, then closed (a second device of
 * the same user opens the same database name, which RxDB would close under the first);
 * `olderServer`: first_sync answers 404 as on a server without it. `offline`: the device starts
 * with no network and is given this work first; its first round is the one after the network
 * returns.
 */
async function newDevice(
  email: string,
  olderServer: boolean,
  pullBatch?: number,
  offline?: (engine: SyncEngine) => Promise<void>,
): Promise<Recorded> {
  const calls: string[] = [];
  const events: string[] = [];
  let counting = true;
  let down = offline !== undefined;
  const recorded: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const rpc = /\/rpc\/(\w+)/.exec(url)?.[1];
    if (down && url.includes('/rest/')) throw new TypeError('fetch failed');
    if (rpc && counting) events.push(rpc);
    if (rpc && PULL_RPCS.has(rpc) && counting) calls.push(rpc);
    if (rpc === 'apply_commands') {
      const answer = await fetch(input, init);
      if (counting) events.push('apply_commands answered');
      return answer;
    }
    // Another transaction ends before each pull: the server's horizon moves between a
    // device's requests, as it does on any busy server (a CI run's autovacuum, the stack's
    // own services), so the tables' checkpoints are taken at different horizons.
    if (rpc === 'pull_changes') await (await db()).query('select pg_current_xact_id()');
    if (rpc === 'first_sync' && olderServer) {
      const body = {
        code: 'PGRST202',
        message: 'Could not find the function public.first_sync',
        details: null,
        hint: null,
      };
      return new Response(JSON.stringify(body), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return fetch(input, init);
  };
  const supabase = createClient(stack().apiUrl, stack().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
    global: { fetch: recorded },
  });
  const { error } = await supabase.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
  if (error) throw new Error(`sign-in as ${email}: ${error.message}`);
  const metaWrites = countMetaTransactions({
    checkpoints: 'checkpoint:',
    progress: 'firstPull:',
    horizon: 'horizon',
  });
  const engine = await SyncEngine.start({
    supabase,
    actor: await actorOf(email),
    indexedDb: { indexedDB: new IDBFactory(), IDBKeyRange },
    multiTab: false,
    pullIntervalMs: 3_600_000,
    reconcileIntervalMs: 0,
    pullBatch,
  });
  let last: SyncStatus | undefined;
  const subscription = engine.status$.subscribe((s) => (last = s));
  if (offline) {
    await offline(engine);
    // Rounds with no network: the first may leave another one running (asked for while it ran),
    // which the second waits for before its own. None is running after it, so the round the
    // network returns to is the first to reach the server, and it starts with its push.
    await engine.syncNow();
    await engine.syncNow();
    down = false;
    await engine.syncNow();
  }
  await expect.poll(() => last?.lastSyncedAt ?? null, { timeout: 240_000 }).not.toBeNull();
  counting = false;
  metaWrites.stop();
  subscription.unsubscribe();
  try {
    const transactions = metaWrites.counts() as Recorded['transactions'];
    return { pulls: calls, events, state: await deviceState(engine), transactions };
  } finally {
    await engine.stop();
  }
}

const CAUGHT_UP = "caught up to its pull's horizon";

/**
 * Every table's rows on the device (by id) and its checkpoint, the caught-up one named as such.
 * A table is caught up when its checkpoint is past every row below the horizon of the pull that
 * ended it, (horizon - 1, the largest uuid): each pull has its own horizon (the server's xmin
 * when it ran), the device's stored horizon is the smallest of them, and the server's horizon
 * now is past them all. Two devices synced at different moments, or one whose tables were
 * pulled while other transactions ended, hold different xids there, and both are right.
 */
async function deviceState(engine: SyncEngine) {
  const horizon = BigInt((await engine.local.store.meta.get('horizon'))?.value as string);
  const { rows: now } = await (
    await db()
  ).query<{ x: string }>('select pg_snapshot_xmin(pg_current_snapshot())::text as x');
  const out: Record<string, { rows: Record<string, unknown>; checkpoint: unknown }> = {};
  for (const table of TABLES) {
    const docs = isStoreTable(table)
      ? await engine.local.store[table].toArray()
      : (await (await engine.local.collection(table)).find().exec()).map((d) => d.toJSON());
    const rows: Record<string, unknown> = {};
    for (const d of docs) rows[d.id] = d;
    const cp = (await engine.local.store.meta.get(`checkpoint:${table}`))?.value as {
      xid: string;
      id: string;
    };
    const pulledAt = cp ? BigInt(cp.xid) + 1n : 0n;
    const caughtUp =
      cp &&
      cp.id === 'ffffffff-ffff-ffff-ffff-ffffffffffff' &&
      pulledAt >= horizon &&
      pulledAt <= BigInt(now[0]!.x);
    out[table] = { rows, checkpoint: caughtUp ? CAUGHT_UP : cp };
  }
  return out;
}

/** The same rows on both devices, and every table caught up on both (a first round's end). */
function expectSameState(a: Recorded['state'], b: Recorded['state']) {
  for (const table of TABLES) {
    expect(a[table], table).toEqual(b[table]);
    expect(a[table]!.checkpoint, table).toBe(CAUGHT_UP);
  }
}

describe('a new device, first_sync against the per-table pulls', () => {
  it.each(USERS)('as %s: one request, the same rows and checkpoints as a pull a table', async (user) => {
    const one = await newDevice(DEMO_USERS[user], false);
    const old = await newDevice(DEMO_USERS[user], true);
    // The demo's working set is small: one request in all (the old way: the counts, then a pull a table).
    expect(one.pulls).toEqual(['first_sync']);
    // Every first batch written at once (first-sync.ts, writeFirstBatches): the checkpoints in one
    // transaction of the engine's store, the progress in two (the counts, then the tables' ends),
    // where a table at a time took one a table for each (the old way still does). The tables'
    // ends and the horizon are in the checkpoints' transaction: two in all (they were four).
    expect(one.transactions).toEqual({ checkpoints: 1, progress: 2, horizon: 1, all: 2 });
    expect(old.transactions.checkpoints).toBe(TABLES.length);
    expect(old.pulls.filter((r) => r === 'pull_changes')).toHaveLength(TABLES.length);
    expect(old.pulls).toContain('working_set_counts');
    expectSameState(one.state, old.state);
    expect(Object.keys(one.state.shipments!.rows)).toContain(karawang.shipment);
    expect(Object.keys(one.state.shipments!.rows).includes(elsewhere.shipment)).toBe(user !== 'karawang');
    expect(Object.keys(one.state.inventory!.rows).includes(elsewhere.ledger)).toBe(user !== 'karawang');
  });

  it('goes on with pull_changes for the tables whose first batch was full, ending in the same state', async () => {
    // Batches of 10: the larger tables take several (batches of 3 made hundreds of requests a
    // device once a whole integration run's rows were in admin's working set).
    const one = await newDevice(DEMO_USERS.admin, false, 10);
    const old = await newDevice(DEMO_USERS.admin, true, 10);
    expect(one.pulls[0]).toBe('first_sync');
    expect(one.pulls.filter((r) => r === 'first_sync')).toHaveLength(1);
    expect(one.pulls).not.toContain('working_set_counts');
    // Only the tables with more than a batch are pulled on: fewer pulls than the old way's.
    const more = one.pulls.filter((r) => r === 'pull_changes').length;
    expect(more).toBeGreaterThan(0);
    expect(more).toBeLessThan(old.pulls.filter((r) => r === 'pull_changes').length);
    expectSameState(one.state, old.state);
  }, 300_000);

  it('asks first_sync as its first round begins, before the push of a command queued offline has been answered', async () => {
    const vendor = crypto.randomUUID();
    const name = `Pertama ${tag()}`;
    const one = await newDevice(DEMO_USERS.admin, false, undefined, async (engine) => {
      await engine.dispatch('add_vendor', { vendor_id: vendor, name, contact_person: null, phone: null });
    });
    // The push went out and was answered; first_sync was on its way before that answer (it
    // used to be asked only after the push and the uploads had ended).
    expect(one.events).toContain('apply_commands answered');
    expect(one.events.indexOf('first_sync')).toBeGreaterThanOrEqual(0);
    expect(one.events.indexOf('first_sync')).toBeLessThan(one.events.indexOf('apply_commands answered'));
    expect(one.pulls.filter((r) => r === 'first_sync')).toHaveLength(1);
    // The command reached the server once, and the device shows it (pulled, or still its prediction).
    const { rows } = await (await db()).query('select name from public.vendors where id = $1', [vendor]);
    expect(rows).toEqual([{ name }]);
    expect((one.state.vendors!.rows[vendor] as { name: string } | undefined)?.name).toBe(name);
  }, 300_000);
});
