// Undo on the device (issue 29, docs/sync.md "Undo"). A floor command still in the outbox and
// never sent is withdrawn: it leaves the outbox and the view is rebased, so the rows are
// exactly what they were before the tap and nothing ever reaches the server. A command that
// was sent (or is on its way: push.ts marks a batch `sent` under the write lock before the
// call) may be applied already, so it is reversed by its inverse, undo_command
// (commands/undo.ts), sent through the outbox like any other command.
import type { Actor, Change, CommandEnvelope } from '../commands/types';
import { FLOOR_TABLES, UNDO_WINDOW_MS, isUndoable, type UndoRow } from '../commands/undo';
import type { Local } from '../db/database';
import type { ViewTable } from '../model/rows';
import { rebase } from './view';
import { withWriteLock } from './write-lock';

/** Where a command stands when its undo is asked for. */
export type WithdrawOutcome =
  /** Taken out of the outbox before anyone sent it: the view is as before the tap. */
  | 'withdrawn'
  /** Sent, on its way, or applied: only its inverse can reverse it. */
  | 'sent'
  /** Refused (by the server or the device): there is nothing to reverse. */
  | 'rejected';

/**
 * Withdraws a command that never left the device, under the write lock (the push marks what it
 * sends under the same lock, so a command is either withdrawn or sent, never both).
 */
export async function withdraw(
  local: Local,
  lockName: string,
  actor: Actor,
  commandId: string,
): Promise<WithdrawOutcome> {
  return withWriteLock(lockName, async () => {
    const entry = await local.store.outbox.where('id').equals(commandId).first();
    if (!entry) {
      // Settled (applied, then pulled) or refused.
      return (await local.store.conflicts.get(commandId)) ? 'rejected' : 'sent';
    }
    if (entry.state !== 'pending' || entry.sent) return 'sent';
    await local.store.outbox.delete(entry.seq!);
    // The rows back to their server versions, the commands still queued replayed on them.
    await rebase(local, actor);
    return 'withdrawn';
  });
}

interface Kept {
  command: CommandEnvelope;
  rows: UndoRow[];
  at: number;
}

const asRecord = (row: unknown) => row as Record<string, unknown>;
const FLOOR = new Set<string>(FLOOR_TABLES);

/**
 * The floor commands this device dispatched in the last while, with each changed row as it
 * was before and as the command left it: what an undo withdraws or reverses, and shows at once.
 */
export class UndoLog {
  private readonly kept = new Map<string, Kept>();

  constructor(private readonly windowMs = UNDO_WINDOW_MS * 6) {}

  /** After a dispatch: `before` holds each changed row's version in the view (null: none). */
  remember(command: CommandEnvelope, before: ReadonlyMap<string, unknown>, after: readonly Change[]): void {
    if (!isUndoable(command.type)) return;
    const now = Date.now();
    for (const [id, k] of this.kept) if (now - k.at > this.windowMs) this.kept.delete(id);
    const last = new Map<string, Change>();
    // The floor rows only (a dispatch also predicts what follows from them, e.g. stock balances).
    for (const change of after) {
      if (FLOOR.has(change.table)) last.set(`${change.table}:${change.row.id}`, change);
    }
    const rows: UndoRow[] = [...last.entries()].map(([key, change]) => ({
      table: change.table as UndoRow['table'],
      id: change.row.id,
      before: before.get(key) ? asRecord(before.get(key)) : null,
      after: asRecord(change.row),
    }));
    this.kept.set(command.id, { command, rows, at: now });
  }

  get(commandId: string): Kept | undefined {
    return this.kept.get(commandId);
  }

  /** The latest command of this type kept here whose payload names `rowId` (a form's submit). */
  latest(type: string, rowId: string): string | undefined {
    let found: Kept | undefined;
    for (const k of this.kept.values()) {
      if (k.command.type !== type) continue;
      if (!Object.values(k.command.payload as object).includes(rowId)) continue;
      if (!found || k.at >= found.at) found = k;
    }
    return found?.command.id;
  }

  forget(commandId: string): void {
    this.kept.delete(commandId);
  }
}

/** The rows as they were before the command: what a withdrawal shows at once. */
export function rowsBefore(kept: Kept): Change[] {
  return kept.rows.map((r) => ({
    table: r.table as ViewTable,
    row: (r.before ?? { ...r.after, deleted: true }) as never,
  }));
}

/** The inverse's payload: the command, its hub and shipment for the audit trail, the rows. */
export function inversePayload(kept: Kept) {
  const p = kept.command.payload as { hub_id?: unknown; shipment_id?: unknown };
  return {
    command_id: kept.command.id,
    ...(typeof p.hub_id === 'string' ? { hub_id: p.hub_id } : {}),
    ...(typeof p.shipment_id === 'string' ? { shipment_id: p.shipment_id } : {}),
    rows: kept.rows,
  };
}
