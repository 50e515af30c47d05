// Pure text rules shared by the user-management functions (Deno, imported as
// './text-rules.ts') and the local Auth stand-in (Node, imported as
// '../../functions/_shared/text-rules'). No imports, so both runtimes load it
// as it is: one rule for a person's name and e-mail, wherever it is set
// (issue 27). The app's form (src/, which may not import supabase/) ports the
// same rules; tests/unit/text-rules.test.ts checks that they agree.

/** Control characters (tab, line feed and carriage return aside), as the commands refuse them. */
export const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * Invisible format characters that change how text renders without being
 * seen: bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069, the marks U+200E, U+200F, U+061C), zero-width characters
 * (U+200B–U+200D, U+2060–U+2064, the BOM U+FEFF), the soft hyphen (U+00AD) and
 * the other invisibles (U+180E, U+034F). A name holding them can impersonate
 * another in Users and the audit trail ("admin" + U+202E + "txt").
 */
export const INVISIBLE =
  /[\u00ad\u034f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

export const MAX_NAME_LENGTH = 200;

/** bcrypt reads 72 bytes of a password and ignores the rest: longer ones are refused, never cut. */
export const MAX_PASSWORD_BYTES = 72;
export const MIN_PASSWORD_LENGTH = 6;

/** RFC 5321: at most 254 characters (auth.users.email holds 255). */
export const MAX_EMAIL_LENGTH = 254;

export type NameProblem = 'nameRequired' | 'nameTooLong' | 'textNotAllowed';

/** Why a display name is refused (a key of the functions' MESSAGES), or null when it is fine. */
export function nameProblem(value: unknown): NameProblem | null {
  if (typeof value !== 'string' || value.trim() === '') return 'nameRequired';
  if (value.trim().length > MAX_NAME_LENGTH) return 'nameTooLong';
  if (CONTROL.test(value) || INVISIBLE.test(value)) return 'textNotAllowed';
  return null;
}

/** True when text holds a control character or an invisible format character. */
export function hasHiddenCharacters(value: string): boolean {
  return CONTROL.test(value) || INVISIBLE.test(value);
}

// An address in plain ASCII: a dot-atom local part (RFC 5322's atext) and a
// domain of LDH labels (an internationalised domain is written in its xn--
// form). Letters that render like ASCII ones (Cyrillic "а", fullwidth "ａ"),
// zero-width and bidirectional characters cannot make an address that reads
// like an existing account's. GoTrue also refuses addresses outside its own
// pattern with 400 validation_failed / email_address_invalid.
const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** The address trimmed and lower-cased, or null when it is not a plain ASCII address. */
export function normalEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim();
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email)) return null;
  return email.toLowerCase();
}

/** UTF-8 bytes of a string (what bcrypt reads), without Node's Buffer or the DOM. */
export function utf8Length(value: string): number {
  let bytes = 0;
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

export function passwordTooLong(value: string): boolean {
  return utf8Length(value) > MAX_PASSWORD_BYTES;
}
