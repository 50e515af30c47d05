// The cheap question an idle, online device asks every few seconds instead of
// pulling every table (issue 10): "is anything past my checkpoints?" One small
// request (public.has_changes); only a yes starts a sync round, so another
// device's change shows within a probe interval while an idle app costs the
// server one index probe per table every few seconds.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Local } from '../db/database';
import { TABLES } from '../model/rows';
import { TransientError } from './pull';

export async function hasRemoteChanges(supabase: SupabaseClient, local: Local): Promise<boolean> {
  const checkpoints: Record<string, unknown> = {};
  for (const table of TABLES) {
    const cp = await local.store.getMeta<{ xid: string; id: string }>(`checkpoint:${table}`);
    if (cp) checkpoints[table] = cp;
  }
  const { data, error } = await supabase.rpc('has_changes', { p_checkpoints: checkpoints });
  if (error) throw new TransientError(`probe: ${error.message}`);
  return data === true;
}
