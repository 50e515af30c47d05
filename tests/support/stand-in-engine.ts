// A SyncEngine for unit tests against a stand-in server (or none): its own fake IndexedDB,
// one tab, no session kept, supabase-js pointed at `url`.
import { createClient } from '@supabase/supabase-js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import ws from 'ws';
import { SyncEngine, type Actor } from '../../sync';

export function standInEngine(url: string, actor: Actor, pullIntervalMs: number): Promise<SyncEngine> {
  return SyncEngine.start({
    supabase: createClient(url, 'anon', {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as never },
    }),
    actor,
    indexedDb: { indexedDB: new IDBFactory(), IDBKeyRange },
    multiTab: false,
    pullIntervalMs,
  });
}
