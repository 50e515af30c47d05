// The User Management table's columns (spec 2.12): Nama, Email, Role, Hub, in the device's
// language; a role by its label (spec 5: Admin or User), never its key.
import type { TFunction } from 'i18next';
import type { DataColumn } from '../../components/data-table';
import type { Role } from '../../lib/session/roles';
import type { UserRow } from './user-api';

const ROLES: readonly string[] = ['admin', 'tower_control', 'hub_user'] satisfies Role[];

export const roleLabel = (t: TFunction, role: string): string =>
  ROLES.includes(role) ? t(`users.roles.${role as Role}`) : role;

export const userColumns = (t: TFunction): DataColumn<UserRow>[] => [
  { id: 'full_name', header: t('common.name'), value: (u) => u.full_name ?? '-' },
  { id: 'email', header: t('common.email'), value: (u) => u.email ?? '-' },
  { id: 'role', header: t('common.role'), value: (u) => roleLabel(t, u.role) },
  { id: 'hub', header: t('common.hub'), value: (u) => u.hub_name ?? '-' },
];
