// npm run bench: the sync engine against its baselines, measured in one run
// on a fresh local stack (embedded PGlite, or DATABASE_URL's server).
//   1. initial pull of 10,000 shipments + 50,000 inventory rows vs a raw PostgREST download;
//   2. draining 1,000 queued commands vs sending them one request each;
//   3. dispatch-to-visible latency of one command on the local database;
//   4. the dashboard's figures on that data: first computation, and the update after one pulled change.
import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import pg from 'pg';
import { ReplaySubject, filter, firstValueFrom, map } from 'rxjs';
import ws from 'ws';
import { startStack, type Stack } from '../../supabase/local/stack';
import {
  SyncEngine,
  dashboardFigures,
  liveDashboardInput,
  type Actor,
  type DashboardFigures,
  type DashboardInput,
  type LocalDatabase,
} from '../../sync';

// Smaller volumes through the environment for a quick look (BENCH_SCALE=0.1).
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SHIPMENTS = Math.round(10_000 * SCALE);
const INVENTORY = Math.round(50_000 * SCALE);
const COMMANDS = Math.round(1_000 * SCALE);
const LATENCY_SAMPLES = 200;
const KARAWANG = '11111111-0000-4000-8000-000000000001';

async function seedVolume(sql: pg.Client) {
  await sql.query(`
    insert into public.shipments (batch_number, vehicle_id, vendor_id, origin_hub_id, destination_hub_id,
      current_hub_id, smartboard_quantity, bracket_quantity, status, loading_date, selesai_bongkar)
    select 'BENCH-' || g, v.id, v.vendor_id, '${KARAWANG}', '11111111-0000-4000-8000-000000000002',
      '11111111-0000-4000-8000-000000000002', 10, 20, 'selesai', now() - (g || ' minutes')::interval, true
    from generate_series(1, ${SHIPMENTS}) g,
      lateral (select id, vendor_id from public.vehicles order by id limit 1) v`);
  await sql.query(`
    insert into public.inventory (warehouse_id, date_recorded, smartboard_quantity, bracket_quantity, batch_number)
    select w.id, current_date - (g % 365), g % 7, g % 11, 'BENCH-' || g
    from generate_series(1, ${INVENTORY}) g,
      lateral (select id from public.warehouses order by id offset (g % 5) limit 1) w`);
}

function client(apiUrl: string, anonKey: string): SupabaseClient {
  return createClient(apiUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
}

async function signedIn(stack: Stack, email: string): Promise<{ supabase: SupabaseClient; actor: Actor }> {
  const supabase = client(stack.apiUrl, stack.anonKey);
  const { data, error } = await supabase.auth.signInWithPassword({ email, password: 'demo1234' });
  if (error) throw error;
  const role = data.user.app_metadata.role as Actor['role'];
  const hubId = (data.user.app_metadata.hub_id as string | null) ?? null;
  return { supabase, actor: { userId: data.user.id, role, hubId } };
}

const progress = (message: string) => process.stderr.write(`[bench] ${message}\n`);

async function timed<T>(work: () => Promise<T>, label = ''): Promise<[number, T]> {
  const start = performance.now();
  const result = await work();
  const ms = performance.now() - start;
  if (label) progress(`${label}: ${ms.toFixed(0)} ms`);
  return [ms, result];
}

async function rawDownload(supabase: SupabaseClient, table: string): Promise<number> {
  let rows = 0;
  for (let from = 0; ; from += 1000) {
    const { data, error } = await supabase
      .from(table)
      .select('*')
      .order('id')
      .range(from, from + 999);
    if (error) throw error;
    rows += data.length;
    if (data.length < 1000) return rows;
  }
}

async function engineFor(user: { supabase: SupabaseClient; actor: Actor }) {
  return SyncEngine.start({
    ...user,
    indexedDb: { indexedDB: new IDBFactory(), IDBKeyRange },
    multiTab: false,
    pullIntervalMs: 3_600_000,
    reconcileIntervalMs: 3_600_000,
  });
}

async function settle(engine: SyncEngine) {
  for (;;) {
    await engine.syncNow();
    if ((await engine.local.store.outbox.count()) === 0) return;
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'dermaga-bench-'));
  const stack = await startStack({ apiPort: 0, appPort: 0, dataDir, databaseUrl: process.env.DATABASE_URL });
  // Interrupted: stop PostgREST and Deno with us rather than leave them running.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void stack.stop().finally(() => process.exit(130)));
  }
  const rows: Array<[string, string, string, string]> = [];
  try {
    const sql = new pg.Client({ connectionString: stack.dbUrl });
    await sql.connect();
    await timed(() => seedVolume(sql), 'seed');

    // 1. Initial pull against a raw download of the same tables.
    const admin = await signedIn(stack, 'admin@demo.local');
    const [rawMs, rawRows] = await timed(async () => {
      let n = 0;
      for (const t of ['shipments', 'inventory']) n += await rawDownload(admin.supabase, t);
      return n;
    }, 'raw download');
    const engine = await engineFor(admin);
    const [pullMs] = await timed(() => settle(engine), 'initial pull');
    const pulled = (await engine.db.shipments.count().exec()) + (await engine.db.inventory.count().exec());

    // 4. The dashboard on that data, as src/features/dashboard computes it:
    // its first figures (the four tables read into memory, the stock ledger
    // built, the figures computed), then the update after one pulled change
    // (the pull round, the change event, the ledger, the figures again).
    const viewer = { role: 'admin' as const, hubId: null };
    const inputs = new ReplaySubject<DashboardInput>(1);
    let firstFigures: DashboardFigures | undefined;
    // When the pulled row's change event reaches the collection (subscribed
    // before the dashboard, so it is seen first).
    const eventAt: number[] = [];
    const events = engine.db.inventory.eventBulks$.subscribe(() => eventAt.push(performance.now()));
    const [firstMs, live] = await timed(async () => {
      const live = liveDashboardInput(engine.db as LocalDatabase).subscribe(inputs);
      firstFigures = dashboardFigures(viewer, await firstValueFrom(inputs));
      return live;
    }, 'dashboard first');
    const [computeMs] = await timed(async () => dashboardFigures(viewer, await firstValueFrom(inputs)));
    const tvBefore = firstFigures!.hubCards.reduce((sum, c) => sum + c.stock.tv, 0);
    await sql.query(
      `insert into public.inventory (warehouse_id, date_recorded, smartboard_quantity, bracket_quantity, batch_number)
       select w.id, current_date, 3, 0, 'BENCH-LIVE' from public.warehouses w
       join public.hubs h on h.id = w.hub_id where h.name ilike '%karawang%' order by w.id limit 1`,
    );
    eventAt.length = 0;
    const [updateMs, figuresAt] = await timed(async () => {
      const next = firstValueFrom(
        inputs.pipe(
          map((input) => dashboardFigures(viewer, input)),
          filter((f) => f.hubCards.reduce((sum, c) => sum + c.stock.tv, 0) !== tvBefore),
          map(() => performance.now()),
        ),
      );
      await engine.syncNow();
      return next;
    }, 'dashboard update');
    const onDeviceMs = figuresAt - eventAt[0]!;
    events.unsubscribe();
    const [pullOnlyMs] = await timed(() => engine.syncNow());
    live.unsubscribe();
    await engine.stop();
    rows.push([
      `dashboard: first figures over ${pulled.toLocaleString('en')} rows`,
      `${firstMs.toFixed(0)} ms`,
      `computing alone: ${computeMs.toFixed(1)} ms`,
      `${(firstMs / Math.max(computeMs, 0.1)).toFixed(1)}x`,
    ]);
    rows.push([
      'dashboard: update after one pulled change (pull round + change event + figures)',
      `${updateMs.toFixed(0)} ms`,
      `a pull round that brings nothing: ${pullOnlyMs.toFixed(0)} ms`,
      `${(updateMs / Math.max(pullOnlyMs, 0.1)).toFixed(2)}x`,
    ]);
    rows.push([
      'dashboard: update on the device (the change event to new figures)',
      `${onDeviceMs.toFixed(1)} ms`,
      `the figures alone over the held rows: ${computeMs.toFixed(1)} ms`,
      `${(onDeviceMs / Math.max(computeMs, 0.1)).toFixed(2)}x`,
    ]);
    rows.push([
      `initial pull (${pulled.toLocaleString('en')} shipment+inventory rows into RxDB)`,
      `${pullMs.toFixed(0)} ms`,
      `raw PostgREST download of ${rawRows.toLocaleString('en')} rows: ${rawMs.toFixed(0)} ms`,
      `${(pullMs / rawMs).toFixed(2)}x`,
    ]);

    // 2. Draining 1,000 queued commands against one request each.
    const hub = await signedIn(stack, 'karawang@demo.local');
    const vehicles = (
      await sql.query(
        `select id from public.vehicles where ready and is_active and nama_kapal is null order by id limit 1`,
      )
    ).rows.map((r) => r.id as string);
    const vehicle = vehicles[0]!;
    const device = await engineFor(hub);
    await settle(device);
    // Queued offline: the engine is not asked to sync while they pile up.
    const origSync = device.syncNow.bind(device);
    for (let i = 0; i < COMMANDS; i++) {
      const type = i % 2 === 0 ? 'queue_vehicles' : 'remove_from_queue';
      const payload =
        i % 2 === 0
          ? { hub_id: KARAWANG, vehicle_ids: [vehicle] }
          : { hub_id: KARAWANG, vehicle_id: vehicle };
      await device.local.store.outbox.add({
        id: crypto.randomUUID(),
        type,
        payload,
        issued_at: new Date().toISOString(),
        actor: hub.actor.userId,
        state: 'pending',
        xid: null,
        attempts: 0,
        last_error: null,
      });
    }
    const [drainMs] = await timed(async () => {
      for (;;) {
        await origSync();
        if ((await device.local.store.outbox.where('state').equals('pending').count()) === 0) return;
      }
    }, 'drain');
    const [singleMs] = await timed(async () => {
      for (let i = 0; i < COMMANDS; i++) {
        const type = i % 2 === 0 ? 'queue_vehicles' : 'remove_from_queue';
        const payload =
          i % 2 === 0
            ? { hub_id: KARAWANG, vehicle_ids: [vehicle] }
            : { hub_id: KARAWANG, vehicle_id: vehicle };
        const { error } = await hub.supabase.rpc('apply_commands', {
          commands: [
            {
              id: crypto.randomUUID(),
              type,
              payload,
              issued_at: new Date().toISOString(),
              actor: hub.actor.userId,
            },
          ],
        });
        if (error) throw error;
      }
    }, 'one by one');
    rows.push([
      `drain ${COMMANDS.toLocaleString('en')} queued commands (batches of 100)`,
      `${drainMs.toFixed(0)} ms`,
      `one request per command: ${singleMs.toFixed(0)} ms`,
      `${(drainMs / singleMs).toFixed(2)}x`,
    ]);

    // 3. Dispatch-to-visible latency: the command resolves, a live query sees it.
    await settle(device);
    const samples: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const queued = i % 2 === 0;
      const start = performance.now();
      const seen = firstValueFrom(
        device.db.vehicles.findOne(vehicle).$.pipe(filter((d) => d?.get('siap_muat') === queued)),
      );
      await device.dispatch(
        queued ? 'queue_vehicles' : 'remove_from_queue',
        queued ? { hub_id: KARAWANG, vehicle_ids: [vehicle] } : { hub_id: KARAWANG, vehicle_id: vehicle },
      );
      await seen;
      samples.push(performance.now() - start);
    }
    await device.stop();
    samples.sort((a, b) => a - b);
    rows.push([
      `dispatch-to-visible (${LATENCY_SAMPLES} commands)`,
      `median ${percentile(samples, 50).toFixed(1)} ms, p95 ${percentile(samples, 95).toFixed(1)} ms`,
      '',
      '',
    ]);
    await sql.end();
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const header = ['measure', 'result', 'baseline (same run)', 'ratio'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(
    `\nDermaga sync benchmark, ${new Date().toISOString()}, engine ${stack.engine}, Node ${process.version}`,
  );
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
