// npm run bench (with tests/bench/browser.ts): the sync engine against its baselines, measured in one run
// on a fresh local stack (its own PostgreSQL server, or DATABASE_URL's server).
//   1. initial pull of admin's working set of 10,000 shipments + 50,000 inventory rows vs a raw
//      download of the same rows (pull_changes, nothing stored);
//   2. draining 1,000 queued commands vs sending them one request each; P2 (issue 14): apply_commands
//      alone, 999 commands in batches of 100 vs one request each, for the floor commands (on one
//      truck, and over 34 trucks in turn) and the rest;
//   3. dispatch-to-visible latency of one command on the local database;
//   4. the dashboard's figures on that data: first computation, and the update after one pulled change.
import 'fake-indexeddb/auto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import pg from 'pg';
import { ReplaySubject, filter, firstValueFrom, map } from 'rxjs';
import ws from 'ws';
import { type Stack } from '../../supabase/local/stack';
import { PULL_BATCH } from '../../sync/replication/pull';
import {
  SyncEngine,
  dashboardFigures,
  liveDashboardInput,
  type Actor,
  type DashboardFigures,
  type DashboardInput,
  type LocalDatabase,
} from '../../sync';
import { SCALE, seedBenchVehicles, seedVolume } from './seed';
import { benchStack, printTable, runBench, type BenchRow } from './table';
import { DEMO_PASSWORD, DEMO_USERS, HUB } from '../support/demo';

const COMMANDS = Math.round(1_000 * SCALE);
const LATENCY_SAMPLES = 200;
// BENCH_ONLY=P2: seed, then only the P2 measure (apply_commands batched against one each).
const ONLY_P2 = process.env.BENCH_ONLY?.toUpperCase() === 'P2';

function client(apiUrl: string, anonKey: string): SupabaseClient {
  return createClient(apiUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
}

async function signedIn(stack: Stack, email: string): Promise<{ supabase: SupabaseClient; actor: Actor }> {
  const supabase = client(stack.apiUrl, stack.anonKey);
  const { data, error } = await supabase.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
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

/**
 * The rows the engine's pull receives for `table`, downloaded raw: through the same pull_changes
 * function and batch size, from the same checkpoints, nothing stored (the working set: a raw
 * download of the whole table was five times the rows the pull brings).
 */
async function rawDownload(supabase: SupabaseClient, table: string): Promise<number> {
  let rows = 0;
  let after: { change_xid: string; id: string } | null = null;
  for (;;) {
    const answer: { data: unknown; error: Error | null } = await supabase.rpc('pull_changes', {
      p_table: table,
      p_after_xid: after?.change_xid ?? null,
      p_after_id: after?.id ?? null,
      p_limit: PULL_BATCH,
    });
    if (answer.error) throw answer.error;
    const batch: Array<{ change_xid: string; id: string }> = (
      answer.data as { rows: Array<{ change_xid: string; id: string }> }
    ).rows;
    rows += batch.length;
    if (batch.length < PULL_BATCH) return rows;
    after = batch[batch.length - 1]!;
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

// 1. and 4.: the initial pull, then the dashboard on the pulled data.
async function measureDashboardAndPull(stack: Stack, sql: pg.Client, rows: BenchRow[]) {
  // 1. Initial pull against a raw download of the same tables.
  const admin = await signedIn(stack, DEMO_USERS.admin);
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
  // When the round's first change event reaches the database, in any collection (subscribed
  // before the dashboard, so it is seen first): the ledger row's stock_balances row can come
  // before it, and the figures move with the first (an inventory-only clock printed -3.3 ms).
  const eventAt: number[] = [];
  const events = engine.db.$.subscribe(() => eventAt.push(performance.now()));
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
    "dashboard: update on the device (the round's first change event to new figures)",
    `${onDeviceMs.toFixed(1)} ms`,
    `the figures alone over the held rows: ${computeMs.toFixed(1)} ms`,
    `${(onDeviceMs / Math.max(computeMs, 0.1)).toFixed(2)}x`,
  ]);
  rows.push([
    `initial pull (${pulled.toLocaleString('en')} shipment+inventory rows into RxDB)`,
    `${pullMs.toFixed(0)} ms`,
    `raw download of the same ${rawRows.toLocaleString('en')} rows (pull_changes, nothing stored): ${rawMs.toFixed(0)} ms`,
    `${(pullMs / rawMs).toFixed(2)}x`,
  ]);
}

async function measureLatency(device: SyncEngine, vehicle: string, rows: BenchRow[]) {
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
      queued
        ? { hub_id: HUB.karawang, vehicle_ids: [vehicle] }
        : { hub_id: HUB.karawang, vehicle_id: vehicle },
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
}

async function main() {
  // BENCH_ONLY=working-set or serial-scan: only that browser bench's table (tests/bench/working-set.ts,
  // browser-serial-scan.ts).
  if (process.env.BENCH_ONLY === 'working-set' || process.env.BENCH_ONLY === 'serial-scan') return;
  const { stack, stop } = await benchStack('dermaga-bench');
  const rows: BenchRow[] = [];
  try {
    const sql = new pg.Client({ connectionString: stack.dbUrl });
    await sql.connect();
    await timed(() => seedVolume(sql), 'seed');

    if (!ONLY_P2) await measureDashboardAndPull(stack, sql, rows);

    // 2. Draining 1,000 queued commands against one request each.
    const hub = await signedIn(stack, DEMO_USERS.karawang);
    const vehicles = (
      await sql.query(
        `select id from public.vehicles where ready and is_active and nama_kapal is null order by id limit 1`,
      )
    ).rows.map((r) => r.id as string);
    const vehicle = vehicles[0]!;
    let drainRow: BenchRow | undefined;
    // The drain's commands: the vehicle queued, then taken off the queue, in turn.
    const queueOrRemove = (i: number) =>
      i % 2 === 0
        ? { type: 'queue_vehicles', payload: { hub_id: HUB.karawang, vehicle_ids: [vehicle] } }
        : { type: 'remove_from_queue', payload: { hub_id: HUB.karawang, vehicle_id: vehicle } };
    let device: SyncEngine | undefined;
    if (!ONLY_P2) {
      const engine = await engineFor(hub);
      device = engine;
      await settle(engine);
      // Queued offline: the engine is not asked to sync while they pile up.
      const origSync = engine.syncNow.bind(engine);
      for (let i = 0; i < COMMANDS; i++) {
        const { type, payload } = queueOrRemove(i);
        await engine.local.store.outbox.add({
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
          if ((await engine.local.store.outbox.where('state').equals('pending').count()) === 0) return;
        }
      }, 'drain');
      const [singleMs] = await timed(async () => {
        for (let i = 0; i < COMMANDS; i++) {
          const { type, payload } = queueOrRemove(i);
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
      drainRow = [
        `drain ${COMMANDS.toLocaleString('en')} queued commands (batches of 100)`,
        `${drainMs.toFixed(0)} ms`,
        `one request per command: ${singleMs.toFixed(0)} ms`,
        `${(drainMs / singleMs).toFixed(2)}x`,
      ];
    }
    // P2 (issue 14): apply_commands alone, 10 batches of 100 valid commands against the same
    // commands one request each, twice (issue 43): the floor commands (queue, Proses Muat, take
    // off the queue, in turn, on one vehicle: each keeps its row images for undo) and the rest
    // (a stock booking at the hub's warehouse and a new vendor, in turn: no images).
    const P2_COMMANDS = Math.floor(COMMANDS / 3) * 3;
    const command = (type: string, payload: Record<string, unknown>) => ({
      id: crypto.randomUUID(),
      type,
      payload,
      issued_at: new Date().toISOString(),
      actor: hub.actor.userId,
    });
    const floorOn = (truck: (i: number) => string) => (i: number) => {
      const step = i % 3;
      return command(
        ['queue_vehicles', 'start_loading', 'remove_from_queue'][step]!,
        step === 0
          ? { hub_id: HUB.karawang, vehicle_ids: [truck(i)] }
          : { hub_id: HUB.karawang, vehicle_id: truck(i) },
      );
    };
    const floor = floorOn(() => vehicle);
    // The same three steps over 34 trucks in turn, as a hub's drain after a shift offline has
    // them: a batch of 100 touches 34 trucks once each where the one-truck measure touches one
    // truck 100 times (its row's versions and its poke lines repeat).
    await seedBenchVehicles(sql, 34, 'B P2 ');
    const trucks = (
      await sql.query(
        `select id from public.vehicles where license_plate like 'B P2 %' order by license_plate`,
      )
    ).rows.map((r) => r.id as string);
    const floorSpread = floorOn((i) => trucks[Math.floor(i / 3) % trucks.length]!);
    const warehouse = (
      await sql.query(
        `select id from public.warehouses where hub_id = $1 and not deleted order by id limit 1`,
        [HUB.karawang],
      )
    ).rows[0]!.id as string;
    const rest = (i: number) =>
      i % 2 === 0
        ? command('add_inventory', {
            inventory_id: crypto.randomUUID(),
            warehouse_id: warehouse,
            date_recorded: new Date().toISOString().slice(0, 10),
            smartboard_quantity: 3,
            bracket_quantity: 4,
          })
        : command('add_vendor', { vendor_id: crypto.randomUUID(), name: `P2 vendor ${crypto.randomUUID()}` });
    const applyAll = async (make: (i: number) => ReturnType<typeof command>, batchSize: number) => {
      let applied = 0;
      for (let i = 0; i < P2_COMMANDS; i += batchSize) {
        const commands = Array.from({ length: Math.min(batchSize, P2_COMMANDS - i) }, (_, k) => make(i + k));
        const { data, error } = await hub.supabase.rpc('apply_commands', { commands });
        if (error) throw error;
        applied += (data as { results: Array<{ outcome: string }> }).results.filter(
          (r) => r.outcome === 'applied',
        ).length;
      }
      if (applied !== P2_COMMANDS) throw new Error(`P2: ${applied} of ${P2_COMMANDS} applied`);
    };
    for (const [what, make] of [
      ['floor commands (queue, Proses Muat, off the queue)', floor],
      ['floor commands over 34 trucks in turn', floorSpread],
      ['other commands (stock booking, new vendor)', rest],
    ] as const) {
      const [batchedMs] = await timed(() => applyAll(make, 100), `P2 ${what}, batches of 100`);
      const [oneEachMs] = await timed(() => applyAll(make, 1), `P2 ${what}, one each`);
      rows.push([
        `P2 apply_commands: ${P2_COMMANDS.toLocaleString('en')} ${what} in batches of 100, ${Math.round(P2_COMMANDS / (batchedMs / 1000)).toLocaleString('en')} commands/s`,
        `${batchedMs.toFixed(0)} ms`,
        `one request per command: ${oneEachMs.toFixed(0)} ms (goal: 40x faster, 3,000 commands/s)`,
        `${(oneEachMs / batchedMs).toFixed(1)}x faster`,
      ]);
    }
    if (drainRow) rows.push(drainRow);

    if (device) await measureLatency(device, vehicle, rows);
    await sql.end();
  } finally {
    await stop();
  }

  printTable(
    `Dermaga sync benchmark, ${new Date().toISOString()}, engine ${stack.engine}, Node ${process.version}`,
    rows,
  );
}

runBench(main);
