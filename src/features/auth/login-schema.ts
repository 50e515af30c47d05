import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../../lib/limits';
import { t } from '../../lib/i18n';

// Checks are ordered so a missing field is reported before a short password:
// the first issue is the one the user sees, in the device's language when it is checked.
const fillAll = { error: () => t('auth.fillAllFields') };
export const loginSchema = z.object({
  email: z.string().trim().min(1, fillAll),
  password: z
    .string()
    .min(1, fillAll)
    .min(MIN_PASSWORD_LENGTH, { error: () => t('users.server.passwordTooShort') }),
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
    message: result.error.issues[0]?.message ?? t('auth.fillAllFields'),
    fields: (['email', 'password'] as const).filter((f) => wrong.has(f)),
  };
}
