// The soak (issue 13): tablets in worker threads, each the real sync engine
// on its own IndexedDB behind its own faulty proxy, follow the hub flow's
// model; some are killed and restarted from their storage, some lose the
// server for a while. Then the faults stop, every tablet drains and pulls,
// and the checker compares what the server recorded with what the tablets
// acknowledged and show. `npm run soak` runs it at size; the integration
// test tests/integration/soak-short.test.ts runs a short fixed-seed run.
import { Worker } from 'node:worker_threads';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import type { Actor } from '../../sync';
import { FlakyProxy, seededRandom, type FaultKind } from '../support/flaky-proxy';
import type { DeviceConfig, Request } from './device-worker';
import { SEA_VENDOR, TRUCK_TYPE, TRUCK_VENDOR } from '../support/demo';

export interface SoakOptions {
  apiUrl: string;
  anonKey: string;
  dbUrl: string;
  password: string;
  seed: number;
  /** The tablets: a name and the user signed in on it (two tablets may share a user). */
  devices: Array<{ name: string; email: string }>;
  /** Commands to acknowledge across all tablets before the quiet period. */
  commands: number;
  kills: number;
  partitions: number;
  faultRate: number;
  /** The stack's JWT secret, so the proxies can hand the server expired tokens. */
  jwtSecret: string;
  /** Share of steps that write a poisoned command straight into the outbox; of steps that take a photo. */
  poisonRate: number;
  photoRate: number;
  /**
   * Hard-kills the stack and starts it again on the same port and data (once
   * the run is half done, while the tablets go on); answers the new database URL.
   */
  restartStack?: () => Promise<{ dbUrl: string }>;
  /**
   * On a stack other tests share: give each hub of the tablets vehicles of the run's own
   * and act only on those, so the seeded rows stay as other tests expect them.
   */
  ownRows?: boolean;
  log?: (line: string) => void;
}

export interface SoakReport {
  seed: number;
  commands: number;
  refusedLocally: Record<string, number>;
  outcomes: Record<string, number>;
  faults: Record<FaultKind | 'partition', number>;
  kills: number;
  restarts: number;
  /** Token refreshes that reached the server during the faulty run. */
  refreshes: number;
  /** Poisoned commands by how they ended: refused on the server (by code) or on the device as unsendable. */
  poison: Record<string, number>;
  photos: { taken: number; onShipments: number; missing: number };
  lost: number;
  doubled: number;
  stuck: number;
  diverged: number;
  /**
   * Issue 26's invariant after the run: every warehouse's stock balance equals the sum of
   * its live ledger rows (`off` counts those that do not, or have no balance).
   */
  balances: { warehouses: number; off: number };
  convergeMs: number;
}

interface DeviceView {
  tables: Record<string, Record<string, string>>;
  acknowledged: string[];
  refusedLocally: Record<string, number>;
  outbox: number;
  uploadsPending: number;
  photos: number;
  poison: Array<{ id: string; kind: string; rejectedHere: string | null }>;
}

async function connect(url: string): Promise<pg.Client> {
  const sql = new pg.Client({ connectionString: url });
  // The stack may be killed under it; the error is the restart's, not the run's.
  sql.on('error', () => undefined);
  await sql.connect();
  return sql;
}

class Tablet {
  private worker!: Worker;
  private next = 1;
  private waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  constructor(
    readonly config: DeviceConfig,
    readonly proxy: FlakyProxy,
  ) {}

  async start(): Promise<void> {
    this.worker = new Worker(new URL('./device-worker-boot.mjs', import.meta.url), { workerData: this.config });
    const ready = new Promise<void>((resolve, reject) => {
      this.waiting.set(0, { resolve: () => resolve(), reject });
    });
    this.worker.on('message', (m: { id: number; result?: unknown; error?: string }) => {
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id);
      if (m.error) w.reject(new Error(`${this.config.name}: ${m.error}`));
      else w.resolve(m.result);
    });
    this.worker.on('error', (e) => {
      for (const w of this.waiting.values()) w.reject(e);
      this.waiting.clear();
    });
    await ready;
  }

  ask<T>(request: Request): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  async stop(): Promise<void> {
    await this.ask({ op: 'stop' }).catch(() => undefined);
    await this.worker.terminate();
    await this.proxy.stop();
  }
}

/** Six vehicles of the run's own at each hub (sea units at the ports), ready to queue. */
async function ownVehicles(sql: pg.Client, prefix: string, hubIds: string[]): Promise<void> {
  for (const hubId of hubIds) {
    const { rows } = await sql.query<{ type: string | null }>('select type from public.hubs where id = $1', [hubId]);
    const sea = rows[0]?.type === 'poljak' || rows[0]?.type === 'polsub';
    for (let i = 0; i < 6; i++) {
      await sql.query(
        `insert into public.vehicles (id, license_plate, vehicle_type_id, vendor_id, driver_name, nama_kapal, nama_pelayaran,
                                      current_hub_id, ready, siap_muat, sedang_muat, is_active)
         values (gen_random_uuid(), $1, $2, $3, 'Sopir Soak', $4, $5, $6, true, false, false, true)`,
        [
          `${prefix}${hubId.slice(-4)}-${i}`,
          sea ? null : TRUCK_TYPE,
          sea ? SEA_VENDOR.id : TRUCK_VENDOR.id,
          sea ? 'KM Soak' : null,
          sea ? 'Pelayaran Soak' : null,
          hubId,
        ],
      );
    }
  }
}

async function actorOf(sql: pg.Client, email: string): Promise<Actor> {
  const { rows } = await sql.query('select user_id, role, hub_id from public.profiles where email = $1', [email]);
  if (!rows[0]) throw new Error(`no profile for ${email}`);
  return { userId: rows[0].user_id, role: rows[0].role, hubId: rows[0].hub_id };
}

/**
 * What the server lets this user read: id -> change_xid of live rows, per table; for the
 * tables whose history leaves the devices, only the working set (issue 26: visible_ids).
 */
async function serverView(o: SoakOptions, email: string): Promise<Record<string, Record<string, string>>> {
  const client = createClient(o.apiUrl, o.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
  const { error } = await client.auth.signInWithPassword({ email, password: o.password });
  if (error) throw error;
  const tables: Record<string, Record<string, string>> = {};
  for (const table of ['vehicles', 'shipments', 'inventory', 'vendors', 'stock_balances']) {
    tables[table] = {};
    for (let from = 0; ; from += 1000) {
      const { data, error: e } = await client
        .from(table)
        .select('id, change_xid')
        .eq('deleted', false)
        .order('id')
        .range(from, from + 999);
      if (e) throw e;
      for (const r of data as Array<{ id: string; change_xid: string }>) tables[table]![r.id] = String(r.change_xid);
      if (data.length < 1000) break;
    }
    if (table === 'shipments' || table === 'inventory') {
      const { data, error: e } = await client.rpc('visible_ids', { p_table: table });
      if (e) throw e;
      const inSet = new Set((data as { ids: string[] }).ids);
      for (const id of Object.keys(tables[table]!)) if (!inSet.has(id)) delete tables[table]![id];
    }
  }
  await client.auth.signOut();
  return tables;
}

function differences(a: Record<string, Record<string, string>>, b: Record<string, Record<string, string>>): string[] {
  const out: string[] = [];
  for (const table of Object.keys(b)) {
    const mine = a[table] ?? {};
    const theirs = b[table]!;
    for (const id of new Set([...Object.keys(mine), ...Object.keys(theirs)])) {
      if (String(mine[id]) !== String(theirs[id])) out.push(`${table}:${id} device ${mine[id]} server ${theirs[id]}`);
    }
  }
  return out;
}

export async function runSoak(o: SoakOptions): Promise<SoakReport & { details: string[] }> {
  const log = o.log ?? (() => undefined);
  const random = seededRandom(o.seed);
  let sql = await connect(o.dbUrl);
  const tablets: Tablet[] = [];
  const details: string[] = [];
  try {
    const prefix = o.ownRows ? `SOAK${o.seed}-` : '';
    const actors = await Promise.all(o.devices.map((d) => actorOf(sql, d.email)));
    if (o.ownRows) {
      const hubs = [...new Set(actors.map((a) => a.hubId).filter((h): h is string => !!h))];
      await ownVehicles(sql, prefix, hubs);
    }
    for (const [i, d] of o.devices.entries()) {
      const proxy = await new FlakyProxy(o.apiUrl).start();
      const tablet = new Tablet(
        {
          name: d.name,
          email: d.email,
          password: o.password,
          actor: actors[i]!,
          proxyUrl: proxy.url,
          anonKey: o.anonKey,
          seed: o.seed + i + 1,
          prefix,
          poisonRate: o.poisonRate,
          photoRate: o.photoRate,
        },
        proxy,
      );
      await tablet.start();
      proxy.setChaos({ seed: o.seed + 100 + i, rate: o.faultRate, maxDelayMs: 300, jwtSecret: o.jwtSecret });
      tablets.push(tablet);
    }
    log(`[soak] seed ${o.seed}: ${tablets.length} tablets, ${o.commands} commands, fault rate ${o.faultRate}`);

    // The faulty run.
    let acknowledged = 0;
    let kills = 0;
    let partitions = 0;
    let idleRounds = 0;
    let restart: Promise<{ dbUrl: string }> | null = null;
    const perRound = Math.max(1, Math.ceil(o.commands / 30 / tablets.length));
    while (acknowledged < o.commands && idleRounds < 20) {
      const before = acknowledged;
      const counts = await Promise.all(
        tablets.map((t) => t.ask<{ acknowledged: number }>({ op: 'steps', count: perRound })),
      );
      acknowledged = counts.reduce((a, c) => a + c.acknowledged, 0);
      idleRounds = acknowledged === before ? idleRounds + 1 : 0;
      const progress = acknowledged / o.commands;
      if (o.restartStack && !restart && progress >= 0.5) {
        log(`[soak] the stack is killed (SIGKILL) and restarted at ${acknowledged} commands`);
        restart = o.restartStack();
      }
      if (kills < o.kills && random() < progress * 2 - kills / o.kills) {
        const victim = tablets[Math.floor(random() * tablets.length)]!;
        await victim.ask({ op: 'kill' });
        kills++;
      }
      if (partitions < o.partitions && random() < progress * 2 - partitions / o.partitions) {
        void tablets[Math.floor(random() * tablets.length)]!.proxy.partition(400 + Math.floor(random() * 800));
        partitions++;
      }
    }
    if (restart) {
      await sql.end().catch(() => undefined);
      sql = await connect((await restart).dbUrl);
    }
    const faults = { delay: 0, drop_request: 0, drop_response: 0, status_502: 0, status_503: 0, cut_mid_body: 0, expired_token: 0, partition: 0 };
    let refreshes = 0;
    for (const t of tablets) {
      refreshes += t.proxy.forwarded.filter((r) => r.includes('grant_type=refresh_token')).length;
      t.proxy.setChaos(null);
      for (const [k, n] of Object.entries(t.proxy.faults)) faults[k as keyof typeof faults] += n;
    }

    // Quiet: every tablet drains, then pulls until its view equals the server's.
    const quietAt = Date.now();
    const stuckCounts = await Promise.all(tablets.map((t) => t.ask<number>({ op: 'drain', timeoutMs: 90_000 })));
    let stuck = stuckCounts.reduce((a, b) => a + b, 0);
    // A tablet that did not drain says what it waits on (a stuck run used to say only "stuck 1").
    for (const [i, n] of stuckCounts.entries()) {
      if (n === 0) continue;
      const lines = await tablets[i]!.ask<string[]>({ op: 'stuck' }).catch((e: unknown) => [`(no answer: ${String(e)})`]);
      details.push(...lines.slice(0, 12).map((l) => `${tablets[i]!.config.name} stuck: ${l}`));
    }
    let diverged = 0;
    const views: DeviceView[] = [];
    for (const t of tablets) {
      const server = await serverView(o, t.config.email);
      let diff: string[] = [];
      for (let attempt = 0; attempt < 20; attempt++) {
        await t.ask({ op: 'drain', timeoutMs: 10_000 });
        const view = await t.ask<DeviceView>({ op: 'view' });
        diff = differences(view.tables, server);
        if (diff.length === 0 || attempt === 19) {
          views.push(view);
          break;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      diverged += diff.length;
      details.push(...diff.slice(0, 5).map((d) => `${t.config.name}: ${d}`));
    }
    const convergeMs = Date.now() - quietAt;

    // Every acknowledged command has exactly one recorded outcome.
    const ids = views.flatMap((v) => v.acknowledged);
    const recorded = await sql.query<{ id: string; n: string; outcome: string; code: string | null }>(
      `select id::text, count(*) over (partition by id) as n, outcome, code from public.commands where id = any($1::uuid[])`,
      [ids],
    );
    const seen = new Set(recorded.rows.map((r) => r.id));
    const lost = ids.filter((id) => !seen.has(id)).length;
    const outcomes: Record<string, number> = {};
    for (const r of recorded.rows) {
      const key = r.outcome === 'applied' ? 'applied' : `rejected ${r.code}`;
      outcomes[key] = (outcomes[key] ?? 0) + 1;
    }
    // Nothing applied twice: a shipment unloaded once books at most one row per item type.
    const twice = await sql.query<{ n: string }>(
      `select count(*) as n from (
         select shipment_id, sign(smartboard_quantity) as tv, sign(bracket_quantity) as br, count(*) as c
           from public.inventory where shipment_id is not null and not deleted
          group by 1, 2, 3 having count(*) > 1) d`,
    );
    // Every warehouse's balance is the sum of its ledger rows (issue 26).
    const balanceRows = await sql.query<{ id: string; name: string; b_tv: number | null; b_br: number | null; tv: string; br: string }>(
      `select w.id::text, w.name, b.smartboard_quantity as b_tv, b.bracket_quantity as b_br,
              coalesce(l.tv, 0)::text as tv, coalesce(l.br, 0)::text as br
         from public.warehouses w
         left join public.stock_balances b on b.id = w.id
         left join (select warehouse_id, sum(smartboard_quantity) as tv, sum(bracket_quantity) as br
                      from public.inventory where not deleted group by warehouse_id) l on l.warehouse_id = w.id`,
    );
    const offBalance = balanceRows.rows.filter(
      (r) => r.b_tv === null || r.b_tv !== Number(r.tv) || r.b_br !== Number(r.br),
    );
    for (const r of offBalance.slice(0, 5))
      details.push(`balance of ${r.name}: ${r.b_tv ?? 'none'} TV, ${r.b_br ?? 'none'} bracket; its ledger: ${r.tv}, ${r.br}`);
    const balances = { warehouses: balanceRows.rows.length, off: offBalance.length };
    let lostPoison = 0;
    let doubledPoison = 0;
    const doubled = recorded.rows.filter((r) => r.n !== '1').length + Number(twice.rows[0]!.n);
    const refusedLocally: Record<string, number> = {};
    for (const v of views) for (const [k, n] of Object.entries(v.refusedLocally)) refusedLocally[k] = (refusedLocally[k] ?? 0) + n;
    stuck += views.reduce((a, v) => a + v.outbox + v.uploadsPending, 0);

    // Poisoned commands: each refused once, on the server or on the device, and none applied.
    const poisonedIds = views.flatMap((v) => v.poison);
    const poisonRows = await sql.query<{ id: string; n: string; outcome: string; code: string | null }>(
      `select id::text, count(*) over (partition by id) as n, outcome, code from public.commands where id = any($1::uuid[])`,
      [poisonedIds.map((p) => p.id)],
    );
    const onServer = new Map(poisonRows.rows.map((r) => [r.id, r]));
    const poison: Record<string, number> = {};
    for (const p of poisonedIds) {
      const server = onServer.get(p.id);
      const key = server
        ? server.outcome === 'applied'
          ? 'APPLIED'
          : `${p.kind}: rejected ${server.code}`
        : p.rejectedHere
          ? `${p.kind}: ${p.rejectedHere} on the device`
          : `${p.kind}: NO OUTCOME`;
      poison[key] = (poison[key] ?? 0) + 1;
      if (server?.outcome === 'applied') doubledPoison++;
      if (!server && !p.rejectedHere) lostPoison++;
      if (server && server.n !== '1') doubledPoison++;
    }

    // Every photo a shipment points at is in the bucket.
    const referenced = await sql.query<{ url: string }>(
      `select url from public.shipments, unnest(array[delivery_record_image_url, bast_image_url]) as url
        where url is not null and batch_number like $1`,
      [`${prefix}%`],
    );
    // The bucket is private (issue 40): read as staff (an admin reads every shipment's files).
    const reader = createClient(o.apiUrl, o.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as never },
    });
    const signIn = await reader.auth.signInWithPassword({ email: 'admin@demo.local', password: o.password });
    if (signIn.error) throw signIn.error;
    const prefixOfUrl = '/storage/v1/object/public/shipment-documents/';
    let missing = 0;
    for (const { url } of referenced.rows) {
      const { data, error } = await reader.storage
        .from('shipment-documents')
        .download(url.startsWith(prefixOfUrl) ? url.slice(prefixOfUrl.length) : url);
      if (error || !data) {
        missing++;
        details.push(`photo ${url}: ${error?.message ?? 'no data'}`);
      }
    }
    const photos = { taken: views.reduce((a, v) => a + v.photos, 0), onShipments: referenced.rows.length, missing };
    return {
      seed: o.seed,
      commands: ids.length,
      refusedLocally,
      outcomes,
      faults,
      kills,
      restarts: restart ? 1 : 0,
      refreshes,
      poison,
      photos,
      lost: lost + lostPoison + missing,
      doubled: doubled + doubledPoison,
      stuck,
      diverged,
      balances,
      convergeMs,
      details,
    };
  } finally {
    await Promise.all(tablets.map((t) => t.stop()));
    await sql.end();
  }
}

export function printReport(r: SoakReport, log: (line: string) => void): void {
  log(`[soak] seed ${r.seed} (SOAK_SEED=${r.seed} replays it)`);
  log(`[soak] commands acknowledged: ${r.commands}; refused on the device: ${JSON.stringify(r.refusedLocally)}`);
  log(`[soak] outcomes on the server: ${JSON.stringify(r.outcomes)}`);
  log(`[soak] faults by kind: ${JSON.stringify(r.faults)}; tablet kills: ${r.kills}; stack restarts (SIGKILL): ${r.restarts}; token refreshes: ${r.refreshes}`);
  log(`[soak] poisoned commands: ${JSON.stringify(r.poison)}`);
  log(`[soak] photos: ${r.photos.taken} taken, ${r.photos.onShipments} on shipments, ${r.photos.missing} missing from storage`);
  log(`[soak] lost ${r.lost}, doubled ${r.doubled}, stuck ${r.stuck}, diverged ${r.diverged}; converged in ${r.convergeMs} ms`);
  log(`[soak] stock balances: ${r.balances.warehouses} warehouses, ${r.balances.off} not equal to the sum of their ledger rows`);
}
