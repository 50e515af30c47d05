// Server-side calls of the user-management functions. The service-role key is
// read from this function's environment (set by the platform, or by
// supabase/local/stack.ts locally) and never leaves it: the app only ever holds
// the anon key and the signed-in user's own access token.
import { HttpError } from './http.ts';
import { MESSAGES, refusal } from './messages.ts';

/** A setting of the functions' environment (the platform's, or supabase/local/stack.ts's). */
export function env(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set in the functions' environment`);
  return value;
}

const apiUrl = () => env('SUPABASE_URL');

async function call(path: string, init: RequestInit, token: string): Promise<Response> {
  return await fetch(`${apiUrl()}${path}`, {
    ...init,
    headers: {
      apikey: env('SUPABASE_ANON_KEY'),
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(init.headers ?? {}),
    },
  });
}

async function failure(res: Response, fallback: string): Promise<HttpError> {
  const body = await res.json().catch(() => ({}));
  const message = body.msg ?? body.message ?? body.error_description ?? body.error ?? fallback;
  // A 4xx from Auth is the caller's mistake (e-mail taken, ...); anything else is ours.
  return new HttpError(res.status >= 400 && res.status < 500 ? res.status : 500, String(message));
}

/** As the service role (bypasses RLS): Auth's admin API and PostgREST. */
export async function service<T>(path: string, init: RequestInit = {}, fallback = 'Request failed'): Promise<T> {
  const res = await call(path, init, env('SUPABASE_SERVICE_ROLE_KEY'));
  if (!res.ok) throw await failure(res, fallback);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

interface ProfileRow {
  user_id: string;
  role: string;
  hub_id: string | null;
}

export async function profileOf(userId: string): Promise<ProfileRow | undefined> {
  const rows = await service<ProfileRow[]>(
    `/rest/v1/profiles?select=user_id,role,hub_id&deleted=is.false&user_id=eq.${encodeURIComponent(userId)}`,
  );
  return rows[0];
}

/**
 * The caller, who must be a signed-in admin. The token is checked by Auth
 * (signature, expiry, live session) and the role is read from the profile on
 * the server, not from the token's claims, which may be up to an hour stale.
 */
export async function requireAdmin(request: Request): Promise<{ userId: string }> {
  const token = request.headers.get('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1];
  if (!token) throw refusal(401, 'notAuthenticated');
  const res = await call('/auth/v1/user', { method: 'GET' }, token);
  if (!res.ok) throw refusal(401, 'notAuthenticated');
  const user = (await res.json()) as { id?: string };
  if (!user.id) throw refusal(401, 'notAuthenticated');
  const profile = await profileOf(user.id);
  if (profile?.role !== 'admin') throw refusal(403, 'notAdmin');
  return { userId: user.id };
}

export async function requireHub(hubId: string | null): Promise<void> {
  if (hubId === null) return;
  const rows = await service<unknown[]>(`/rest/v1/hubs?select=id&deleted=is.false&id=eq.${hubId}`);
  if (rows.length === 0) throw refusal(400, 'hubNotFound');
}

/** Refuses to take away the last admin (also enforced by a trigger on profiles). */
export async function requireAnotherAdmin(userId: string): Promise<void> {
  const admins = await service<{ user_id: string }[]>(
    '/rest/v1/profiles?select=user_id&deleted=is.false&role=eq.admin',
  );
  if (!admins.some((a) => a.user_id !== userId)) throw refusal(409, 'lastAdmin');
}

/**
 * Auth's answer to a change that takes an admin away (a demotion or a
 * deletion). The check above runs before the change; another admin's change
 * may commit in between (two admins demoting or deleting each other at the
 * same moment, issue 27). The database then refuses the second one
 * (keep_one_admin, 23514, after the first has committed:
 * supabase/schemas/functions/profiles.sql), and Auth answers that as it
 * answers a database error (hosted Auth: a 500 "Database error ..."; the local
 * stand-in a 422). Asked again now, the rule answers 409 with its message, as
 * the check before the change does; any other failure is passed on as it is.
 */
export async function takingAnAdminAway<T>(userId: string, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof HttpError) await requireAnotherAdmin(userId);
    throw error;
  }
}

export interface AuthUser {
  id: string;
  email: string;
}

export async function existingUser(userId: string): Promise<AuthUser> {
  const res = await call(`/auth/v1/admin/users/${userId}`, { method: 'GET' }, env('SUPABASE_SERVICE_ROLE_KEY'));
  if (res.status === 404) throw refusal(404, 'userNotFound');
  if (!res.ok) throw await failure(res, MESSAGES.userNotFound);
  return (await res.json()) as AuthUser;
}
