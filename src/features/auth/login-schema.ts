import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../../lib/limits';
import { LOGIN_FILL_ALL_FIELDS, LOGIN_PASSWORD_TOO_SHORT } from '../../lib/i18n/default-strings';

// Checks are ordered so a missing field is reported before a short password:
// the first issue is the one the user sees.
export const loginSchema = z.object({
  email: z.string().trim().min(1, LOGIN_FILL_ALL_FIELDS),
  password: z.string().min(1, LOGIN_FILL_ALL_FIELDS).min(MIN_PASSWORD_LENGTH, LOGIN_PASSWORD_TOO_SHORT),
});

export type LoginCredentials = z.infer<typeof loginSchema>;

export type LoginField = keyof LoginCredentials;

export type LoginValidation =
  | { ok: true; credentials: LoginCredentials }
  /** `fields`: every field in error, in the form's order (the first takes the focus). */
  | { ok: false; message: string; fields: LoginField[] };

/** Validates the login form before any network call; returns the one message to show. */
export function validateLogin(input: { email: string; password: string }): LoginValidation {
  const result = loginSchema.safeParse(input);
  if (result.success) return { ok: true, credentials: result.data };
  const wrong = new Set(result.error.issues.map((i) => i.path[0]));
  return {
    ok: false,
    message: result.error.issues[0]?.message ?? LOGIN_FILL_ALL_FIELDS,
    fields: (['email', 'password'] as const).filter((f) => wrong.has(f)),
  };
}
