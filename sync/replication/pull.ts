// Pull: every table by its commit-safe checkpoint (change_xid, id) through the
// pull_changes RPC, in batches, until caught up (supabase/migrations/..._baseline_sync.sql).
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Local } from '../db/database';
import { TABLES, type TableName, type Tables } from '../model/rows';
import { TransientError } from '../errors';
import { applyPulled } from './view';
import { withWriteLock } from './write-lock';
import {
  askFirstSync,
  countsOf,
  firstBatchOf,
  firstPullProgress,
  progressKey,
  writeFirstBatches,
  type FirstSyncAnswer,
  type FirstWrite,
} from './first-sync';
import { askRound } from './pull-round';
import { batchEnd, checkpointKey, xidLess } from './batch-end';

export { xidLess };

/**
 * Rows a pull asks for at a time (the server allows up to 5,000). Larger batches pay the
 * per-batch costs (a request, an IndexedDB transaction, the change events the screens
 * follow) fewer times on a new device's first sync; docs/performance.md.
 */
export const PULL_BATCH = 5000;

export interface Checkpoint {
  xid: string;
  id: string;
}

export interface PullResponse<T> {
  rows: T[];
  horizon: string;
  /**
   * Sent when the batch is not full: every row of the working set below the horizon is out,
   * so the checkpoint moves here, past the rows the server left out (issue 26; absent from
   * an older server).
   */
  checkpoint?: Checkpoint | null;
  /** The working set's cutoff by the server's clock (issue 26; absent from an older server). */
  cutoff?: string;
  /** The batch's length when full, if not the pull's own (first_sync's, within its row budget). */
  limit?: number;
}

/** A table's first pull on this device: rows written so far of about how many (issue 14). */
export interface TableProgress {
  table: TableName;
  done: number;
  total: number;
  /** Pulled to its end: its rows are all on the device (a screen may say "none" from now on). */
  arrived: boolean;
}
export type OnPullProgress = (tables: TableProgress[]) => void;

async function fetchBatch<T extends TableName>(
  supabase: SupabaseClient,
  table: T,
  after: Checkpoint | undefined,
  batch: number,
): Promise<PullResponse<Tables[T]>> {
  const { data, error, status } = await supabase.rpc('pull_changes', {
    p_table: table,
    p_after_xid: after?.xid ?? null,
    p_after_id: after?.id ?? null,
    p_limit: batch,
  });
  if (error) throw new TransientError(`pull ${table}: ${error.message}`, { status });
  return data as PullResponse<Tables[T]>;
}

/** How one table's pull starts and what it tells as it goes. */
interface TablePull {
  /** The table's checkpoint, as read at the round's start. */
  after: Checkpoint | undefined;
  /** Awaited before the first write (the first-sync counts: reported before any row lands). */
  ready?: Promise<unknown>;
  /** The first batch, asked with every table's in one request (first-sync.ts); null: ask it. */
  first?: Promise<PullResponse<Tables[TableName]> | null>;
  onBatch?: (rows: number) => Promise<void>;
}

/**
 * Pulls one table to its end, pipelined: while a full batch is written into
 * IndexedDB, the next one (after that batch's last row) is already on its way.
 */
async function pullTable<T extends TableName>(
  supabase: SupabaseClient,
  local: Local,
  table: T,
  lockName: string,
  batch: number,
  { after, ready, first, onBatch }: TablePull,
): Promise<{ horizon: string; rows: number; cutoff?: string }> {
  let stored = after;
  let next = first
    ? first.then((r) => (r as PullResponse<Tables[T]> | null) ?? fetchBatch(supabase, table, stored, batch))
    : fetchBatch(supabase, table, stored, batch);
  let total = 0;
  for (;;) {
    const response = await next;
    const { rows, horizon, cutoff } = response;
    const { checkpoint, more } = batchEnd(response, stored, batch);
    if (rows.length === 0 && !checkpoint) return { horizon, rows: total, cutoff };
    if (more) {
      next = fetchBatch(supabase, table, checkpoint, batch);
      // Awaited on the next turn; if writing this batch fails first, its failure is not the one to report.
      next.catch(() => undefined);
    }
    await ready;
    // The rows and their checkpoint move together; a crash in between
    // only pulls the same batch again, which is harmless.
    await withWriteLock(lockName, async () => {
      if (rows.length > 0) await applyPulled(local, table, rows);
      if (checkpoint) await local.store.setMeta(checkpointKey(table), checkpoint);
    });
    stored = checkpoint;
    total += rows.length;
    if (rows.length > 0) await onBatch?.(rows.length);
    if (!more) return { horizon, rows: total, cutoff };
  }
}

/** The device's checkpoints by table, as the server's probes take them. */
async function checkpoints(local: Local): Promise<Record<string, Checkpoint>> {
  const out: Record<string, Checkpoint> = {};
  // One read for every table (a round on a cold start competes with the screens' first reads).
  const entries = await local.store.meta.bulkGet(TABLES.map(checkpointKey));
  TABLES.forEach((table, i) => {
    const cp = entries[i]?.value as Checkpoint | undefined;
    if (cp) out[table] = cp;
  });
  return out;
}

/**
 * Which tables have changes past the checkpoints (public.changed_tables), and
 * the commit-safe horizon up to which the others are known to be complete.
 */
export async function changedTables(
  supabase: SupabaseClient,
  local: Local,
  known?: Record<string, Checkpoint>,
): Promise<{ tables: TableName[]; horizon: string; cutoff?: string }> {
  const { data, error, status } = await supabase.rpc('changed_tables', {
    p_checkpoints: known ?? (await checkpoints(local)),
  });
  if (error) throw new TransientError(`probe: ${error.message}`, { status });
  const answer = data as { tables: string[]; horizon: string; cutoff?: string };
  return {
    tables: TABLES.filter((t) => answer.tables.includes(t)),
    horizon: answer.horizon,
    // The working set's cutoff by the server's clock (issue 26; absent from an older server).
    cutoff: answer.cutoff,
  };
}

/**
 * Tables pulled side by side in a round (each itself pipelined: up to two requests each).
 * One after another, a new device's first sync was a row of round trips, each waiting for
 * the previous table's rows to be written; side by side the requests and the writes overlap
 * (the writes still one at a time, under the write lock). Four keeps a round's requests
 * within PostgREST's pool of ten connections.
 */
export const PULL_CONCURRENCY = 4;

/**
 * Runs `work` for each item, at most `limit` at a time, in the given order. Once one fails no
 * new item starts; it waits for those under way to end (none is left writing after the round
 * has failed), then throws the first failure.
 */
async function inPool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}

/** A new device's largest tables: pulled first, so the smaller ones fill in beside them. */
const LARGEST_FIRST: readonly TableName[] = ['inventory', 'shipments'];
const EVERY_TABLE = [...LARGEST_FIRST, ...TABLES.filter((t) => !LARGEST_FIRST.includes(t))];

/** What a round's pull begins with (beginPull). */
export interface PullStart {
  /** The device's checkpoints, by table. */
  known: Record<string, Checkpoint>;
  /** A new device's (no checkpoint at all) one request for its counts and first batches, on its way. */
  firstSync: Promise<FirstSyncAnswer | null> | null;
}

/**
 * A round's pull, begun: the checkpoints read and, on a new device, its one request sent
 * (first-sync.ts). The round begins it before its push and uploads (round.ts): a new device has
 * none to send, but each reads the engine's store first, which held the request back by 50 to
 * 100 ms of a first sync (docs/performance.md). A device with checkpoints asks nothing here:
 * its round's request (pull_round) still follows the push, so it brings the pushed commands back.
 */
export async function beginPull(
  supabase: SupabaseClient,
  local: Local,
  batch = PULL_BATCH,
): Promise<PullStart> {
  const known = await checkpoints(local);
  const firstSync = Object.keys(known).length === 0 ? askFirstSync(supabase, EVERY_TABLE, batch) : null;
  // Awaited by the pull; settled here too, so that a round that fails before it leaves no rejection unhandled.
  firstSync?.catch(() => undefined);
  return { known, firstSync };
}

export interface PullOptions {
  batch?: number;
  concurrency?: number;
  /** The pull as the round began it (beginPull, with the same batch); begun here if absent. */
  begun?: Promise<PullStart>;
}

/**
 * Pulls every table with changes to the end: one request names them and brings their first
 * batches (pull_round, pull-round.ts; an older server: the changed_tables probe, then
 * pull_changes for those tables only), then pull_changes for the tables with more, up to
 * PULL_CONCURRENCY tables at once. A new device (no checkpoint at all) asks no
 * probe: every table has changes for it, so it asks every table's count and first batch in
 * one request (first_sync, first-sync.ts; an older server: the counts, then a pull a table),
 * writes each batch as a pull's, and pulls on only the tables that have more.
 * Each table keeps its own checkpoint, written with its rows under the write lock, so tables
 * pulled side by side cannot disturb one another. Returns the horizon below which every
 * committed transaction's rows are now local (the smallest of the probe's and the pulled
 * tables'), and whether every table was pulled from the start (a new device: its rows are
 * then exactly what the user may read, nothing to reconcile). Tables in their first pull
 * report their progress through `onProgress`: their counts are asked in one request beside
 * the probe and the first pulls, and reported before the first row is written.
 */
export async function pullAll(
  supabase: SupabaseClient,
  local: Local,
  lockName: string,
  onProgress?: OnPullProgress,
  { batch = PULL_BATCH, concurrency = PULL_CONCURRENCY, begun }: PullOptions = {},
): Promise<{ horizon: string; rows: number; fromScratch: boolean; cutoff?: string }> {
  const { known, firstSync: oneRequest } = await (begun ?? beginPull(supabase, local, batch));
  const fromScratch = Object.keys(known).length === 0;
  const first = onProgress
    ? firstPullProgress(local, known, (fresh) => countsOf(supabase, oneRequest, fresh))
    : undefined;
  // Settled here too, so that a failed probe leaves no rejection unhandled.
  first?.catch(() => undefined);
  // A device with checkpoints asks which tables changed and their batches in one request
  // (pull-round.ts); an older server, changed_tables and then a pull a table.
  const round = fromScratch ? null : await askRound(supabase, known, batch);
  const probe = fromScratch || round ? null : await changedTables(supabase, local, known);
  const answer = oneRequest ? await oneRequest.catch(() => null) : null;
  const tables = round ? TABLES.filter((t) => round.changed.includes(t)) : probe ? probe.tables : EVERY_TABLE;
  let progress: TableProgress[] = [];
  const report = () => onProgress?.(progress.map((p) => ({ ...p })));
  // Only the tables this round pulls; a table counted now keeps its progress from here on.
  const ready = (async () => {
    const { progress: all, counted } = (await first) ?? { progress: [], counted: new Set<TableName>() };
    progress = all.filter((p) => tables.includes(p.table));
    await local.store.meta.bulkPut(
      progress
        .filter((p) => counted.has(p.table))
        .map((p) => ({ key: progressKey(p.table), value: { done: 0, total: p.total } })),
    );
    if (progress.length > 0) report();
  })();
  ready.catch(() => undefined);
  let horizon = round?.horizon ?? probe?.horizon;
  let cutoff = round?.cutoff ?? probe?.cutoff;
  let rows = 0;
  const after: Record<string, Checkpoint> = { ...known };
  let pullOn = tables;
  let storedHorizon: string | undefined;
  if (answer) {
    // A new device writes every first batch at once (first-sync.ts), then pulls on the tables with more.
    await ready;
    const toPull = (written: FirstWrite[]) =>
      tables.filter((t) => !written.some((w) => w.table === t && !w.more));
    // In the checkpoints' transaction: each table's progress and, when no table has more, the horizon.
    const written = await writeFirstBatches(local, lockName, answer, tables, batch, async (w) => {
      for (const { table, rows: n, more } of w) await advance(local, progress, table, n, !more);
      if (toPull(w).length > 0) return;
      await local.store.setMeta('horizon', answer.horizon);
      storedHorizon = answer.horizon;
    });
    if (written.length > 0) report();
    for (const w of written) {
      if (w.checkpoint) after[w.table] = w.checkpoint;
      rows += w.rows;
    }
    horizon = answer.horizon;
    cutoff = answer.cutoff;
    pullOn = toPull(written);
  }
  const pulled = inPool(pullOn, concurrency, async (table) => {
    const result = await pullTable(supabase, local, table, lockName, batch, {
      after: after[table],
      ready,
      first: round ? Promise.resolve(firstBatchOf(round, table)) : undefined,
      onBatch: async (n) => {
        if (await advance(local, progress, table, n, false)) report();
      },
    });
    await ready;
    // Pulled to its end: this table's first pull is over.
    if (await advance(local, progress, table, 0, true)) report();
    rows += result.rows;
    if (horizon === undefined || xidLess(result.horizon, horizon)) horizon = result.horizon;
    cutoff ??= result.cutoff;
  });
  // A failed round's last word on progress is its failure: the counts' report comes first.
  await pulled.catch(async (error: unknown) => {
    await ready.catch(() => undefined);
    throw error;
  });
  await ready;
  // No table at all (none named by pull_round or the probe) leaves its horizon.
  if (horizon === undefined) throw new Error('pull: no horizon');
  if (horizon !== storedHorizon) await local.store.setMeta('horizon', horizon);
  return { horizon, rows, fromScratch, cutoff };
}

/**
 * A table's first pull moved on by `n` rows, and its stored progress with it: kept while the
 * pull goes on, gone once it `ended` (its total is then what arrived: what was counted may
 * have changed since). False for a table not in its first pull (no progress to move).
 */
async function advance(
  local: Local,
  progress: TableProgress[],
  table: TableName,
  n: number,
  ended: boolean,
): Promise<boolean> {
  const mine = progress.find((p) => p.table === table);
  if (!mine) return false;
  mine.done += n;
  mine.total = ended ? mine.done : Math.max(mine.total, mine.done);
  mine.arrived = ended;
  if (ended) await local.store.deleteMeta(progressKey(table));
  else await local.store.setMeta(progressKey(table), { done: mine.done, total: mine.total });
  return true;
}
