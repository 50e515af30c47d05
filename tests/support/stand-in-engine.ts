// A SyncEngine for unit tests against a stand-in server (or none): its own fake IndexedDB,
// one tab, no session kept, supabase-js pointed at `url`. `indexedDB`: a device's databases
// from before (a fresh one otherwise).
import { createClient } from '@supabase/supabase-js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import ws from 'ws';
import { SyncEngine, type Actor } from '../../sync';

export function standInEngine(
  url: string,
  actor: Actor,
  pullIntervalMs: number,
  indexedDB: IDBFactory = new IDBFactory(),
): Promise<SyncEngine> {
  return SyncEngine.start({
    supabase: createClient(url, 'anon', {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as never },
    }),
    actor,
    indexedDb: { indexedDB, IDBKeyRange },
    multiTab: false,
    pullIntervalMs,
  });
}
