// User Management: the spec's strings (2.12, 5, 6, 8.6) verbatim, and the few
// it has none for (marked). The server's refusals (edge functions) arrive as
// their `error` text and are shown as they are.
export const TITLE = 'User Management';
export const DESCRIPTION = 'Kelola akun, role dan hub pengguna.'; // not in the spec
export const ADD_USER = 'Add User';
export const ADD_TITLE = 'Add User';
export const EDIT_TITLE = 'Edit User';
export const COLUMN_NAME = 'Nama';
export const COLUMN_EMAIL = 'Email';
export const COLUMN_ROLE = 'Role';
export const COLUMN_HUB = 'Hub';
export const EMPTY = 'Belum user';
export const EDIT = 'Edit';
export const DELETE = 'Delete';
export const DELETE_TITLE = 'Hapus User';
export const deleteDescription = (name: string) =>
  `Apakah Anda yakin ingin menghapus user ${name}? Tindakan ini tidak dapat dibatalkan.`; // wording not in the spec
export const FIELD_NAME = 'Nama';
export const FIELD_EMAIL = 'Email';
export const FIELD_PASSWORD = 'Password';
export const FIELD_PASSWORD_EDIT = 'Password (kosongkan jika tidak diubah)'; // spec 5: blank means unchanged
export const FIELD_ROLE = 'Role';
export const FIELD_HUB = 'Hub';
export const CHOOSE_HUB = 'Pilih hub';
export const ROLE_LABELS = { admin: 'Admin', tower_control: 'Tower Control', hub_user: 'User' } as const;

// spec 5 (the same texts the edge functions answer with)
export const VALIDATION = {
  nameRequired: 'Nama harus diisi',
  emailInvalid: 'Format email tidak valid',
  passwordTooShort: 'Password must be at least 6 characters',
  // Not in the spec: Supabase Auth's own words for a password over 72 bytes (the functions answer the same).
  passwordTooLong: 'Password cannot be longer than 72 characters',
  hubRequired: 'Hub harus dipilih untuk role hub_user',
} as const;

// spec 8.6
export const FAILURE = {
  notAuthenticated: 'Not authenticated',
  create: 'Failed to create user',
  createId: 'Gagal membuat user',
  update: 'Failed to update user',
  updateId: 'Gagal mengupdate user',
  delete: 'Failed to delete user',
  deleteId: 'Gagal menghapus user',
  load: 'Gagal memuat data users',
} as const;
export const SUCCESS = {
  created: 'User berhasil dibuat',
  updated: 'User berhasil diupdate',
  deleted: 'User berhasil dihapus',
} as const;
