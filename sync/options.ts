// How a sync engine is started (SyncEngine.start in engine.ts) and what a dispatch may be told:
// the server, the user, the device's storage, and the intervals of its rounds.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Actor } from './commands/types';
import type { IndexedDbImpl } from './db/database';
import type { RemakeDocument } from './uploads/server-time';

export interface SyncOptions {
  supabase: SupabaseClient;
  actor: Actor;
  /** fake-indexeddb in Node; the browser's by default. */
  indexedDb?: IndexedDbImpl;
  /** Pull interval while online (ms). */
  pullIntervalMs?: number;
  /**
   * While online and idle, ask the server every this many ms whether anything
   * changed past this device's checkpoints, and sync only then (0: off, pull
   * on the pull interval only). docs/sync.md.
   */
  probeIntervalMs?: number;
  /**
   * Hear of changes through Realtime (issue 44, replication/pokes.ts): the device joins its
   * scopes' private channels and a poke starts a round; while every channel is joined, the
   * idle probe slows to safetyProbeMs. Off by default (tests and tools that poll).
   */
  realtime?: boolean;
  /** The idle probe's interval while the socket is up (60 s by default). */
  safetyProbeMs?: number;
  /** Rows a pull asks for at a time (pull.ts PULL_BATCH by default; the server allows up to 5,000). */
  pullBatch?: number;
  /** Scope reconciliation interval (ms). */
  reconcileIntervalMs?: number;
  /** How often rows that left the working set leave this device (ms; 1 hour by default, and on the first round). */
  workingSetIntervalMs?: number;
  /** Browser: one tab replicates (leader election). Tests with one client may turn it off. */
  multiTab?: boolean;
  /** Browser: compresses an image before it is queued. */
  compressImage?: (file: Blob) => Promise<Blob>;
  /**
   * Wraps each change of what a tap shows before storage has it (the app: React's
   * flushSync, so it renders within the tap's task). Runs the change as it is by default.
   */
  present?: (apply: () => void) => void;
  /**
   * Makes a queued document again with the server's receipt time before it is uploaded (the
   * BAST: the app's jspdf maker; uploads/server-time.ts). Without it, documents go up as made.
   */
  remakeDocument?: RemakeDocument;
  /** The app's version, in the device's report to the server (replication/device-report.ts). */
  appVersion?: string;
  /** At most one device report per this many ms (60 s by default; 0: none). */
  reportIntervalMs?: number;
}

export interface DispatchHooks {
  /**
   * Runs once the effect is on screen: as soon as the prediction is known (before the
   * command is stored), or when the dispatch succeeds if it could not be shown earlier.
   * Where a screen moves on after a tap (Proses Muat opens Sedang Muat), it moves here.
   */
  onShown?: () => void;
}
