// Pull: every table by its commit-safe checkpoint (change_xid, id) through the
// pull_changes RPC, in batches, until caught up (supabase/migrations/..._baseline_sync.sql).
import type { SupabaseClient } from '@supabase/supabase-js';
import { scanIdsAndXids, type Local } from '../db/database';
import { TABLES, type TableName, type Tables } from '../model/rows';
import { TransientError } from '../errors';
import { applyPulled } from './view';
import { withWriteLock } from './write-lock';
import { eachInSlices } from '../yield';
import { protectedIds } from './working-set';

/**
 * Rows a pull asks for at a time (the server allows up to 5,000). Larger batches pay the
 * per-batch costs (a request, an IndexedDB transaction, the change events the screens
 * follow) fewer times on a new device's first sync; docs/performance.md.
 */
export const PULL_BATCH = 5000;

interface Checkpoint {
  xid: string;
  id: string;
}

interface PullResponse<T> {
  rows: T[];
  horizon: string;
  /**
   * Sent when the batch is not full: every row of the working set below the horizon is out,
   * so the checkpoint moves here, past the rows the server left out (issue 26; absent from
   * an older server).
   */
  checkpoint?: Checkpoint | null;
}

/** Is checkpoint a past b, in (xid, id) order? */
function checkpointAfter(a: Checkpoint, b: Checkpoint | undefined): boolean {
  if (!b) return true;
  return xidLess(b.xid, a.xid) || (a.xid === b.xid && a.id > b.id);
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

/** Compares decimal xid strings (xid8 can exceed 2^53). */
export function xidLess(a: string, b: string): boolean {
  return BigInt(a) < BigInt(b);
}

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
  onBatch?: (rows: number) => Promise<void>,
): Promise<{ horizon: string; rows: number }> {
  let stored = await local.store.getMeta<Checkpoint>(`checkpoint:${table}`);
  let next = fetchBatch(supabase, table, stored, batch);
  let total = 0;
  for (;;) {
    const { rows, horizon, checkpoint: caughtUp } = await next;
    const more = rows.length === batch;
    const last = rows[rows.length - 1];
    // A full batch ends at its last row; one that is not full at the server's checkpoint,
    // past the rows of the history it left out (else at its last row, an older server).
    const checkpoint =
      !more && caughtUp && checkpointAfter(caughtUp, stored)
        ? caughtUp
        : last
          ? { xid: last.change_xid, id: last.id }
          : undefined;
    if (rows.length === 0 && !checkpoint) return { horizon, rows: total };
    if (more) {
      next = fetchBatch(supabase, table, checkpoint, batch);
      // Awaited on the next turn; if writing this batch fails first, its failure is not the one to report.
      next.catch(() => undefined);
    }
    // The rows and their checkpoint move together; a crash in between
    // only pulls the same batch again, which is harmless.
    await withWriteLock(lockName, async () => {
      if (rows.length > 0) await applyPulled(local, table, rows);
      if (checkpoint) await local.store.setMeta(`checkpoint:${table}`, checkpoint);
    });
    stored = checkpoint;
    total += rows.length;
    if (rows.length > 0) await onBatch?.(rows.length);
    if (!more) return { horizon, rows: total };
  }
}

/** The device's checkpoints by table, as the server's probes take them. */
async function checkpoints(local: Local): Promise<Record<string, Checkpoint>> {
  const out: Record<string, Checkpoint> = {};
  for (const table of TABLES) {
    const cp = await local.store.getMeta<Checkpoint>(`checkpoint:${table}`);
    if (cp) out[table] = cp;
  }
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
 * How many rows each table's first pull will bring, about: the rows of its working set the
 * user may read now (public.working_set_count, RLS applied; side by side). A count that fails
 * is taken as 0 (the total grows with what arrives): the table is still listed, so the
 * screens know it has not arrived yet (issue 29).
 */
function firstPullTotals(supabase: SupabaseClient, tables: TableName[]): Promise<TableProgress[]> {
  return Promise.all(
    tables.map(async (table) => {
      const { data, error } = await supabase.rpc('working_set_count', { p_table: table });
      return { table, done: 0, total: error || typeof data !== 'number' ? 0 : data, arrived: false };
    }),
  );
}

const progressKey = (table: TableName) => `firstPull:${table}`;

/**
 * The tables of this round still in their first pull, with their progress: those with no
 * checkpoint yet (counted now), and those whose first pull an earlier round began (a lost
 * connection, the app closed) and whose progress is stored until they reach their end.
 */
async function firstPullProgress(
  supabase: SupabaseClient,
  local: Local,
  tables: TableName[],
  known: Record<string, Checkpoint>,
): Promise<TableProgress[]> {
  const progress: TableProgress[] = [];
  for (const table of tables) {
    const stored = await local.store.getMeta<{ done: number; total: number }>(progressKey(table));
    if (stored) progress.push({ table, ...stored, arrived: false });
  }
  const fresh = tables.filter((t) => !known[t] && !progress.some((p) => p.table === t));
  for (const counted of fresh.length > 0 ? await firstPullTotals(supabase, fresh) : []) {
    await local.store.setMeta(progressKey(counted.table), { done: 0, total: counted.total });
    progress.push(counted);
  }
  return TABLES.flatMap((t) => progress.filter((p) => p.table === t));
}

/**
 * Pulls every table with changes to the end: one probe, then pull_changes for
 * those tables only. Returns the horizon below which every committed
 * transaction's rows are now local (the smallest of the probe's and the
 * pulled tables'), and whether every table was pulled from the start (a new
 * device: its rows are then exactly what the user may read, nothing to reconcile).
 * Tables in their first pull report their progress through `onProgress`.
 */
export async function pullAll(
  supabase: SupabaseClient,
  local: Local,
  lockName: string,
  onProgress?: OnPullProgress,
  batch = PULL_BATCH,
): Promise<{ horizon: string; rows: number; fromScratch: boolean; cutoff?: string }> {
  const known = await checkpoints(local);
  const fromScratch = Object.keys(known).length === 0;
  const probe = await changedTables(supabase, local, known);
  const progress = onProgress ? await firstPullProgress(supabase, local, probe.tables, known) : [];
  const report = () => onProgress?.(progress.map((p) => ({ ...p })));
  if (progress.length > 0) report();
  let horizon = probe.horizon;
  let rows = 0;
  for (const table of probe.tables) {
    const mine = progress.find((p) => p.table === table);
    const result = await pullTable(supabase, local, table, lockName, batch, async (n) => {
      if (!mine) return;
      mine.done += n;
      mine.total = Math.max(mine.total, mine.done);
      await local.store.setMeta(progressKey(table), { done: mine.done, total: mine.total });
      report();
    });
    // Pulled to its end: this table's first pull is over (what was counted may have changed since).
    if (mine) {
      mine.total = mine.done;
      mine.arrived = true;
      await local.store.deleteMeta(progressKey(table));
      report();
    }
    rows += result.rows;
    if (xidLess(result.horizon, horizon)) horizon = result.horizon;
  }
  await local.store.setMeta('horizon', horizon);
  return { horizon, rows, fromScratch, cutoff: probe.cutoff };
}

/**
 * Convergence (guarantee 9): rows the user may no longer read, or that left the
 * working set (visible_ids lists only the set, issue 26), are dropped (they never come
 * back as changes), and rows that entered its scope without changing themselves are
 * fetched. Rows held by pending commands are left to the rebase, and rows the outbox or
 * an upload names are kept (working-set.ts, protectedIds); rows written at or above the
 * snapshot's horizon are left to the next round, since the id list may predate them.
 */
export async function reconcileScope(
  supabase: SupabaseClient,
  local: Local,
  lockName: string,
): Promise<{ dropped: number; fetched: number }> {
  let dropped = 0;
  let fetched = 0;
  const named = await protectedIds(local);
  for (const table of TABLES) {
    const { data, error, status } = await supabase.rpc('visible_ids', { p_table: table });
    if (error) throw new TransientError(`visible ids ${table}: ${error.message}`, { status });
    const { ids, horizon } = data as { ids: string[]; horizon: string };
    // Every step over the ids runs in slices (sync/yield.ts): this runs beside the user's taps.
    const visible = new Set<string>();
    await eachInSlices(ids, (id) => visible.add(id));
    const localRows = await scanIdsAndXids(local.db[table] as never);
    const held = new Set(
      (await local.store.base.where('key').startsWith(`${table}:`).primaryKeys()).map((k) =>
        String(k).slice(table.length + 1),
      ),
    );
    const gone: string[] = [];
    await eachInSlices([...localRows.keys()], (id) => {
      if (!visible.has(id) && !held.has(id) && !named.has(id) && xidLess(localRows.get(id)!, horizon)) gone.push(id);
    });
    const missing: string[] = [];
    await eachInSlices(ids, (id) => {
      if (!localRows.has(id) && !held.has(id)) missing.push(id);
    });
    const rows: Tables[TableName][] = [];
    for (let i = 0; i < missing.length; i += 200) {
      const { data: batch, error: fetchError, status } = await supabase.rpc('rows_by_id', {
        p_table: table,
        p_ids: missing.slice(i, i + 200),
      });
      if (fetchError) throw new TransientError(`rows of ${table}: ${fetchError.message}`, { status });
      rows.push(...(batch as Tables[TableName][]));
    }
    await withWriteLock(lockName, async () => {
      if (gone.length) await local.db[table].bulkRemove(gone);
      await applyPulled(local, table, rows as never);
    });
    dropped += gone.length;
    fetched += rows.length;
  }
  return { dropped, fetched };
}
