// The signed-in user's sync engine for the whole app: started once the
// session and profile are known (also offline), stopped on sign-out. Screens
// read its RxDB collections and dispatch commands through useSyncEngine().
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { SyncEngine, SyncStatus } from '../../sync';
import { compressImage } from './compress-image';
import { requestPersistentStorage } from './use-storage';
import { useSession } from './session';
import { supabase } from './supabase';
import { useOnline } from './use-online';

const EngineContext = createContext<SyncEngine | null>(null);
// True once opening the local database has failed (false while it opens).
const EngineFailedContext = createContext(false);

/**
 * The engine (RxDB, Dexie, the command catalogue) is loaded once someone is signed in,
 * not with the first screen (issue 14, P5); the service worker precaches its chunk.
 */
let engineModule: Promise<typeof import('../../sync')> | undefined;
const loadEngine = () => (engineModule ??= import('../../sync')).then((sync) => sync.SyncEngine);

/** Starts loading the engine's code early, e.g. at start when a session is stored. */
export function preloadSyncEngine(): void {
  void loadEngine().catch(() => undefined);
}

export function SyncEngineProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const [engine, setEngine] = useState<SyncEngine | null>(null);
  const [failed, setFailed] = useState(false);
  const signedIn = session.status === 'signed-in' ? session : null;
  const userId = signedIn?.profile.userId;
  const role = signedIn?.profile.role;
  const hubId = signedIn?.profile.hubId ?? null;

  useEffect(() => {
    if (!userId || !role) return;
    let cancelled = false;
    let started: SyncEngine | null = null;
    void loadEngine()
      .then((Engine) =>
        Engine.start({
          supabase,
          actor: { userId, role, hubId },
          compressImage,
          // A tap's effect renders within the tap, not in a later task (issue 14, P3).
          present: (apply) => flushSync(apply),
          // Idle and online: one small question every 2.5 s, a full pull only when
          // the answer is yes (or every 2 minutes as a safety net). docs/sync.md.
          probeIntervalMs: 2_500,
          pullIntervalMs: 120_000,
        }),
      )
      .then(
        (e) => {
          if (cancelled) void e.stop();
          else setEngine((started = e));
          // A hub tablet queues work offline: ask the browser not to evict it (issue 13).
          if (!cancelled && role === 'hub_user') void requestPersistentStorage().catch(() => null);
        },
        (error: unknown) => {
          console.error('sync: the local database could not be opened', error);
          if (!cancelled) setFailed(true);
        },
      );
    return () => {
      cancelled = true;
      setEngine(null);
      setFailed(false);
      void started?.stop();
    };
  }, [userId, role, hubId]);

  return (
    <EngineFailedContext.Provider value={failed}>
      <EngineContext.Provider value={engine}>{children}</EngineContext.Provider>
    </EngineFailedContext.Provider>
  );
}

/** The engine, or null while it opens (or when signed out, or when it could not be opened). */
export function useSyncEngine(): SyncEngine | null {
  return useContext(EngineContext);
}

/** Whether opening the local database failed (not while it is still opening). */
export function useSyncEngineFailed(): boolean {
  return useContext(EngineFailedContext);
}

const OFFLINE_IDLE: Omit<SyncStatus, 'online'> = {
  syncing: false,
  pendingCommands: 0,
  pendingUploads: 0,
  oldestPendingAt: null,
  lastSyncedAt: null,
  lastError: null,
  rejections: [],
  firstSync: null,
};

/** The engine's status; the browser's connection alone while the engine opens. */
export function useSyncStatus(): SyncStatus {
  const engine = useSyncEngine();
  const online = useOnline();
  const [status, setStatus] = useState<SyncStatus | null>(null);
  useEffect(() => {
    if (!engine) return;
    const subscription = engine.status$.subscribe(setStatus);
    return () => subscription.unsubscribe();
  }, [engine]);
  if (!engine || !status) return { ...OFFLINE_IDLE, online };
  return { ...status, online: status.online && online };
}
