// The serial scanner's rules without React (issue 42), so they can be tested by hand:
// - a code held in front of the camera is taken once (HeldCodes): the camera reads the same box
//   several times a second, so a code seen within the last HOLD_MS is ignored; a box taken away
//   and shown again after that counts as a new sighting (an accepted one then says "already
//   scanned", once);
// - a keyboard-wedge scanner (or a person typing) ends each code with Enter or Tab; some put the
//   line break into the text itself, and a pasted list has several (splitWedgeText);
// - each code is put in its one form, then refused or accepted (judgeCode): not a serial, already
//   in this list, or whatever the caller's rule says (e.g. checkLoadScan: not in this hub's stock).
import { normalizeSerial, type KeyedMessage } from '../../sync/pure';

/** How long a code stays "the one being held" after it was last seen. */
export const HOLD_MS = 1_500;
/** How many of the serials taken are listed (newest first). */
export const RECENT_SHOWN = 5;

export class HeldCodes {
  private readonly lastSeen = new Map<string, number>();
  constructor(private readonly holdMs = HOLD_MS) {}

  /**
   * Whether a code the camera read at `now` (ms) is a new sighting: not seen within the hold
   * time. Every sighting renews the hold, so a box kept in view is taken once however long.
   */
  isNew(code: string, now: number): boolean {
    const last = this.lastSeen.get(code);
    this.lastSeen.set(code, now);
    for (const [other, at] of this.lastSeen) if (now - at > this.holdMs) this.lastSeen.delete(other);
    return last === undefined || now - last > this.holdMs;
  }
}

/**
 * What an input's text holds: the codes ended by a line break or a tab (a wedge scanner's
 * terminator inside the text, or a pasted list) and what is still being typed.
 */
export function splitWedgeText(text: string): { codes: string[]; rest: string } {
  const parts = text.split(/[\r\n\t]+/);
  const rest = parts.pop() ?? '';
  return { codes: parts.map((p) => p.trim()).filter((p) => p.length > 0), rest };
}

/** The keys that end a code typed by a wedge scanner or by hand. */
export function isTerminator(key: string): boolean {
  return key === 'Enter' || key === 'Tab';
}

export type Judgement =
  | { outcome: 'accepted'; serial: string }
  | { outcome: 'refused'; serial: string | null; message: KeyedMessage };

/**
 * A code read or typed, judged: its one form (normalizeSerial), then refused when it is not a
 * serial or already in `accepted`, else by the caller's rule `check` (null: it may be taken).
 */
export function judgeCode(
  raw: string,
  accepted: readonly string[] | ReadonlySet<string>,
  check: (serial: string) => KeyedMessage | null,
): Judgement {
  const serial = normalizeSerial(raw);
  if (serial === null)
    return {
      outcome: 'refused',
      serial: null,
      message: { key: 'serial.invalid', params: { serial: raw.trim().slice(0, 64) } },
    };
  const has = Array.isArray(accepted)
    ? accepted.includes(serial)
    : (accepted as ReadonlySet<string>).has(serial);
  if (has)
    return { outcome: 'refused', serial, message: { key: 'serial.alreadyScanned', params: { serial } } };
  const refusal = check(serial);
  return refusal ? { outcome: 'refused', serial, message: refusal } : { outcome: 'accepted', serial };
}

/** The serials to list: the last RECENT_SHOWN taken, newest first. */
export function recentSerials(accepted: readonly string[]): string[] {
  return accepted.slice(-RECENT_SHOWN).reverse();
}
