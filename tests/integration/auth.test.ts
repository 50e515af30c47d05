// The Auth stand-in through supabase-js over real HTTP: the seven demo users,
// sessions, refresh-token rotation, and the errors Supabase Auth gives.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anonClient, ownerSql, serviceClient, stack } from '../support/clients';
import { DEMO_PASSWORD, DEMO_USERS } from '../support/demo';

const ROLES = [
  { email: DEMO_USERS.admin, role: 'admin' },
  { email: DEMO_USERS.tower, role: 'tower_control' },
  { email: DEMO_USERS.karawang, role: 'hub_user' },
  { email: DEMO_USERS.cikarang, role: 'hub_user' },
  { email: DEMO_USERS.poljak, role: 'hub_user' },
  { email: DEMO_USERS.polsub, role: 'hub_user' },
  { email: DEMO_USERS.makassar, role: 'hub_user' },
];

describe('demo users', () => {
  it.each(ROLES)('$email signs in, reads its user, refreshes and signs out', async ({ email, role }) => {
    const supabase = anonClient();
    const signIn = await supabase.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
    expect(signIn.error).toBeNull();
    const first = signIn.data.session!;
    expect(first.user.email).toBe(email);
    expect(first.user.app_metadata.role).toBe(role);

    const { data: got, error: getError } = await supabase.auth.getUser();
    expect(getError).toBeNull();
    expect(got.user?.id).toBe(first.user.id);

    const refreshed = await supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(first.refresh_token);
    expect(refreshed.data.session?.access_token).toBeTruthy();

    const { error: outError } = await supabase.auth.signOut();
    expect(outError).toBeNull();
    // The session is gone on the server: the old access token no longer reads the user.
    const after = await anonClient().auth.getUser(refreshed.data.session!.access_token);
    expect(after.error?.name).toBe('AuthSessionMissingError');
  });

  it('refuses a wrong password with invalid_credentials', async () => {
    const { data, error } = await anonClient().auth.signInWithPassword({
      email: DEMO_USERS.admin,
      password: 'wrong-password',
    });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('invalid_credentials');
    expect(error?.message).toBe('Invalid login credentials');
  });
});

describe('sign-up', () => {
  it('creates a user with a hub_user profile role and a session', async () => {
    const email = `new-${randomUUID()}@demo.local`;
    const { data, error } = await anonClient().auth.signUp({ email, password: 'secret1' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.session?.access_token).toBeTruthy();
  });

  it('refuses a password under 6 characters', async () => {
    const { error } = await anonClient().auth.signUp({
      email: `short-${randomUUID()}@demo.local`,
      password: '12345',
    });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('weak_password');
    expect(error?.message).toBe('Password should be at least 6 characters.');
  });

  it('refuses an e-mail that is already registered', async () => {
    const { error } = await anonClient().auth.signUp({ email: DEMO_USERS.tower, password: 'secret1' });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('user_already_exists');
    expect(error?.message).toBe('User already registered');
  });
});

/** Moves a refresh token's revocation into the past (no waiting out the reuse interval). */
async function revokedAgo(token: string, interval: string): Promise<void> {
  const sql = await ownerSql();
  try {
    await sql.query(`update auth.refresh_tokens set updated_at = now() - $2::interval where token = $1`, [token, interval]);
  } finally {
    await sql.end();
  }
}

describe('refresh tokens', () => {
  it('rotate: a used refresh token cannot be used again', async () => {
    const supabase = anonClient();
    const { data } = await supabase.auth.signInWithPassword({
      email: DEMO_USERS.tower,
      password: DEMO_PASSWORD,
    });
    const original = data.session!.refresh_token;
    const first = await anonClient().auth.refreshSession({ refresh_token: original });
    expect(first.error).toBeNull();
    const second = await anonClient().auth.refreshSession({ refresh_token: first.data.session!.refresh_token });
    expect(second.error).toBeNull();
    // Long after its revocation, and not the parent of the active token: refused.
    await revokedAgo(original, '11 seconds');
    const reuse = await anonClient().auth.refreshSession({ refresh_token: original });
    expect(reuse.error?.code).toBe('refresh_token_already_used');
    const unknown = await anonClient().auth.refreshSession({ refresh_token: 'not-a-token' });
    expect(unknown.error?.code).toBe('refresh_token_not_found');
  });

  it('a refresh whose answer was lost can be sent again: the same active token comes back, not a sign-out', async () => {
    const { data } = await anonClient().auth.signInWithPassword({ email: DEMO_USERS.karawang, password: DEMO_PASSWORD });
    const original = data.session!.refresh_token;
    // The server rotated the token, but the tablet never received the answer.
    const lost = await anonClient().auth.refreshSession({ refresh_token: original });
    expect(lost.error).toBeNull();
    // Its parent is still honoured even after the reuse interval: the tablet gets the active token.
    await revokedAgo(original, '1 hour');
    const retried = await anonClient().auth.refreshSession({ refresh_token: original });
    expect(retried.error).toBeNull();
    expect(retried.data.session!.refresh_token).toBe(lost.data.session!.refresh_token);
    expect(retried.data.user!.email).toBe(DEMO_USERS.karawang);
    // And that token rotates on as usual.
    const next = await anonClient().auth.refreshSession({ refresh_token: retried.data.session!.refresh_token });
    expect(next.error).toBeNull();
    expect(next.data.session!.refresh_token).not.toBe(lost.data.session!.refresh_token);
  });

  it('a revoked token is honoured again within the reuse interval (10 s), as by Supabase Auth', async () => {
    const { data } = await anonClient().auth.signInWithPassword({ email: DEMO_USERS.cikarang, password: DEMO_PASSWORD });
    const original = data.session!.refresh_token;
    const first = await anonClient().auth.refreshSession({ refresh_token: original });
    const second = await anonClient().auth.refreshSession({ refresh_token: first.data.session!.refresh_token });
    expect(second.error).toBeNull();
    // original is no longer the active token's parent, but was revoked just now.
    const reuse = await anonClient().auth.refreshSession({ refresh_token: original });
    expect(reuse.error).toBeNull();
    expect(reuse.data.session!.refresh_token).toBe(second.data.session!.refresh_token);
  });
});

describe('admin users API', () => {
  it('creates, updates and deletes a user with the service role', async () => {
    const admin = serviceClient().auth.admin;
    const email = `admin-api-${randomUUID()}@demo.local`;
    const created = await admin.createUser({
      email,
      password: 'secret1',
      email_confirm: true,
      user_metadata: { full_name: 'Budi' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user!.user_metadata.full_name).toBe('Budi');

    const updated = await admin.updateUserById(id, {
      password: 'secret2',
      user_metadata: { full_name: 'Budi S' },
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user!.user_metadata.full_name).toBe('Budi S');
    const signIn = await anonClient().auth.signInWithPassword({ email, password: 'secret2' });
    expect(signIn.error).toBeNull();

    const duplicate = await admin.createUser({ email, password: 'secret1' });
    expect(duplicate.error?.code).toBe('email_exists');

    expect((await admin.deleteUser(id)).error).toBeNull();
    expect((await admin.getUserById(id)).error?.status).toBe(404);
    const gone = await anonClient().auth.signInWithPassword({ email, password: 'secret2' });
    expect(gone.error?.code).toBe('invalid_credentials');
  });

  it('refuses the admin API to a signed-in user and to the anon key', async () => {
    const supabase = anonClient();
    const { data } = await supabase.auth.signInWithPassword({
      email: DEMO_USERS.admin,
      password: DEMO_PASSWORD,
    });
    const res = await fetch(`${stack().apiUrl}/auth/v1/admin/users`, {
      headers: { apikey: stack().anonKey, authorization: `Bearer ${data.session!.access_token}` },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error_code).toBe('not_admin');
    const anon = await fetch(`${stack().apiUrl}/auth/v1/admin/users`, {
      headers: { apikey: stack().anonKey, authorization: `Bearer ${stack().anonKey}` },
    });
    expect(anon.status).toBe(403);
  });
});
