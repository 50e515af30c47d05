// User management through the edge functions of spec 7.5 (the server checks
// that the caller is an admin; the service-role key never comes here), and the
// list from profiles (readable in full by admins only, by RLS).
import { FunctionsHttpError } from '@supabase/supabase-js';
import type { Role } from '../../lib/session/roles';
import { supabase } from '../../lib/session/supabase';
import { i18n, t } from '../../lib/i18n';
import type { UserFormValues } from './user-form';

export interface UserRow {
  id: string;
  user_id: string;
  email: string | null;
  full_name: string | null;
  role: Role;
  hub_id: string | null;
  hub_name: string | null;
  created_at: string;
}

export async function listUsers(): Promise<UserRow[]> {
  const { data, error } = await supabase
    .from('profiles')
    .select('id, user_id, email, full_name, role, hub_id, created_at, hubs(name)')
    .eq('deleted', false)
    .not('user_id', 'is', null)
    .order('created_at', { ascending: false });
  if (error) throw new Error(error.message || t('users.failure.load'));
  return (data ?? []).map(({ hubs, ...row }) => ({
    ...(row as Omit<UserRow, 'hub_name'>),
    hub_name: (hubs as unknown as { name: string } | null)?.name ?? null,
  }));
}

/** What the function answers, in the device's language by its key; else its `error`, else spec 8.6's fallback. */
async function invoke(name: string, body: Record<string, unknown>, fallback: string): Promise<unknown> {
  const { data, error } = await supabase.functions.invoke(name, { body });
  if (!error) return data;
  if (error instanceof FunctionsHttpError) {
    const answer = (await (error.context as Response).json().catch(() => null)) as {
      error?: string;
      key?: string;
    } | null;
    const key = `users.server.${answer?.key}`;
    throw new Error(answer?.key && i18n.exists(key) ? (t as unknown as (k: string) => string)(key) : answer?.error || fallback);
  }
  throw new Error(fallback);
}

export async function createUser(values: UserFormValues): Promise<void> {
  await invoke('create-user', { ...values }, t('users.failure.create'));
}

export async function updateUser(userId: string, values: UserFormValues): Promise<void> {
  const { password, ...rest } = values;
  await invoke(
    'update-user',
    { user_id: userId, ...rest, ...(password ? { password } : {}) },
    t('users.failure.update'),
  );
}

export async function deleteUser(userId: string): Promise<void> {
  await invoke('delete-user', { user_id: userId }, t('users.failure.delete'));
}
