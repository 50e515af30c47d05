// The Add User and Edit User forms (spec 5): name, e-mail format, a password
// of at least 6 (optional on edit: blank means unchanged), a role, and a hub
// for a hub user; admin and tower control have none (choosing them clears it). The messages
// are read when a value is checked, in the device's language (issue 30).
import { z } from 'zod';
import { MAX_PASSWORD_BYTES, passwordBytes } from '../../lib/limits';
import type { Role } from '../../lib/session/roles';
import { t } from '../../lib/i18n';

export const MIN_PASSWORD_LENGTH = 6;
export const USER_ROLES = ['admin', 'tower_control', 'hub_user'] as const satisfies readonly Role[];

function userSchema(passwordRequired: boolean) {
  const password = (
    passwordRequired
      ? z.string().min(MIN_PASSWORD_LENGTH, { error: () => t('users.server.passwordTooShort') })
      : z.string().refine((p) => p === '' || p.length >= MIN_PASSWORD_LENGTH, {
          error: () => t('users.server.passwordTooShort'),
        })
  ).refine((p) => passwordBytes(p) <= MAX_PASSWORD_BYTES, { error: () => t('users.server.passwordTooLong') });
  return z
    .object({
      full_name: z
        .string()
        .trim()
        .min(1, { error: () => t('users.server.nameRequired') }),
      email: z
        .string()
        .trim()
        .toLowerCase()
        .pipe(z.email({ error: () => t('users.server.emailInvalid') })),
      password,
      role: z.enum(USER_ROLES),
      hub_id: z.string(),
    })
    .superRefine((v, ctx) => {
      if (v.role === 'hub_user' && v.hub_id === '') {
        ctx.addIssue({ code: 'custom', path: ['hub_id'], message: t('users.server.hubRequired') });
      }
    })
    .transform((v) => ({ ...v, hub_id: v.role === 'hub_user' ? v.hub_id : null }));
}

export const addUserSchema = userSchema(true);
export const editUserSchema = userSchema(false);

export type UserFormInput = z.input<typeof addUserSchema>;
export type UserFormValues = z.output<typeof addUserSchema>;

export const EMPTY_USER_FORM: UserFormInput = {
  full_name: '',
  email: '',
  password: '',
  role: 'hub_user',
  hub_id: '',
};
