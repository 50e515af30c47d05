// Push: the outbox drains in device order, in batches, to apply_commands.
// Outcomes are final per command. A failed call is one of two kinds:
//   * transient (no network, 5xx, an expired token, the server's own transient
//     codes): nothing of it was applied; the engine retries with backoff;
//   * refused for what it carries (a 4xx a retry cannot change, e.g. a NUL in
//     a text that PostgreSQL cannot store, a lone surrogate PostgREST cannot
//     parse, a number out of range): the batch is split until the command
//     that causes it is found, that command is rejected on the device with a
//     code and a message, and the rest go through. A poisoned command never
//     blocks the ones behind it (issue 9).
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Local } from '../db/database';
import type { OutboxEntry } from '../db/engine-store';
import { rejectionCode, TransientError, type RejectionCode } from '../errors';
import { MESSAGES } from '../messages';
import { keyedMessage, type KeyedMessage } from '../message';
import { withWriteLock } from './write-lock';

export const PUSH_BATCH = 100;

/** The code a command refused by the API itself (not by apply_commands) is rejected with. */
export const UNSENDABLE: RejectionCode = 'unsendable';

interface CommandResult {
  id: string;
  outcome: 'applied' | 'rejected';
  code: string | null;
  message: string | null;
  /** The refusal's message key and parameters (issue 39; absent from an older server). */
  key?: string | null;
  params?: unknown;
}

export interface PushReport {
  applied: number;
  rejected: number;
}

interface CallError {
  status: number;
  message: string;
  code?: string;
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

/** Ids compare in canonical form: the server answers with the uuid type's text. */
export const canonicalId = (id: string) => id.trim().toLowerCase();

/**
 * Is a failed call worth sending again unchanged? No answer (status 0),
 * 5xx, 401 (token expired or not yet refreshed), 403 (the session is being
 * replaced), 404 (the API's schema cache is reloading), 408 and 429 are;
 * every other 4xx is about what the call carries.
 */
export function isTransient(status: number): boolean {
  return status < 400 || status >= 500 || [401, 403, 404, 408, 429].includes(status);
}

async function call(
  supabase: SupabaseClient,
  batch: OutboxEntry[],
): Promise<{ results: CommandResult[]; xid: string } | { error: CallError }> {
  const { data, error, status } = await supabase.rpc('apply_commands', { commands: batch.map(envelope) });
  if (error) return { error: { status: status ?? 0, message: error.message, code: error.code } };
  return data as { results: CommandResult[]; xid: string };
}

async function recordOutcomes(
  local: Local,
  lockName: string,
  batch: OutboxEntry[],
  results: CommandResult[],
  xid: string,
  report: PushReport,
): Promise<void> {
  const byId = new Map(batch.map((e) => [canonicalId(e.id), e]));
  await withWriteLock(lockName, async () => {
    for (const result of results) {
      const entry = byId.get(canonicalId(String(result.id)));
      if (!entry) continue;
      byId.delete(canonicalId(entry.id));
      if (result.outcome === 'applied') {
        await local.store.outbox.update(entry.seq!, { state: 'applied', xid, last_error: null });
        report.applied++;
      } else {
        await reject(
          local,
          entry,
          rejectionCode(result.code),
          result.message ?? 'Ditolak oleh server.',
          keyedMessage({ key: result.key, params: result.params }),
        );
        report.rejected++;
      }
    }
  });
  // A command the server did not answer for stays pending and goes again.
}

async function reject(
  local: Local,
  entry: OutboxEntry,
  code: RejectionCode,
  message: string,
  key: KeyedMessage | null = null,
): Promise<void> {
  await local.store.outbox.delete(entry.seq!);
  await local.store.conflicts.put({
    command_id: entry.id,
    type: entry.type,
    code,
    message,
    ...(key ? { key } : {}),
    at: new Date().toISOString(),
    payload: entry.payload,
  });
}

/**
 * Sends a slice of the outbox in order. A refused call is split in halves
 * (first half first, so device order holds) until one command is left, which
 * is rejected on the device.
 */
async function send(
  supabase: SupabaseClient,
  local: Local,
  lockName: string,
  batch: OutboxEntry[],
  report: PushReport,
  fresh: ReadonlySet<number>,
): Promise<void> {
  const answer = await call(supabase, batch);
  if (!('error' in answer)) {
    await recordOutcomes(local, lockName, batch, answer.results, answer.xid, report);
    return;
  }
  const { error } = answer;
  if (isTransient(error.status)) {
    // The browser is offline: the call never left the device, so what it carried for the
    // first time can still be withdrawn (replication/undo.ts).
    const neverLeft = error.status === 0 && (globalThis.navigator as Navigator | undefined)?.onLine === false;
    await local.store.outbox.bulkUpdate(
      batch.map((e) => ({
        key: e.seq!,
        changes: {
          attempts: e.attempts + 1,
          last_error: error.message,
          ...(neverLeft && fresh.has(e.seq!) ? { sent: false } : {}),
        },
      })),
    );
    throw new TransientError(`push: ${error.message}`, { status: error.status });
  }
  if (batch.length > 1) {
    const half = Math.ceil(batch.length / 2);
    await send(supabase, local, lockName, batch.slice(0, half), report, fresh);
    await send(supabase, local, lockName, batch.slice(half), report, fresh);
    return;
  }
  const said = `${error.status}${error.code ? ` ${error.code}` : ''}: ${error.message}`;
  await withWriteLock(lockName, () =>
    reject(local, batch[0]!, UNSENDABLE, MESSAGES.unsendable(said), {
      key: 'unsendable',
      params: { answer: said },
    }),
  );
  report.rejected++;
}

/**
 * The next batch, each command marked `sent` before it goes (under the write lock, which a
 * withdrawal takes too: a command is either withdrawn before it is sent or sent, never both).
 */
async function takeBatch(
  local: Local,
  lockName: string,
): Promise<{ batch: OutboxEntry[]; fresh: Set<number> }> {
  return withWriteLock(lockName, async () => {
    const batch = (await local.store.outbox.where('state').equals('pending').sortBy('seq')).slice(
      0,
      PUSH_BATCH,
    );
    const fresh = batch.filter((e) => !e.sent);
    if (fresh.length > 0) {
      await local.store.outbox.bulkUpdate(fresh.map((e) => ({ key: e.seq!, changes: { sent: true } })));
    }
    return { batch: batch.map((e) => ({ ...e, sent: true })), fresh: new Set(fresh.map((e) => e.seq!)) };
  });
}

export async function pushOutbox(
  supabase: SupabaseClient,
  local: Local,
  lockName: string,
): Promise<PushReport> {
  const report: PushReport = { applied: 0, rejected: 0 };
  for (;;) {
    const { batch, fresh } = await takeBatch(local, lockName);
    if (batch.length === 0) return report;
    const before = report.applied + report.rejected;
    await send(supabase, local, lockName, batch, report, fresh);
    // Nothing answered for (a server that answers no result): do not spin.
    if (report.applied + report.rejected === before) {
      throw new TransientError('push: the server answered no outcome for the batch');
    }
  }
}
