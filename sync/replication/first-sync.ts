// A new device's first sync (issues 14, 26, 43): the counts its progress shows, and every
// table's first batch in one request (public.first_sync,
// supabase/migrations/20261128030000_first_sync.sql). pull.ts writes each batch and its
// checkpoint as it writes a pull_changes batch, then goes on with pull_changes only for the
// tables that have more.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Local } from '../db/database';
import { TABLES, type TableName, type Tables } from '../model/rows';
import { TransientError } from '../errors';
import type { Checkpoint, PullResponse, TableProgress } from './pull';
import { batchEnd, checkpointKey } from './batch-end';
import { applyPulled } from './view';
import { withWriteLock } from './write-lock';

/** What first_sync answers: one horizon and cutoff, each table's count and first batch. */
export interface FirstSyncAnswer {
  horizon: string;
  cutoff: string;
  counts: Record<string, number>;
  /** A table left out (the server's row budget was spent) is pulled with pull_changes. */
  tables: Record<string, { rows: Tables[TableName][]; limit: number; checkpoint: Checkpoint | null }>;
}

/**
 * Every named table's count and first batch (at most `batch` rows each), in one request. Null
 * from a server without first_sync (an older server: the first sync goes on as before, a
 * request for the counts and one a table); a failed request fails the round like a failed pull.
 */
export async function askFirstSync(
  supabase: SupabaseClient,
  tables: readonly TableName[],
  batch: number,
): Promise<FirstSyncAnswer | null> {
  const { data, error, status } = await supabase.rpc('first_sync', { p_tables: tables, p_limit: batch });
  if (error?.code === 'PGRST202') return null;
  if (error) throw new TransientError(`first sync: ${error.message}`, { status });
  return data as FirstSyncAnswer;
}

/**
 * A table's first batch from the answer (first_sync's or pull_round's), as pull_changes would
 * have answered it; null if left out.
 */
export function firstBatchOf<T extends TableName>(
  answer: Pick<FirstSyncAnswer, 'horizon' | 'cutoff' | 'tables'> | null,
  table: T,
): PullResponse<Tables[T]> | null {
  const mine = answer?.tables[table];
  if (!answer || !mine) return null;
  return {
    rows: mine.rows as Tables[T][],
    horizon: answer.horizon,
    checkpoint: mine.checkpoint,
    cutoff: answer.cutoff,
    limit: mine.limit,
  };
}

/**
 * How many rows each table's first pull will bring, about: the rows of its working set the
 * user may read now (public.working_set_counts, RLS applied), all tables in one request (it
 * was one request a table: eleven round trips before the first row, queued behind each other
 * on the server's pool). Empty when the request fails: the tables are listed with a total
 * of 0 (it grows with what arrives), so the screens know they have not arrived yet (issue 29),
 * and counted again by the next round.
 */
export async function firstPullTotals(
  supabase: SupabaseClient,
  tables: TableName[],
): Promise<Map<TableName, number>> {
  const totals = new Map<TableName, number>();
  if (tables.length === 0) return totals;
  try {
    const { data, error } = await supabase.rpc('working_set_counts', { p_tables: tables });
    if (error || !data || typeof data !== 'object') return totals;
    for (const table of tables) {
      const n = (data as Record<string, unknown>)[table];
      if (typeof n === 'number') totals.set(table, n);
    }
  } catch {
    // No answer at all: the pulls fail the round with the network's error.
  }
  return totals;
}

/**
 * The counts of a first sync: first_sync's when it answered (no request of their own), else
 * working_set_counts'. Never fails (a failed count is asked again by the next round).
 */
export async function countsOf(
  supabase: SupabaseClient,
  answer: Promise<FirstSyncAnswer | null> | null,
  tables: TableName[],
): Promise<Map<TableName, number>> {
  const got = answer ? await answer.catch(() => undefined) : null;
  if (got === undefined) return new Map();
  if (got === null) return firstPullTotals(supabase, tables);
  const totals = new Map<TableName, number>();
  for (const table of tables) {
    const n = got.counts[table];
    if (typeof n === 'number') totals.set(table, n);
  }
  return totals;
}

export const progressKey = (table: TableName) => `firstPull:${table}`;

/**
 * The tables still in their first pull, with their progress: those with no checkpoint yet
 * (counted now by `count`, while the probe is asked), and those whose first pull an earlier
 * round began (a lost connection, the app closed) and whose progress is stored until they
 * reach their end. Narrowed to the probe's tables by the caller.
 */
export async function firstPullProgress(
  local: Local,
  known: Record<string, Checkpoint>,
  count: (tables: TableName[]) => Promise<Map<TableName, number>>,
): Promise<{ progress: TableProgress[]; counted: Set<TableName> }> {
  const progress: TableProgress[] = [];
  const entries = await local.store.meta.bulkGet(TABLES.map(progressKey));
  TABLES.forEach((table, i) => {
    const stored = entries[i]?.value as { done: number; total: number } | undefined;
    if (stored) progress.push({ table, ...stored, arrived: false });
  });
  const fresh = TABLES.filter((t) => !known[t] && !progress.some((p) => p.table === t));
  const totals = fresh.length > 0 ? await count(fresh) : new Map<TableName, number>();
  for (const table of fresh) progress.push({ table, done: 0, total: totals.get(table) ?? 0, arrived: false });
  return {
    progress: TABLES.flatMap((t) => progress.filter((p) => p.table === t)),
    // Only what was counted is stored (a count that failed is asked again next round).
    counted: new Set(totals.keys()),
  };
}

/** A table's first batch as written: how many rows, and where its pull goes on (more: it was full). */
export interface FirstWrite {
  table: TableName;
  rows: number;
  checkpoint: Checkpoint | undefined;
  more: boolean;
}

/**
 * Every first batch of first_sync's answer, written at once: under one hold of the write lock,
 * each table's rows side by side (each table is an IndexedDB database of its own, so their
 * transactions overlap), then every checkpoint in one transaction of the engine's store. Table by
 * table under the lock, each paid a turn of the lock, a read of its held rows, a checkpoint's
 * transaction and the screens' work on its rows before the next began: about 40 ms a table
 * however few its rows, half a second of a small first sync (docs/performance.md). The rows and
 * their checkpoints still move together: a crash in between only pulls the same rows again. A
 * table left out of the answer is not written (its pull asks for it). `alsoStore` runs in the
 * checkpoints' transaction (the first sync's progress, its horizon: pull.ts), which would each
 * have been a transaction of their own, queued behind the rows' writes.
 */
export async function writeFirstBatches(
  local: Local,
  lockName: string,
  answer: FirstSyncAnswer,
  tables: readonly TableName[],
  batch: number,
  alsoStore?: (written: FirstWrite[]) => Promise<void>,
): Promise<FirstWrite[]> {
  const batches = tables.flatMap((table) => {
    const first = firstBatchOf(answer, table);
    return first ? [{ table, first, ...batchEnd(first, undefined, batch) }] : [];
  });
  const written = batches.map(({ table, first, checkpoint, more }) => ({
    table,
    rows: first.rows.length,
    checkpoint,
    more,
  }));
  await withWriteLock(lockName, async () => {
    await Promise.all(batches.map(({ table, first }) => applyPulled(local, table, first.rows)));
    await local.store.transaction('rw', local.store.meta, async () => {
      await local.store.meta.bulkPut(
        batches.flatMap(({ table, checkpoint }) =>
          checkpoint ? [{ key: checkpointKey(table), value: checkpoint }] : [],
        ),
      );
      await alsoStore?.(written);
    });
  });
  return written;
}
