// Convergence (guarantee 9): every now and then a round compares the ids the device holds with
// those the user may read now (public.visible_ids), table by table, and mends the difference.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Local } from '../db/database';
import { TABLES, type TableName, type Tables } from '../model/rows';
import { TransientError } from '../errors';
import { eachInSlices } from '../yield';
import { xidLess } from './batch-end';
import { applyPulled, heldIdsAndXids, removeRows } from './view';
import { protectedIds } from './working-set';
import { withWriteLock } from './write-lock';

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
    const localRows = await heldIdsAndXids(local, table);
    const held = new Set(
      (await local.store.base.where('key').startsWith(`${table}:`).primaryKeys()).map((k) =>
        String(k).slice(table.length + 1),
      ),
    );
    const gone: string[] = [];
    await eachInSlices([...localRows.keys()], (id) => {
      if (!visible.has(id) && !held.has(id) && !named.has(id) && xidLess(localRows.get(id)!, horizon))
        gone.push(id);
    });
    const missing: string[] = [];
    await eachInSlices(ids, (id) => {
      if (!localRows.has(id) && !held.has(id)) missing.push(id);
    });
    const rows: Tables[TableName][] = [];
    for (let i = 0; i < missing.length; i += 200) {
      const {
        data: batch,
        error: fetchError,
        status,
      } = await supabase.rpc('rows_by_id', {
        p_table: table,
        p_ids: missing.slice(i, i + 200),
      });
      if (fetchError) throw new TransientError(`rows of ${table}: ${fetchError.message}`, { status });
      rows.push(...(batch as Tables[TableName][]));
    }
    await withWriteLock(lockName, async () => {
      await removeRows(local, table, gone);
      await applyPulled(local, table, rows as never);
    });
    dropped += gone.length;
    fetched += rows.length;
  }
  return { dropped, fetched };
}
