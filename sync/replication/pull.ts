// Pull: every table by its commit-safe checkpoint (change_xid, id) through the
// pull_changes RPC, in batches, until caught up (supabase/migrations/..._sync_pull.sql).
import type { SupabaseClient } from '@supabase/supabase-js';
import { scanIdsAndXids, type Local } from '../db/database';
import { TABLES, type TableName, type Tables } from '../model/rows';
import { applyPulled } from './view';
import { withWriteLock } from './write-lock';

export const PULL_BATCH = 1000;

interface Checkpoint {
  xid: string;
  id: string;
}

interface PullResponse<T> {
  rows: T[];
  horizon: string;
}

export class TransientError extends Error {}

/** Compares decimal xid strings (xid8 can exceed 2^53). */
export function xidLess(a: string, b: string): boolean {
  return BigInt(a) < BigInt(b);
}

async function pullTable<T extends TableName>(
  supabase: SupabaseClient,
  local: Local,
  table: T,
  lockName: string,
): Promise<{ horizon: string; rows: number }> {
  let checkpoint = await local.store.getMeta<Checkpoint>(`checkpoint:${table}`);
  let total = 0;
  for (;;) {
    const { data, error } = await supabase.rpc('pull_changes', {
      p_table: table,
      p_after_xid: checkpoint?.xid ?? null,
      p_after_id: checkpoint?.id ?? null,
      p_limit: PULL_BATCH,
    });
    if (error) throw new TransientError(`pull ${table}: ${error.message}`);
    const { rows, horizon } = data as PullResponse<Tables[T]>;
    if (rows.length > 0) {
      const last = rows[rows.length - 1]!;
      const next = { xid: last.change_xid, id: last.id };
      // The rows and their checkpoint move together; a crash in between
      // only pulls the same batch again, which is harmless.
      await withWriteLock(lockName, async () => {
        await applyPulled(local, table, rows);
        await local.store.setMeta(`checkpoint:${table}`, next);
      });
      checkpoint = next;
      total += rows.length;
    }
    if (rows.length < PULL_BATCH) return { horizon, rows: total };
  }
}

/**
 * Pulls every table to the end. Returns the horizon below which every
 * committed transaction's rows are now local (the smallest of the tables').
 */
export async function pullAll(
  supabase: SupabaseClient,
  local: Local,
  lockName: string,
): Promise<{ horizon: string; rows: number }> {
  let horizon: string | null = null;
  let rows = 0;
  for (const table of TABLES) {
    const result = await pullTable(supabase, local, table, lockName);
    rows += result.rows;
    if (horizon === null || xidLess(result.horizon, horizon)) horizon = result.horizon;
  }
  await local.store.setMeta('horizon', horizon);
  return { horizon: horizon ?? '0', rows };
}

/**
 * Convergence (guarantee 9): rows the user may no longer read are dropped
 * (they never come back as changes), and rows that entered its scope without
 * changing themselves are fetched. Rows held by pending commands are left to
 * the rebase; rows written at or above the snapshot's horizon are left to the
 * next round, since the id list may predate them.
 */
export async function reconcileScope(
  supabase: SupabaseClient,
  local: Local,
  lockName: string,
): Promise<{ dropped: number; fetched: number }> {
  let dropped = 0;
  let fetched = 0;
  for (const table of TABLES) {
    const { data, error } = await supabase.rpc('visible_ids', { p_table: table });
    if (error) throw new TransientError(`visible ids ${table}: ${error.message}`);
    const { ids, horizon } = data as { ids: string[]; horizon: string };
    const visible = new Set(ids);
    const localRows = await scanIdsAndXids(local.db[table] as never);
    const held = new Set(
      (await local.store.base.where('key').startsWith(`${table}:`).primaryKeys()).map((k) =>
        String(k).slice(table.length + 1),
      ),
    );
    const gone = [...localRows]
      .filter(([id, xid]) => !visible.has(id) && !held.has(id) && xidLess(xid, horizon))
      .map(([id]) => id);
    const missing = ids.filter((id) => !localRows.has(id) && !held.has(id));
    const rows: Tables[TableName][] = [];
    for (let i = 0; i < missing.length; i += 200) {
      const { data: batch, error: fetchError } = await supabase.rpc('rows_by_id', {
        p_table: table,
        p_ids: missing.slice(i, i + 200),
      });
      if (fetchError) throw new TransientError(`rows of ${table}: ${fetchError.message}`);
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
