// A tablet in a test: its own IndexedDB (fake-indexeddb), a supabase-js client
// that reaches the stack through a FlakyProxy, and a SyncEngine.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll } from 'vitest';
import ws from 'ws';
import { SyncEngine, type Actor } from '../../sync';
import { ownerSql, stack } from './clients';
import { DEMO_PASSWORD } from './demo';
import { FlakyProxy } from './flaky-proxy';

export interface Device {
  proxy: FlakyProxy;
  supabase: SupabaseClient;
  actor: Actor;
  indexedDb: { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange };
  engine: SyncEngine;
  /** Closes the engine (the app is killed); the device's IndexedDB stays. */
  close(): Promise<void>;
  /** Opens the engine again on the same IndexedDB (the app restarts). */
  reopen(): Promise<SyncEngine>;
  dispose(): Promise<void>;
}

export async function actorOf(email: string): Promise<Actor> {
  const sql = await ownerSql();
  try {
    const { rows } = await sql.query(
      'select p.user_id, p.role, p.hub_id from public.profiles p where p.email = $1',
      [email],
    );
    const row = rows[0];
    return { userId: row.user_id, role: row.role, hubId: row.hub_id };
  } finally {
    await sql.end();
  }
}

export async function openDevice(
  email: string,
  options: {
    pullIntervalMs?: number;
    /** The engine starts with the network down (signed in already), so its first sync waits for `proxy.setMode('up')`. */
    startOffline?: boolean;
    /** Rows a pull asks for at a time (the engine's default otherwise). */
    pullBatch?: number;
  } = {},
): Promise<Device> {
  const proxy = await new FlakyProxy(stack().apiUrl).start();
  const supabase = createClient(proxy.url, stack().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
  const { error } = await supabase.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
  if (error) throw new Error(`sign-in as ${email}: ${error.message}`);
  const actor = await actorOf(email);
  if (options.startOffline) proxy.setMode('down');
  const indexedDb = { indexedDB: new IDBFactory(), IDBKeyRange };
  const start = () =>
    SyncEngine.start({
      supabase,
      actor,
      indexedDb,
      multiTab: false,
      pullIntervalMs: options.pullIntervalMs ?? 60_000,
      reconcileIntervalMs: 0,
      pullBatch: options.pullBatch,
    });
  const device: Device = {
    proxy,
    supabase,
    actor,
    indexedDb,
    engine: await start(),
    close: () => device.engine.stop(),
    async reopen() {
      device.engine = await start();
      return device.engine;
    },
    async dispose() {
      await device.engine.stop().catch(() => undefined);
      await proxy.stop();
    },
  };
  return device;
}

/** Syncs until nothing is pending (or throws after the deadline). */
export async function settle(engine: SyncEngine, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await engine.syncNow();
    const pending = await engine.local.store.outbox.count();
    const uploads = await engine.local.store.uploads.where('state').equals('pending').count();
    if (pending === 0 && uploads === 0) return;
    if (Date.now() > deadline)
      throw new Error(`still pending after ${timeoutMs} ms: ${pending} commands, ${uploads} uploads`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The device of a describe block, disposed after the block: `open()` signs in as `email` and
 * waits until the first sync has settled (then, with `thenOffline`, takes its network down).
 * Called in the block's first test, so the opening counts in that test's time.
 */
export function deviceOfBlock(email: string): { open(options?: { thenOffline?: boolean }): Promise<Device> } {
  let device: Device | undefined;
  afterAll(async () => device?.dispose());
  return {
    async open(options = {}) {
      device = await openDevice(email);
      await settle(device.engine);
      if (options.thenOffline) device.proxy.setMode('down');
      return device;
    },
  };
}
