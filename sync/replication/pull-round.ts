// A round's pull in one request (issues 43 and 44): public.pull_round answers which tables
// changed past the device's checkpoints and, for each, the batch pull_changes would answer
// after its checkpoint, under one horizon (supabase/schemas/functions/pull_round.sql). It
// took changed_tables and then a pull_changes a table: two round trips at least before a
// change reached the screen. pull.ts writes each batch as a pull's and goes on with
// pull_changes only for a table whose batch was full or left out (the row budget spent).
import type { SupabaseClient } from '@supabase/supabase-js';
import { TransientError } from '../errors';
import type { FirstSyncAnswer } from './first-sync';
import type { Checkpoint } from './pull';

/** What pull_round answers: first_sync's shape without the counts, with the changed tables. */
export interface RoundAnswer extends Pick<FirstSyncAnswer, 'horizon' | 'cutoff' | 'tables'> {
  /** Every table with changes (changed_tables' answer); those without a batch are pulled on. */
  changed: string[];
}

/** Servers that answered that they have no pull_round (an older server): not asked again. */
const without = new WeakSet<SupabaseClient>();

/**
 * The round's changed tables and their first batches, in one request. Null from a server
 * without pull_round (the round asks changed_tables, then a pull a table, as before); a failed
 * request fails the round like a failed probe.
 */
export async function askRound(
  supabase: SupabaseClient,
  known: Record<string, Checkpoint>,
  batch: number,
): Promise<RoundAnswer | null> {
  if (without.has(supabase)) return null;
  const { data, error, status } = await supabase.rpc('pull_round', { p_checkpoints: known, p_limit: batch });
  if (error?.code === 'PGRST202') {
    without.add(supabase);
    return null;
  }
  if (error) throw new TransientError(`pull round: ${error.message}`, { status });
  return data as RoundAnswer;
}
