// What Auth accepts in an e-mail, a password and user metadata, with the
// refusals Supabase Auth (GoTrue) answers. The name and e-mail rules are the
// user-management functions' own (supabase/functions/_shared/text-rules.ts),
// so a name create-user refuses cannot be set through PUT /auth/v1/user.
import {
  hasHiddenCharacters,
  MIN_PASSWORD_LENGTH,
  nameProblem,
  normalEmail,
  passwordTooLong,
} from '../../functions/_shared/text-rules';
import { AuthError, authErrors } from './errors';

export { MIN_PASSWORD_LENGTH, passwordTooLong };

/** A plain ASCII address (text-rules.ts), trimmed and lower-cased; else GoTrue's 400 validation_failed. */
export function validateEmail(email: unknown): string {
  return normalEmail(email) ?? throwError(authErrors.invalidEmail());
}

/**
 * GoTrue's checkPasswordStrength: longer than 72 bytes is 400 validation_failed
 * "Password cannot be longer than 72 characters" (Go's len() counts bytes, and
 * bcrypt reads no more), shorter than the minimum 422 weak_password.
 */
export function validatePassword(password: unknown): string {
  if (typeof password !== 'string' || password.length === 0) throw authErrors.missingPassword();
  if (passwordTooLong(password)) throw authErrors.passwordTooLong();
  if (password.length < MIN_PASSWORD_LENGTH) throw authErrors.weakPassword();
  return password;
}

/** The name the profile takes its display name from (the on_auth_user_* triggers read full_name). */
const NAME_KEYS = ['full_name'] as const;
const MAX_METADATA_DEPTH = 8;
/** Half a UTF-16 pair: jsonb refuses it (22P05, a 500 before). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const MAX_METADATA_STRING = 2000;

function checkValue(value: unknown, path: string, depth: number): void {
  if (typeof value === 'string') {
    // Postgres text cannot hold a NUL (a 500 before); control and bidirectional
    // characters would reach the audit trail and every screen that shows a name.
    if (hasHiddenCharacters(value) || LONE_SURROGATE.test(value))
      throw authErrors.metadataInvalid(`${path} contains characters that are not allowed`);
    if (value.length > MAX_METADATA_STRING) throw authErrors.metadataInvalid(`${path} is too long`);
  } else if (value && typeof value === 'object') {
    if (depth >= MAX_METADATA_DEPTH) throw authErrors.metadataInvalid(`${path} is nested too deeply`);
    for (const [key, inner] of Object.entries(value)) {
      if (hasHiddenCharacters(key) || LONE_SURROGATE.test(key))
        throw authErrors.metadataInvalid(`${path} has a key that is not allowed`);
      checkValue(inner, `${path}.${key}`, depth + 1);
    }
  }
}

/**
 * User metadata as given (undefined when absent); refused when it is not an
 * object, with 400 validation_failed when a string in it holds a NUL,
 * a control or an invisible character, and when a name breaks create-user's
 * rule (required, at most 200 characters).
 */
export function validateMetadata(value: unknown, field: string): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  // GoTrue reads it into a map: anything but a JSON object is a 400.
  if (typeof value !== 'object' || Array.isArray(value))
    throw authErrors.metadataInvalid(`${field} must be an object`);
  const data = value as Record<string, unknown>;
  checkValue(data, field, 0);
  for (const key of NAME_KEYS) {
    if (!(key in data)) continue;
    const problem = nameProblem(data[key]);
    if (problem) throw authErrors.metadataInvalid(NAME_MESSAGES[problem](`${field}.${key}`));
  }
  return data;
}

const NAME_MESSAGES = {
  nameRequired: (path: string) => `${path} must be a non-empty string`,
  nameTooLong: (path: string) => `${path} is too long (at most 200 characters)`,
  textNotAllowed: (path: string) => `${path} contains characters that are not allowed`,
};

function throwError(error: AuthError): never {
  throw error;
}
