// npm run load: 50 simulated tablets at once against the stack for two
// minutes (issue 13), each doing what a busy hub floor's tablet does with the
// real protocol: a tap every 0.5-1.5 s (queue a truck, Proses Muat, finish
// loading, or take one off the queue), pushed at once through apply_commands,
// then a pull round as the engine's sync round does it (pull_round: the tables that changed and
// their first batches in one request; pull_changes for a full batch). The tablets are protocol clients (supabase-js, real HTTP),
// not full engines: 50 RxDB engines would measure this 2-core machine's
// IndexedDB emulation, not the server. Runs on the stack's own PostgreSQL server,
// or DATABASE_URL's. LOAD_TABLETS and LOAD_SECONDS change the size;
// LOAD_THINK_MS=0 drops the think time, to find the server's ceiling.
// Then PROBE_SECONDS (20) of idle probes (changed_tables) with PROBE_IN_FLIGHT (8) in flight.
// Prints commands/s, p50/p95 push and pull latency, errors, and what the
// database was doing (connections, lock waits) while it ran.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import { TABLES } from '../../sync/model/rows';
import { seededRandom } from '../support/flaky-proxy';
import { startSoakStack } from './soak-stack';
import { DEMO_PASSWORD, DEMO_USERS, HUB, SEA_VENDOR, TRUCK_TYPE, TRUCK_VENDOR } from '../support/demo';

const TABLETS = Number(process.env.LOAD_TABLETS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 120);
const PROBE_SECONDS = Number(process.env.PROBE_SECONDS ?? 20);
const PROBE_IN_FLIGHT = Number(process.env.PROBE_IN_FLIGHT ?? 8);
/** Think time between taps (ms, uniform between the two); LOAD_THINK_MS=0 finds the server's ceiling. */
const THINK_MS =
  process.env.LOAD_THINK_MS === undefined
    ? [500, 1500]
    : [Number(process.env.LOAD_THINK_MS), Number(process.env.LOAD_THINK_MS)];
const VEHICLES_PER_TABLET =
  Number(process.env.LOAD_THINK_MS) === 0 && process.env.LOAD_THINK_MS !== undefined ? 400 : 40;
const HUBS = [
  { email: DEMO_USERS.karawang, hubId: HUB.karawang, land: true },
  { email: DEMO_USERS.cikarang, hubId: HUB.cikarang, land: true },
  { email: DEMO_USERS.poljak, hubId: HUB.poljak, land: false },
  { email: DEMO_USERS.polsub, hubId: HUB.polsub, land: false },
];

interface Figures {
  push: number[];
  pull: number[];
  applied: number;
  tablesPulled: number;
  errors: string[];
}

const percentile = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

class LoadTablet {
  private checkpoints = new Map<string, { xid: string; id: string }>();
  private ready: string[];
  private queued: string[] = [];
  private loading: string[] = [];
  private random: () => number;

  constructor(
    private readonly supabase: SupabaseClient,
    private readonly userId: string,
    private readonly hub: (typeof HUBS)[number],
    vehicles: string[],
    seed: number,
  ) {
    this.ready = vehicles;
    this.random = seededRandom(seed);
  }

  /** An idle tablet's question, the engine's every 2.5 s: did anything I may read change? */
  async probe(): Promise<void> {
    const { error } = await this.supabase.rpc('changed_tables', {
      p_checkpoints: Object.fromEntries(this.checkpoints),
    });
    if (error) throw new Error(`probe: ${error.code ?? ''} ${error.message}`);
  }

  /**
   * What the engine's round does (sync/replication/pull.ts): one pull_round names the tables that
   * changed and brings each one's first batch; pull_changes goes on for a batch that was full or
   * left out. `all`: every table by pull_changes (a new tablet's start).
   */
  async pullRound(all = false): Promise<number> {
    let tables: readonly string[] = TABLES;
    const first = new Map<string, Array<{ id: string; change_xid: string }>>();
    if (!all) {
      const { data, error } = await this.supabase.rpc('pull_round', {
        p_checkpoints: Object.fromEntries(this.checkpoints),
        p_limit: 1000,
      });
      if (error) throw new Error(`pull round: ${error.code ?? ''} ${error.message}`);
      const answer = data as {
        changed: string[];
        tables: Record<string, { rows: Array<{ id: string; change_xid: string }> }>;
      };
      tables = answer.changed;
      for (const [table, batch] of Object.entries(answer.tables)) first.set(table, batch.rows);
    }
    for (const table of tables) {
      let rows = first.get(table);
      for (;;) {
        if (!rows) {
          const cp = this.checkpoints.get(table);
          const { data, error } = await this.supabase.rpc('pull_changes', {
            p_table: table,
            p_after_xid: cp?.xid ?? null,
            p_after_id: cp?.id ?? null,
            p_limit: 1000,
          });
          if (error) throw new Error(`pull ${table}: ${error.code ?? ''} ${error.message}`);
          rows = (data as { rows: Array<{ id: string; change_xid: string }> }).rows;
        }
        if (rows.length) this.checkpoints.set(table, { xid: rows.at(-1)!.change_xid, id: rows.at(-1)!.id });
        if (rows.length < 1000) break;
        rows = undefined;
      }
    }
    return tables.length;
  }

  /** The next tap on this floor, or null when every truck has left. */
  private nextCommand(): { type: string; vehicleId: string } | null {
    const r = this.random();
    if (this.loading.length && r < 0.5) return { type: 'finish_loading', vehicleId: this.loading[0]! };
    if (this.queued.length && r < 0.8) {
      const type = this.hub.land && this.random() < 0.7 ? 'start_loading' : 'remove_from_queue';
      return { type, vehicleId: this.queued[0]! };
    }
    if (this.ready.length) return { type: 'queue_vehicles', vehicleId: this.ready[0]! };
    if (this.queued.length) return { type: 'remove_from_queue', vehicleId: this.queued[0]! };
    return null;
  }

  private move(type: string, id: string) {
    const lists: Record<string, [string[], string[] | null]> = {
      queue_vehicles: [this.ready, this.queued],
      remove_from_queue: [this.queued, this.ready],
      start_loading: [this.queued, this.loading],
      // The truck leaves with its shipment.
      finish_loading: [this.loading, null],
    };
    const [from, to] = lists[type]!;
    from.splice(from.indexOf(id), 1);
    to?.push(id);
  }

  async run(until: number, f: Figures): Promise<void> {
    while (Date.now() < until) {
      await new Promise((r) => setTimeout(r, THINK_MS[0]! + this.random() * (THINK_MS[1]! - THINK_MS[0]!)));
      const next = this.nextCommand();
      if (!next) break;
      const payload =
        next.type === 'queue_vehicles'
          ? { hub_id: this.hub.hubId, vehicle_ids: [next.vehicleId] }
          : { hub_id: this.hub.hubId, vehicle_id: next.vehicleId };
      const command = {
        id: randomUUID(),
        type: next.type,
        payload,
        issued_at: new Date().toISOString(),
        actor: this.userId,
      };
      const began = performance.now();
      const { data, error } = await this.supabase.rpc('apply_commands', { commands: [command] });
      f.push.push(performance.now() - began);
      if (error) {
        f.errors.push(`push: ${error.code ?? ''} ${error.message}`);
        continue;
      }
      const result = (
        data as { results: Array<{ outcome: string; code: string | null; message: string | null }> }
      ).results[0]!;
      if (result.outcome === 'applied') {
        f.applied++;
        this.move(next.type, next.vehicleId);
      } else {
        f.errors.push(`${next.type} rejected: ${result.code} ${result.message}`);
      }
      const pullBegan = performance.now();
      try {
        // (Not `f.tablesPulled += await …`: that reads the sum before the await and loses the other tablets' counts.)
        const tables = await this.pullRound();
        f.tablesPulled += tables;
        f.pull.push(performance.now() - pullBegan);
      } catch (e) {
        f.errors.push(String((e as Error).message));
      }
    }
  }
}

async function main() {
  const stack = await startSoakStack(process.env.DATABASE_URL || undefined, console.log, 3600);
  const sql = new pg.Client({ connectionString: stack.dbUrl });
  await sql.connect();
  try {
    const tablets: LoadTablet[] = [];
    for (let i = 0; i < TABLETS; i++) {
      const hub = HUBS[i % HUBS.length]!;
      const ids: string[] = [];
      for (let v = 0; v < VEHICLES_PER_TABLET; v++) {
        const id = randomUUID();
        ids.push(id);
        await sql.query(
          `insert into public.vehicles (id, license_plate, vehicle_type_id, vendor_id, driver_name, nama_kapal, nama_pelayaran,
                                        current_hub_id, ready, siap_muat, sedang_muat, is_active)
           values ($1, $2, $3, $4, 'Sopir Beban', $5, $6, $7, true, false, false, true)`,
          [
            id,
            `LOAD ${i}-${v}`,
            hub.land ? TRUCK_TYPE : null,
            hub.land ? TRUCK_VENDOR.id : SEA_VENDOR.id,
            hub.land ? null : 'KM Beban',
            hub.land ? null : 'Pelayaran Beban',
            hub.hubId,
          ],
        );
      }
      const supabase = createClient(stack.apiUrl, stack.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: ws as never },
      });
      const { data, error } = await supabase.auth.signInWithPassword({
        email: hub.email,
        password: DEMO_PASSWORD,
      });
      if (error) throw error;
      tablets.push(new LoadTablet(supabase, data.user!.id, hub, ids, 1000 + i));
    }
    // Every tablet starts up to date (its first sync is not what is measured here).
    for (const t of tablets) await t.pullRound(true);
    const { rows: db } = await sql.query<{ n: string }>('select current_database() as n');

    const f: Figures = { push: [], pull: [], applied: 0, tablesPulled: 0, errors: [] };
    let peakConnections = 0;
    let peakActive = 0;
    let lockWaits = 0;
    let samples = 0;
    /** What the lock waits waited on (pg_stat_activity's wait_event: tuple, transactionid, object...). */
    const waitedOn = new Map<string, number>();
    const sampler = setInterval(() => {
      void sql
        .query<{ total: string; active: string; locks: string; events: string[] | null }>(
          `select count(*) as total,
                  count(*) filter (where state = 'active' and pid <> pg_backend_pid()) as active,
                  count(*) filter (where wait_event_type = 'Lock') as locks,
                  array_agg(wait_event) filter (where wait_event_type = 'Lock') as events
             from pg_stat_activity where datname = $1`,
          [db[0]!.n],
        )
        .then(({ rows }) => {
          samples++;
          peakConnections = Math.max(peakConnections, Number(rows[0]!.total));
          peakActive = Math.max(peakActive, Number(rows[0]!.active));
          lockWaits += Number(rows[0]!.locks) > 0 ? 1 : 0;
          for (const e of rows[0]!.events ?? []) waitedOn.set(e, (waitedOn.get(e) ?? 0) + 1);
        })
        .catch(() => undefined);
    }, 500);
    const began = Date.now();
    await Promise.all(tablets.map((t) => t.run(began + SECONDS * 1000, f)));
    const elapsed = (Date.now() - began) / 1000;
    clearInterval(sampler);

    const ms = (x: number) => `${x.toFixed(0)} ms`;
    console.log(
      `[load] ${stack.engine}, ${TABLETS} tablets for ${elapsed.toFixed(0)} s, ${THINK_MS.join('-')} ms between taps`,
    );
    console.log(`[load] commands applied: ${f.applied} (${(f.applied / elapsed).toFixed(1)} commands/s)`);
    console.log(
      `[load] push (apply_commands, one tap): p50 ${ms(percentile(f.push, 50))}, p95 ${ms(percentile(f.push, 95))}, max ${ms(Math.max(...f.push))} over ${f.push.length}`,
    );
    console.log(
      `[load] pull round (pull_round, naming ${(f.tablesPulled / Math.max(1, f.pull.length)).toFixed(1)} tables on average): p50 ${ms(percentile(f.pull, 50))}, p95 ${ms(percentile(f.pull, 95))}, max ${ms(Math.max(...f.pull))} over ${f.pull.length}`,
    );
    console.log(
      `[load] database: peak ${peakConnections} connections, peak ${peakActive} active queries, lock waits seen in ${lockWaits} of ${samples} samples` +
        (waitedOn.size ? ` (on ${[...waitedOn].map(([e, n]) => `${e} ${n}`).join(', ')})` : ''),
    );
    console.log(
      `[load] errors: ${f.errors.length}${f.errors.length ? ` (first: ${[...new Set(f.errors)].slice(0, 5).join('; ')})` : ''}`,
    );

    // Idle probes: the Karawang tablet, up to date, asks changed_tables with PROBE_IN_FLIGHT calls
    // in flight for PROBE_SECONDS: how many idle tablets (one probe every 2.5 s) one box serves.
    const idle = tablets[0]!; // HUBS[0]: Karawang
    await idle.pullRound(true);
    const probes: number[] = [];
    const probeEnd = Date.now() + PROBE_SECONDS * 1000;
    const probeBegan = Date.now();
    await Promise.all(
      Array.from({ length: PROBE_IN_FLIGHT }, async () => {
        while (Date.now() < probeEnd) {
          const t0 = performance.now();
          await idle.probe();
          probes.push(performance.now() - t0);
        }
      }),
    );
    const perSecond = probes.length / ((Date.now() - probeBegan) / 1000);
    console.log(
      `[load] idle probes (changed_tables as Karawang, ${PROBE_IN_FLIGHT} in flight, ${PROBE_SECONDS} s): ${perSecond.toFixed(0)} a second, ` +
        `p50 ${ms(percentile(probes, 50))}, p95 ${ms(percentile(probes, 95))}: one box serves about ${(perSecond * 2.5).toFixed(0)} idle tablets`,
    );
    process.exitCode = f.errors.length === 0 ? 0 : 1;
  } finally {
    await sql.end();
    await stack.stop();
  }
}

void main();
