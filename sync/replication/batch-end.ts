// Where a pulled batch leaves its table's checkpoint, for a pull_changes batch and a first batch
// of first_sync or pull_round alike (pull.ts, first-sync.ts).
import type { Checkpoint, PullResponse } from './pull';

/** Where a table's checkpoint is kept (the engine store's meta). */
export const checkpointKey = (table: string) => `checkpoint:${table}`;

/** Compares decimal xid strings (xid8 can exceed 2^53). */
export function xidLess(a: string, b: string): boolean {
  return BigInt(a) < BigInt(b);
}

/** Is checkpoint a past b, in (xid, id) order? */
function checkpointAfter(a: Checkpoint, b: Checkpoint | undefined): boolean {
  if (!b) return true;
  return xidLess(b.xid, a.xid) || (a.xid === b.xid && a.id > b.id);
}

/**
 * A batch's checkpoint, and whether the table has more (a full batch). A full batch ends at its
 * last row; one that is not full at the server's checkpoint, past the rows of the history it left
 * out (else at its last row, an older server). Undefined: an empty batch, nothing to move.
 */
export function batchEnd(
  response: PullResponse<{ id: string; change_xid: string }>,
  stored: Checkpoint | undefined,
  batch: number,
): { checkpoint: Checkpoint | undefined; more: boolean } {
  const { rows, checkpoint: caughtUp, limit } = response;
  const more = rows.length === (limit ?? batch);
  const last = rows[rows.length - 1];
  const checkpoint =
    !more && caughtUp && checkpointAfter(caughtUp, stored)
      ? caughtUp
      : last
        ? { xid: last.change_xid, id: last.id }
        : undefined;
  return { checkpoint, more };
}
