// The signed-in user's sync engine for the whole app: started once the
// session and profile are known (also offline), stopped on sign-out. Screens
// read its RxDB collections and dispatch commands through useSyncEngine().
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import type { ChangeWatch, SyncEngine, SyncStatus, TableName } from '../../sync/pure';
import { compressImage } from './documents/compress-image';
import { remakeDocument } from './documents/bast-server-time';
import { requestPersistentStorage } from './hooks/use-storage';
import { useSession } from './session/session';
import { loadSupabase } from './session/load-supabase';
import { tablesArrived } from './tables-arrived';
import { PROBE_INTERVAL_KEY, SAFETY_PROBE_KEY } from './session/storage-keys';
import { useOnline } from './hooks/use-online';
import { deliver, presentNow, type Subscribable } from './hooks/use-observable';

const EngineContext = createContext<SyncEngine | null>(null);
// True once opening the local database has failed (false while it opens).
const EngineFailedContext = createContext(false);

/**
 * The engine (RxDB, Dexie, the command catalogue) is loaded once someone is signed in,
 * not with the first screen (issue 14, P5); the service worker precaches its chunk.
 */
let engineModule: Promise<typeof import('../../sync')> | undefined;
const loadEngine = () => (engineModule ??= import('../../sync')).then((sync) => sync.SyncEngine);

/**
 * The engine's code is most of what a start runs on the main thread (RxDB, Dexie, ten
 * collections opened): on a tablet-class CPU about as long as React and the shell together.
 * It waits until the signed-in shell and its first screen are painted (on /, the dashboard
 * with the figures it kept), so that screen is not held back by it (issue 14, P5); screens
 * show their loading state for those moments. A screen whose chunk is still loading counts as
 * painted with its loader, unless it is one that paints kept content (signedInShellShownLoading). A start that shows no shell (a page outside
 * it, a tab in the background) loads the engine after SHELL_WAIT_MS all the same.
 */
const SHELL_WAIT_MS = 3_000;
let markShown: () => void = () => undefined;
const shellShown = new Promise<void>((resolve) => {
  markShown = resolve;
});

/**
 * Asks for the engine's chunks while the shell draws (issue 43): fetched and compiled beside it
 * (modulepreload runs nothing), so the engine runs without waiting for them once the shell is
 * painted. The build names them in index.html (vite.config.ts, engineChunks); none under
 * `vite dev`.
 */
let enginePreloaded = false;
function preloadEngine(): void {
  if (enginePreloaded) return;
  enginePreloaded = true;
  const names = document.querySelector<HTMLMetaElement>('meta[name="dermaga-engine"]')?.content ?? '';
  for (const href of names.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
}

/** Called once the signed-in shell and its screen have rendered: the engine loads after that frame. */
export function signedInShellShown(): void {
  // After the frame that paints it: a task queued from the animation frame runs after the paint.
  requestAnimationFrame(() => setTimeout(markShown, 0));
}

/** Set at the start when the first screen paints what it kept before its data (the dashboard on /). */
let firstScreenKeeps = false;

/** The start's first screen draws kept content before its data: the engine waits for that screen. */
export function firstScreenPaintsKept(): void {
  firstScreenKeeps = true;
}

/**
 * Called when the shell has rendered with a screen's loader (its chunk still loading). Such a
 * screen has nothing to show before its data, so the engine loads beside it instead of after
 * it (issue 43: a hub tablet started onto its floor), unless the start's screen paints kept
 * content first.
 */
export function signedInShellShownLoading(): void {
  if (!firstScreenKeeps) signedInShellShown();
}

function afterShellShown(): Promise<void> {
  return Promise.race([shellShown, new Promise<void>((resolve) => setTimeout(resolve, SHELL_WAIT_MS))]);
}

/**
 * A start's steps as performance marks (the bench's cold start prints them: where a start at a
 * 4x CPU throttle spends its time, docs/performance.md).
 */
function startMark(name: string): void {
  globalThis.performance?.mark?.(name);
}

/** A probe's interval in ms: the default, unless this device is set otherwise (session/storage-keys.ts). */
function deviceSetting(key: string, fallback: number): number {
  const set = Number(globalThis.localStorage?.getItem(key) ?? NaN);
  return Number.isFinite(set) && set >= 0 ? set : fallback;
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
    preloadEngine();
    void afterShellShown()
      .then(() => startMark('dermaga:engine-load'))
      .then(() => Promise.all([loadEngine(), loadSupabase()]))
      .then(([Engine, supabase]) => {
        startMark('dermaga:engine-loaded');
        return Engine.start({
          supabase,
          actor: { userId, role, hubId },
          compressImage,
          // The BAST made again with the server's receipt time before it goes up (issue 28).
          remakeDocument,
          // A tap's effect renders within the tap, not in a later task; what the engine's
          // background work changes renders as a transition (issue 14, P3).
          present: presentNow,
          // Changes are pushed (issue 44): the device joins its scopes' Realtime channels and a
          // poke starts a round. While they are joined, the idle probe asks once a minute (a
          // socket that looks open but hears nothing); while not, one small question every
          // 2.5 s, a full pull only when the answer is yes (or every 2 minutes). docs/sync.md.
          realtime: true,
          probeIntervalMs: deviceSetting(PROBE_INTERVAL_KEY, 2_500),
          safetyProbeMs: deviceSetting(SAFETY_PROBE_KEY, 60_000),
          pullIntervalMs: 120_000,
          // Told to the server after a round, at most once a minute (Perlu perhatian, issue 30).
          appVersion: import.meta.env.VITE_APP_VERSION,
        });
      })
      .then(
        (e) => {
          startMark('dermaga:engine-open');
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

/**
 * The latest value of one of the engine's streams (or the part of it `select` takes), or null
 * while the engine opens and until the stream has told it. The component renders again only
 * when that value changes (`equal`). Background news: a transition, unless a tap's presentation
 * emits it (use-observable). `stream`, `select` and `equal` are a module's constants (or
 * memoized), so one subscription lasts per engine.
 */
function useEngineNews<T, S = T>(
  stream: (engine: SyncEngine) => Subscribable<T>,
  select?: (news: T) => S,
  equal: (a: S, b: S) => boolean = Object.is,
): { value: S } | null {
  const engine = useSyncEngine();
  const [latest, setLatest] = useState<{ engine: SyncEngine; value: S } | null>(null);
  useEffect(() => {
    if (!engine) return;
    let last: { engine: SyncEngine; value: S } | null = null;
    const subscription = stream(engine).subscribe({
      next: (news) => {
        const value = select ? select(news) : (news as unknown as S);
        if (last && equal(last.value, value)) return;
        last = { engine, value };
        deliver(setLatest, last);
      },
    });
    return () => subscription.unsubscribe();
  }, [engine, stream, select, equal]);
  // A value the last engine told (before a sign-in's new engine has) is not this engine's.
  return engine && latest?.engine === engine ? latest : null;
}
const statusOf = (engine: SyncEngine): Subscribable<SyncStatus> => engine.status$;
const changesOf = (engine: SyncEngine): Subscribable<ChangeWatch> => engine.changes$;

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

/**
 * The engine's status, or null until it has told it (while the engine opens): what a screen
 * says of its last sync waits for it rather than saying "never" (issue 43).
 */
export function useKnownSyncStatus(): SyncStatus | null {
  const status = useEngineNews(statusOf)?.value;
  const online = useOnline();
  if (!status) return null;
  return { ...status, online: status.online && online };
}

/** The engine's status; the browser's connection alone while the engine opens. */
export function useSyncStatus(): SyncStatus {
  const online = useOnline();
  return useKnownSyncStatus() ?? { ...OFFLINE_IDLE, online };
}

/**
 * One part of the engine's status: the component renders again only when that part changes
 * (`equal`), where useSyncStatus renders it again at every change of the status (a tap moves
 * the outbox's count, a round its flags: the shell's header, menu and badges rendered again
 * several times a tap, docs/performance.md). `select` and `equal` are a module's constants (or
 * memoized): a new one subscribes again. `fallback` while the engine opens.
 */
export function useSyncStatusOf<T>(
  select: (status: SyncStatus) => T,
  fallback: T,
  equal: (a: T, b: T) => boolean = Object.is,
): T {
  const news = useEngineNews(statusOf, select, equal);
  return news ? news.value : fallback;
}

type Rejections = SyncStatus['rejections'];
const rejectionsOf = (status: SyncStatus): Rejections => status.rejections;
const sameRejections = (a: Rejections, b: Rejections) =>
  a.length === b.length && a.every((r, i) => r.commandId === b[i]!.commandId && r.at === b[i]!.at);
const NO_REJECTIONS: Rejections = [];

/** This device's refused actions not dismissed yet; renders again only when they change. */
export function useRejections(): Rejections {
  return useSyncStatusOf(rejectionsOf, NO_REJECTIONS, sameRejections);
}

const syncingOf = (status: SyncStatus) => status.syncing;

/** Whether a round is running; renders again only when that changes. */
export const useSyncing = () => useSyncStatusOf(syncingOf, false);

interface Freshness {
  online: boolean;
  lastSyncedAt: string | null;
}
const freshnessOf = (status: SyncStatus): Freshness => ({
  online: status.online,
  lastSyncedAt: status.lastSyncedAt,
});
const sameFreshness = (a: Freshness | null, b: Freshness | null) =>
  a?.online === b?.online && a?.lastSyncedAt === b?.lastSyncedAt;

/**
 * Whether the engine is online (the browser too) and when it last synced, or null until the
 * engine has told it (as useKnownSyncStatus); renders again only when either changes.
 */
export function useFreshness(): Freshness | null {
  const known = useSyncStatusOf<Freshness | null>(freshnessOf, null, sameFreshness);
  const online = useOnline();
  return known && { ...known, online: known.online && online };
}

/** How this device hears of changes (the socket, the probe's intervals), or null while the engine opens. */
export function useChangeWatch(): ChangeWatch | null {
  return useEngineNews(changesOf)?.value ?? null;
}

/**
 * Whether these tables have arrived on this device (tables-arrived.ts): until then a screen
 * shows a skeleton or a dash for what it computes from them, never 0 or an empty-state text.
 */
export function useTablesArrived(tables: readonly TableName[] | 'all'): boolean {
  const select = useCallback((status: SyncStatus) => tablesArrived(status, tables), [tables]);
  return useSyncStatusOf(select, false);
}
