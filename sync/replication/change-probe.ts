// The cheap question an idle, online device asks every few seconds instead of
// pulling every table (issue 10): "is anything past my checkpoints?" One small
// request (public.changed_tables); only a yes starts a sync round, so another
// device's change shows within a probe interval while an idle app costs the
// server one index probe per table every few seconds. A sync round asks the
// same question first and pulls only the tables named (pull.ts).
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Local } from '../db/database';
import { changedTables } from './pull';

export async function hasRemoteChanges(supabase: SupabaseClient, local: Local): Promise<boolean> {
  return (await changedTables(supabase, local)).tables.length > 0;
}
