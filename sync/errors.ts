// What dispatch throws besides CommandRefused: input the spec's rules refuse, and a
// device that cannot store the action.
import { MESSAGES } from './messages';

export class ValidationFailed extends Error {
  constructor(readonly issues: Array<{ path: string; message: string }>) {
    super(issues[0]?.message ?? 'Invalid');
  }
}

/**
 * The device could not store an action (IndexedDB full, unavailable, or
 * evicted): nothing was queued and the view shows nothing of it.
 */
export class LocalWriteFailed extends Error {
  constructor(cause: unknown) {
    super(MESSAGES.localWriteFailed, { cause });
  }
}
