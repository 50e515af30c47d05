// Push: the outbox drains in device order, in batches, to apply_commands.
// Outcomes are final per command; only a failed call (network, 5xx, expired
// token) is transient and retried with backoff by the engine.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Local } from '../db/database';
import type { OutboxEntry } from '../db/engine-store';
import { TransientError } from './pull';
import { withWriteLock } from './write-lock';

export const PUSH_BATCH = 100;

interface CommandResult {
  id: string;
  outcome: 'applied' | 'rejected';
  code: string | null;
  message: string | null;
}

export interface PushReport {
  applied: number;
  rejected: number;
}

function envelope(entry: OutboxEntry) {
  return {
    id: entry.id,
    type: entry.type,
    payload: entry.payload,
    issued_at: entry.issued_at,
    actor: entry.actor,
  };
}

export async function pushOutbox(
  supabase: SupabaseClient,
  local: Local,
  lockName: string,
): Promise<PushReport> {
  const report: PushReport = { applied: 0, rejected: 0 };
  for (;;) {
    const batch = (await local.store.outbox.where('state').equals('pending').sortBy('seq')).slice(
      0,
      PUSH_BATCH,
    );
    if (batch.length === 0) return report;
    const { data, error } = await supabase.rpc('apply_commands', { commands: batch.map(envelope) });
    if (error) {
      await local.store.outbox.bulkUpdate(
        batch.map((e) => ({ key: e.seq!, changes: { attempts: e.attempts + 1, last_error: error.message } })),
      );
      throw new TransientError(`push: ${error.message}`);
    }
    const { results, xid } = data as { results: CommandResult[]; xid: string };
    const bySeq = new Map(batch.map((e) => [e.id, e]));
    await withWriteLock(lockName, async () => {
      for (const result of results) {
        const entry = bySeq.get(result.id);
        if (!entry) continue;
        if (result.outcome === 'applied') {
          await local.store.outbox.update(entry.seq!, { state: 'applied', xid, last_error: null });
          report.applied++;
        } else {
          await local.store.outbox.delete(entry.seq!);
          await local.store.conflicts.put({
            command_id: entry.id,
            type: entry.type,
            code: result.code ?? 'rejected',
            message: result.message ?? 'Ditolak oleh server.',
            at: new Date().toISOString(),
            payload: entry.payload,
          });
          report.rejected++;
        }
      }
    });
  }
}
