// Every error the sync package throws, and every code a command can be rejected with: one
// vocabulary for the device, the push, the conflict list and the screens (docs/sync.md,
// "Rejection codes"). tests/unit/rejection-codes.test.ts checks that each code the server's
// functions can answer is listed here and documented.
import { messageText, type KeyedMessage } from './message';
import { MESSAGES } from './messages';

/**
 * The codes a rejected command carries. The server's (`public.cmd_reject(code, ...)` in the
 * command functions, and apply_commands' own) and the device's (`unsendable`, `rejected`).
 */
export const REJECTION_CODES = [
  // refused by a command's rules (server and device)
  'validation',
  'precondition',
  'not_found',
  'forbidden',
  // refused by the server alone
  'forbidden_actor',
  'conflict',
  'duplicate',
  'duplicate_id',
  'upload_missing',
  'document_mismatch',
  'document_unmeasured',
  'unknown_command',
  'invalid_command',
  'constraint',
  'server_error',
  // refused on the device: the API would not take the command at all (push.ts)
  'unsendable',
  // an answer without a code (an older server): kept rather than lost
  'rejected',
] as const;

export type RejectionCode = (typeof REJECTION_CODES)[number];

const KNOWN = new Set<string>(REJECTION_CODES);

/** A code read from the server or from storage, as one of ours ('rejected' when unknown). */
export function rejectionCode(code: string | null | undefined): RejectionCode {
  return code && KNOWN.has(code) ? (code as RejectionCode) : 'rejected';
}

/** What a command's own rules may refuse on the device, before it is queued. */
export type RefusalCode = Extract<RejectionCode, 'validation' | 'precondition' | 'not_found' | 'forbidden' | 'conflict'>;

/**
 * What a refusal says: by key (issue 39: the server's key for the same refusal, shown in the
 * device's language), or a text of the device's own that has no server key yet (an undo
 * offer's, a stock rule's: shown through the UI's catalogue).
 */
export type Refusal = KeyedMessage | string;

/**
 * A rejection found on the device before the command is queued (the server
 * would refuse it too). Thrown by predict; dispatch surfaces it to the form.
 * `message` is the Indonesian sentence (as the server would say it); `keyed` its key.
 */
export class CommandRefused extends Error {
  readonly keyed: KeyedMessage | null;

  constructor(
    readonly code: RefusalCode,
    refusal: Refusal,
  ) {
    super(typeof refusal === 'string' ? refusal : messageText(refusal));
    this.keyed = typeof refusal === 'string' ? null : refusal;
  }
}

/** A payload field's problem: its message by key (null for zod's own words) and in Indonesian. */
export interface ValidationIssue {
  path: string;
  message: string;
  keyed: KeyedMessage | null;
}

/** Input the spec's rules refuse: the messages per payload field. */
export class ValidationFailed extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super(issues[0]?.message ?? 'Invalid');
  }
}

/**
 * The device could not store an action (IndexedDB full, unavailable, or
 * evicted): nothing was queued and the view shows nothing of it.
 */
export class LocalWriteFailed extends Error {
  /** What the screens say, by key. */
  readonly keyed: KeyedMessage = { key: 'localWriteFailed' };
  constructor(cause: unknown) {
    super(MESSAGES.localWriteFailed, { cause });
  }
}

/**
 * A call that may succeed unchanged later (network, 5xx, an expiring token...): the round
 * backs off and tries again. `unreachable` when no answer came at all (HTTP status 0): only
 * then is the device offline; a server that answered with an error is a failing round.
 */
export class TransientError extends Error {
  readonly unreachable: boolean;
  constructor(message: string, options: { status?: number } = {}) {
    super(message);
    this.unreachable = (options.status ?? 0) === 0;
  }
}
