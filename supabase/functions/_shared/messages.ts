// What the user-management functions answer, in the product's words where the
// spec has them (6, 8.6); the app's form shows the same texts before sending. A refusal names
// its message too ({error, key}): the app shows users.server.<key> in the device's language.
import { HttpError } from './http.ts';

export const MESSAGES = {
  notAuthenticated: 'Not authenticated',
  notAdmin: "You don't have permission to access this feature. Contact your administrator for access.",
  nameRequired: 'Nama harus diisi',
  nameTooLong: 'Nama terlalu panjang',
  // As apply_commands answers text with control characters (issue 9).
  textNotAllowed: 'Teks berisi karakter yang tidak diizinkan.',
  emailInvalid: 'Format email tidak valid',
  passwordTooShort: 'Password must be at least 6 characters',
  // Supabase Auth's own words for it (bcrypt reads 72 bytes); the spec has none.
  passwordTooLong: 'Password cannot be longer than 72 characters',
  roleUnknown: 'Role harus admin, tower_control atau hub_user',
  hubRequired: 'Hub harus dipilih untuk role User',
  hubNotFound: 'Hub tidak ditemukan',
  userIdRequired: 'user_id harus berupa UUID',
  userNotFound: 'User tidak ditemukan',
  lastAdmin: 'Admin terakhir tidak dapat dihapus atau diubah role-nya',
  deleteSelf: 'Anda tidak dapat menghapus akun Anda sendiri',
} as const;

export type MessageName = keyof typeof MESSAGES;

/** A refusal with one of these messages, by its name. */
export const refusal = (status: number, name: MessageName) => new HttpError(status, MESSAGES[name], name);
