// The two halves of a dispatch after validation (docs/sync.md, "Commands" and "What a tap
// shows at once"): the prediction shown at once from memory, then the command and its
// prediction stored under the write lock.
import type { Actor, Change, CommandDefinition, CommandEnvelope } from '../commands/types';
import type { Local } from '../db/database';
import type { PredictionOverlay } from './overlay';
import { rebase, recordPrediction, viewReader, writePrediction } from './view';
import { withWriteLock } from './write-lock';
import { LocalWriteFailed } from '../errors';
import { withBalances } from './balances';

/**
 * A prediction's time as a User Timing measure (`dermaga:predict:shown`, `dermaga:predict:locked`):
 * the bench reads them beside the taps (tests/bench/browser-p3.ts). The prediction is made
 * twice a tap, on purpose: docs/sync.md, "Why a tap predicts twice".
 */
async function timed<T>(name: 'shown' | 'locked', run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await run();
  } finally {
    performance.measure?.(`dermaga:predict:${name}`, { start, end: performance.now() });
    // The timeline keeps measures until cleared: a day of taps keeps at most the last 1,000.
    if (++measured > 1_000) {
      performance.clearMeasures?.('dermaga:predict:shown');
      performance.clearMeasures?.('dermaga:predict:locked');
      measured = 0;
    }
  }
}
let measured = 0;

/** The view's version of each row a prediction changes, by `table:id` (null: not in the view). */
async function viewRows(local: Local, changes: Change[]): Promise<Map<string, unknown>> {
  const rows = new Map<string, unknown>();
  for (const { table, row } of changes) {
    const doc = await (await local.collection(table)).findOne(row.id).exec();
    rows.set(`${table}:${row.id}`, doc ? doc.toMutableJSON() : null);
  }
  return rows;
}

interface Device {
  local: Local;
  actor: Actor;
  overlay: PredictionOverlay;
}

/**
 * The tap's effect on screen before anything is stored: the prediction from the view and the
 * overlay (no lock: a sync round may hold it for a while). Display only; the prediction made
 * under the lock is what is stored. False when it could not be made here (the locked one
 * decides, and is shown once stored).
 */
export async function showAtOnce(
  { local, actor, overlay }: Device,
  definition: CommandDefinition,
  payload: unknown,
  command: CommandEnvelope,
  onShown?: () => void,
): Promise<boolean> {
  const read = overlay.reader(viewReader(local));
  let predicted: Change[];
  try {
    predicted = await timed('shown', async () =>
      withBalances(
        await definition.predict(payload as never, { command, actor, read }, true),
        read,
        command.issued_at,
      ),
    );
  } catch {
    return false;
  }
  overlay.add(command.id, predicted, onShown);
  return true;
}

/**
 * The command and its prediction, stored under the write lock (durable intent first). A write
 * the device refuses takes the command back out and restores the view (`rebased` says whether
 * that restoring worked; if not, the next round retries it) and throws LocalWriteFailed.
 */
export async function storeCommand(
  { local, actor, lockName }: Omit<Device, 'overlay'> & { lockName: string },
  definition: CommandDefinition,
  payload: unknown,
  command: CommandEnvelope,
  rebased: (ok: boolean) => void,
  /** For an undo (replication/undo.ts): each changed row as the view held it, by `table:id`. */
  keepBefore?: (before: Map<string, unknown>) => void,
): Promise<Change[]> {
  return withWriteLock(lockName, async () => {
    // The balances move with the ledger rows the prediction writes (balances.ts).
    const read = viewReader(local);
    // Made again from the view as it is under the lock (docs/sync.md, "Why a tap predicts twice").
    const predicted = await timed('locked', async () =>
      withBalances(
        await definition.predict(payload as never, { command, actor, read }, true),
        read,
        command.issued_at,
      ),
    );
    if (keepBefore) keepBefore(await viewRows(local, predicted));
    let queued = false;
    try {
      // Durable intent first (the command with the server versions of the rows it changes,
      // one transaction): a crash after this line is repaired by the rebase on start.
      await recordPrediction(local, predicted, {
        ...command,
        state: 'pending',
        xid: null,
        attempts: 0,
        last_error: null,
      });
      queued = true;
      await writePrediction(local, predicted);
    } catch (error) {
      // The device refused the write (quota, private mode, eviction): take the command back
      // out and restore the view, so what the user is told (not saved) is what happens
      // (nothing sent, nothing shown).
      if (queued) {
        await local.store.outbox
          .where('id')
          .equals(command.id)
          .delete()
          .catch(() => undefined);
        // A view that refused the prediction may refuse its restoring too: the next round retries.
        await rebase(local, actor).then(
          () => rebased(true),
          () => rebased(false),
        );
      }
      throw new LocalWriteFailed(error);
    }
    return predicted;
  });
}
