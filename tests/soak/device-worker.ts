// One soak tablet in its own worker thread (RxDB's open-core build allows 13
// collections per JavaScript context; a tablet opens 10): the real sync
// engine on its own fake-indexeddb, signed in through its own faulty proxy.
// The main thread drives it by messages (tests/soak/run.ts).
import 'fake-indexeddb/auto';
import { parentPort, workerData } from 'node:worker_threads';
import { createClient } from '@supabase/supabase-js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import ws from 'ws';
import { firstValueFrom } from 'rxjs';
import { CommandRefused, SyncEngine, ValidationFailed, type Actor } from '../../sync';
import { fetchWithTimeout } from '../../src/lib/session/request-timeout';
import { seededRandom } from '../support/flaky-proxy';
import { png } from '../support/images';
import { nextPhoto, nextStep, POISON_KINDS, poisoned, type PoisonKind } from './model';

export interface DeviceConfig {
  name: string;
  email: string;
  password: string;
  actor: Actor;
  proxyUrl: string;
  anonKey: string;
  seed: number;
  /** Act only on rows whose plate or batch starts with this ('' for all). */
  prefix: string;
  /** The share of steps that put a poisoned command straight into the outbox (as a broken client would). */
  poisonRate: number;
  /** The share of steps that take a photo of a shipment leaving the tablet's hub. */
  photoRate: number;
}

export type Request =
  | { op: 'steps'; count: number }
  | { op: 'kill' }
  | { op: 'drain'; timeoutMs: number }
  | { op: 'view' }
  | { op: 'stuck' }
  | { op: 'stop' };

const config = workerData as DeviceConfig;
const random = seededRandom(config.seed);
const indexedDb = { indexedDB: new IDBFactory(), IDBKeyRange };
const supabase = createClient(config.proxyUrl, config.anonKey, {
  auth: { persistSession: false, autoRefreshToken: true },
  // As the app's client (src/lib/session/supabase.ts): a dropped answer fails after a bound.
  global: { fetch: fetchWithTimeout() },
  realtime: { transport: ws as never },
});

let engine: SyncEngine;
const start = () =>
  SyncEngine.start({
    supabase,
    actor: config.actor,
    indexedDb,
    multiTab: false,
    pullIntervalMs: 2_000,
    reconcileIntervalMs: 0,
    // Pokes through Realtime as the app hears them (issue 44): through the same faulty proxy,
    // so a partition cuts the socket too, and the stack's SIGKILL drops it.
    realtime: true,
  });

/** Commands the device acknowledged (dispatch resolved: queued durably). */
const acknowledged: string[] = [];
const refusedLocally: Record<string, number> = {};
/** Commands written to the outbox unchecked, by kind of poison. */
const poison: Array<{ id: string; kind: PoisonKind }> = [];
/** Shipments photographed (shipment id and slot). */
const photos = new Set<string>();
const photoBytes = new Uint8Array(png(8, 8, [200, 80, 40]));

async function addPoison(n = poison.length + config.seed) {
  const { kind, command } = poisoned(config.actor, n, random);
  await engine.local.store.outbox.add({
    ...command,
    issued_at: new Date().toISOString(),
    state: 'pending',
    xid: null,
    attempts: 0,
    last_error: null,
  });
  poison.push({ id: command.id, kind });
}

async function takePhoto(
  shipments: Array<{ id: string; origin_hub_id: string | null; batch_number: string }>,
) {
  const photo = nextPhoto(config.actor, shipments, photos, random, config.prefix);
  if (!photo) return;
  await engine.queueImage(photo.shipmentId, photo.slot, new Blob([photoBytes], { type: 'image/png' }));
  photos.add(`${photo.shipmentId}/${photo.slot}`);
}

async function steps(count: number) {
  for (let i = 0; i < count; i++) {
    const view = {
      vehicles: (await engine.db.vehicles.find().exec()).map((d) => d.toJSON() as never),
      shipments: (await engine.db.shipments.find({ selector: { selesai_bongkar: false } }).exec()).map(
        (d) => d.toJSON() as never,
      ),
    };
    if (random() < config.poisonRate) await addPoison();
    if (random() < config.photoRate) await takePhoto(view.shipments);
    const step = nextStep(config.actor, view, random, config.prefix);
    if (!step) continue;
    try {
      const { id } = await engine.dispatch(step.type, step.payload);
      acknowledged.push(id);
    } catch (error) {
      const kind =
        error instanceof CommandRefused ? 'refused' : error instanceof ValidationFailed ? 'invalid' : 'error';
      refusedLocally[kind] = (refusedLocally[kind] ?? 0) + 1;
      if (kind === 'error') throw error;
    }
    if (random() < 0.2) void engine.syncNow();
  }
}

async function drain(timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await engine.syncNow();
    const pending =
      (await engine.local.store.outbox.count()) +
      (await engine.local.store.uploads.where('state').equals('pending').count());
    if (pending === 0) return 0;
    if (Date.now() > deadline) return pending;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function view() {
  const tables: Record<string, Record<string, string>> = {};
  for (const table of ['vehicles', 'shipments', 'inventory', 'vendors', 'stock_balances'] as const) {
    const docs = await engine.db[table].find().exec();
    tables[table] = Object.fromEntries(
      docs.map((d) => [d.id, (d.toJSON() as { change_xid: string }).change_xid]),
    );
  }
  const conflicts = await engine.local.store.conflicts.toArray();
  const rejectedHere = Object.fromEntries(conflicts.map((c) => [c.command_id, c.code]));
  return {
    tables,
    acknowledged,
    refusedLocally,
    outbox: await engine.local.store.outbox.count(),
    uploadsPending: await engine.local.store.uploads.where('state').equals('pending').count(),
    photos: photos.size,
    poison: poison.map((p) => ({ ...p, rejectedHere: rejectedHere[p.id] ?? null })),
  };
}

/**
 * What a tablet that did not drain is waiting on: its outbox and pending uploads with their
 * attempts and last errors, the engine's last round error, and whether it still has a session
 * (a refresh lost for good signs a tablet out, and its commands then wait forever).
 */
async function stuck(): Promise<string[]> {
  const lines: string[] = [];
  const { data } = await supabase.auth.getSession();
  const expires = data.session?.expires_at;
  lines.push(
    data.session
      ? `session until ${expires ? new Date(expires * 1000).toISOString() : '?'}`
      : 'no session (signed out)',
  );
  const status = await firstValueFrom(engine.status$);
  lines.push(`status ${JSON.stringify(status).slice(0, 300)}`);
  for (const c of await engine.local.store.outbox.toArray()) {
    lines.push(`outbox ${c.type} ${c.state} attempts ${c.attempts} last_error ${c.last_error ?? '-'}`);
  }
  for (const u of await engine.local.store.uploads.where('state').equals('pending').toArray()) {
    lines.push(`upload ${u.path} attempts ${u.attempts} next ${new Date(u.next_attempt_at).toISOString()} last_error ${u.last_error ?? '-'}`);
  }
  return lines;
}

async function handle(request: Request): Promise<unknown> {
  switch (request.op) {
    case 'steps':
      await steps(request.count);
      return { acknowledged: acknowledged.length };
    case 'kill': {
      // Killed mid-whatever: the round in flight is abandoned, then the app starts again from its storage,
      // with a command its version does not know waiting in the outbox (as after an app update went back).
      if (config.poisonRate > 0) await addPoison(POISON_KINDS.indexOf('unknown_type'));
      const round = engine.syncNow();
      await engine.stop();
      await round.catch(() => undefined);
      engine = await start();
      return null;
    }
    case 'drain':
      return drain(request.timeoutMs);
    case 'view':
      return view();
    case 'stuck':
      return stuck();
    case 'stop':
      await engine.stop();
      return null;
  }
}

async function main() {
  const { error } = await supabase.auth.signInWithPassword({
    email: config.email,
    password: config.password,
  });
  if (error) throw new Error(`${config.name}: sign-in failed: ${error.message}`);
  engine = await start();
  // A tablet is used once its first sync is done (it shows what it has pulled): the run's
  // steps act on the view, and an empty one would only idle until the run gives up.
  await engine.syncNow();
  parentPort!.on('message', (request: Request & { id: number }) => {
    handle(request).then(
      (result) => parentPort!.postMessage({ id: request.id, result }),
      (error: unknown) =>
        parentPort!.postMessage({ id: request.id, error: String((error as Error)?.stack ?? error) }),
    );
  });
  parentPort!.postMessage({ id: 0, result: 'ready' });
}

void main().catch((error: unknown) =>
  parentPort!.postMessage({ id: 0, error: String((error as Error)?.stack ?? error) }),
);
