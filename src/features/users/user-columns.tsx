// The User Management table's columns (spec 2.12): Nama, Email, Role, Hub.
import type { DataColumn } from '../../components/data-table';
import { COLUMN_EMAIL, COLUMN_HUB, COLUMN_NAME, COLUMN_ROLE, ROLE_LABELS } from './messages';
import type { UserRow } from './user-api';

export const userColumns: DataColumn<UserRow>[] = [
  { id: 'full_name', header: COLUMN_NAME, value: (u) => u.full_name ?? '-' },
  { id: 'email', header: COLUMN_EMAIL, value: (u) => u.email ?? '-' },
  { id: 'role', header: COLUMN_ROLE, value: (u) => ROLE_LABELS[u.role] ?? u.role },
  { id: 'hub', header: COLUMN_HUB, value: (u) => u.hub_name ?? '-' },
];
