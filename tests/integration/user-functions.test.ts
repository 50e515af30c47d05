// Issue 12 acceptance: the edge functions create-user, update-user and
// delete-user through real HTTP (supabase-js functions.invoke and raw fetch),
// under the real Deno runtime: admin only, strict bodies that create nothing
// when refused, and the last-admin rules. Users made here are removed after.
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, ownerSql, serviceClient, signedIn, stack } from '../support/clients';
import { DEMO_PASSWORD, DEMO_USERS, HUB } from '../support/demo';
import { en } from '../../src/lib/i18n/en';
import { id } from '../../src/lib/i18n/id';

const run = Date.now().toString(36);
const email = (name: string) => `fn-${run}-${name}@test.local`;

let owner: pg.Client;
let admin: SupabaseClient;
let adminToken: string;
let adminId: string;

interface Answer {
  status: number;
  body: { error?: string; key?: string; user?: { id: string } };
}

/** Raw fetch, so the status and the body are both seen as sent. */
async function call(name: string, body: unknown, token: string | undefined): Promise<Answer> {
  const res = await fetch(`${stack().apiUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      apikey: stack().anonKey,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** create-user called by the admin for a hub user (password rahasia1). */
function createHubUser(address: string, fullName: string, hubId: string): Promise<Answer> {
  const body = { email: address, password: 'rahasia1', full_name: fullName, role: 'hub_user', hub_id: hubId };
  return call('create-user', body, adminToken);
}

async function tokenOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('no session');
  return data.session.access_token;
}

async function profileByEmail(address: string) {
  const { rows } = await owner.query(
    'select user_id, email, full_name, role, hub_id, deleted from public.profiles where email = $1',
    [address],
  );
  return rows[0] as
    | {
        user_id: string | null;
        email: string;
        full_name: string;
        role: string;
        hub_id: string | null;
        deleted: boolean;
      }
    | undefined;
}

async function authUserCount(address: string): Promise<number> {
  const { rows } = await owner.query('select count(*)::int as n from auth.users where email = $1', [address]);
  return rows[0].n;
}

async function canSignIn(address: string, password: string): Promise<boolean> {
  const { error } = await anonClient().auth.signInWithPassword({ email: address, password });
  return !error;
}

beforeAll(async () => {
  owner = await ownerSql();
  admin = await signedIn(DEMO_USERS.admin);
  adminToken = await tokenOf(admin);
  adminId = (await admin.auth.getUser()).data.user!.id;
});

afterAll(async () => {
  await owner.query(`delete from auth.users where email like $1`, [`fn-${run}-%`]);
  await owner.query(`delete from public.profiles where email like $1`, [`fn-${run}-%`]);
  await owner.end();
  await admin.auth.signOut();
});

describe('as an admin', () => {
  it('create-user makes a hub user who can sign in, with the role and hub in the profile', async () => {
    const address = email('cikarang');
    const { data, error } = await admin.functions.invoke('create-user', {
      body: {
        email: address,
        password: 'rahasia1',
        full_name: 'Petugas Baru',
        role: 'hub_user',
        hub_id: HUB.cikarang,
      },
    });
    expect(error).toBeNull();
    expect(data.user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await profileByEmail(address)).toMatchObject({
      user_id: data.user.id,
      full_name: 'Petugas Baru',
      role: 'hub_user',
      hub_id: HUB.cikarang,
      deleted: false,
    });
    const user = await signedIn(address, 'rahasia1');
    const { data: session } = await user.auth.getSession();
    expect(session.session?.user.app_metadata).toMatchObject({ role: 'hub_user', hub_id: HUB.cikarang });
    await user.auth.signOut();
  });

  it('create-user makes tower control and admin users, without a hub whatever is sent', async () => {
    const tower = email('tower');
    expect(
      (
        await call(
          'create-user',
          {
            email: tower,
            password: 'rahasia1',
            full_name: 'Menara',
            role: 'tower_control',
            hub_id: HUB.cikarang,
          },
          adminToken,
        )
      ).status,
    ).toBe(200);
    expect(await profileByEmail(tower)).toMatchObject({ role: 'tower_control', hub_id: null });
    expect(await canSignIn(tower, 'rahasia1')).toBe(true);
  });

  it('update-user changes name, e-mail, role, hub and password; a blank password keeps the old one', async () => {
    const before = email('edit');
    const created = await createHubUser(before, 'Lama', HUB.karawang);
    const id = created.body.user!.id;
    const after = email('edited');
    const { data, error } = await admin.functions.invoke('update-user', {
      body: {
        user_id: id,
        email: after,
        full_name: 'Baru',
        role: 'hub_user',
        hub_id: HUB.cikarang,
        password: '',
      },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id, full_name: 'Baru' });
    expect(await profileByEmail(after)).toMatchObject({
      user_id: id,
      full_name: 'Baru',
      role: 'hub_user',
      hub_id: HUB.cikarang,
    });
    expect(await canSignIn(after, 'rahasia1')).toBe(true);

    const promoted = await call(
      'update-user',
      {
        user_id: id,
        email: after,
        full_name: 'Baru',
        role: 'admin',
        hub_id: HUB.cikarang,
        password: 'gantinya',
      },
      adminToken,
    );
    expect(promoted.status).toBe(200);
    expect(await profileByEmail(after)).toMatchObject({ role: 'admin', hub_id: null }); // admin clears the hub
    expect(await canSignIn(after, 'rahasia1')).toBe(false);
    expect(await canSignIn(after, 'gantinya')).toBe(true);

    // Two admins now: demoting the new one is allowed.
    const demoted = await call(
      'update-user',
      { user_id: id, email: after, full_name: 'Baru', role: 'tower_control' },
      adminToken,
    );
    expect(demoted.status).toBe(200);
    expect(await profileByEmail(after)).toMatchObject({ role: 'tower_control', hub_id: null });
  });

  it('delete-user removes the user, who can no longer sign in; the profile is a tombstone', async () => {
    const address = email('gone');
    const created = await createHubUser(address, 'Pergi', HUB.cikarang);
    const { data, error } = await admin.functions.invoke('delete-user', {
      body: { user_id: created.body.user!.id },
    });
    expect(error).toBeNull();
    expect(data.deleted).toBe(created.body.user!.id);
    expect(await canSignIn(address, 'rahasia1')).toBe(false);
    expect(await authUserCount(address)).toBe(0);
    expect(await profileByEmail(address)).toMatchObject({ deleted: true, user_id: null });
  });
});

describe('bad bodies are refused with a clear message and create nothing', () => {
  const base = { password: 'rahasia1', full_name: 'Siapa', role: 'hub_user', hub_id: HUB.cikarang };
  it.each([
    ['a missing e-mail', { ...base }, 'Format email tidak valid'],
    ['a malformed e-mail', { ...base, email: 'bukan-email' }, 'Format email tidak valid'],
    [
      'a short password',
      { ...base, email: email('short'), password: '12345' },
      'Password must be at least 6 characters',
    ],
    [
      'a hub user without a hub',
      { ...base, email: email('nohub'), hub_id: null },
      'Hub harus dipilih untuk role User',
    ],
    [
      'an unknown hub',
      { ...base, email: email('unknownhub'), hub_id: '11111111-0000-4000-8000-999999999999' },
      'Hub tidak ditemukan',
    ],
    ['a missing name', { ...base, email: email('noname'), full_name: '  ' }, 'Nama harus diisi'],
    [
      'an unknown role',
      { ...base, email: email('norole'), role: 'superuser' },
      'Role harus admin, tower_control atau hub_user',
    ],
    ['a number as the e-mail', { ...base, email: 12345 }, 'Format email tidak valid'],
  ])('create-user with %s', async (_what, body, message) => {
    const before = await owner.query('select count(*)::int as n from auth.users');
    const answer = await call('create-user', body, adminToken);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(message);
    // By its key too (issue 39): the app says it in the device's language.
    const key = answer.body.key as keyof typeof id.users.server;
    expect(id.users.server[key]).toBe(message);
    expect(en.users.server[key]).toEqual(expect.any(String));
    const after = await owner.query('select count(*)::int as n from auth.users');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('a body that is not JSON, and an e-mail already taken', async () => {
    const notJson = await call('create-user', 'not json', adminToken);
    expect(notJson.status).toBe(400);
    expect(notJson.body.error).toMatch(/JSON/);
    const taken = await call('create-user', { ...base, email: DEMO_USERS.cikarang }, adminToken);
    expect(taken.status).toBeGreaterThanOrEqual(400);
    expect(taken.status).toBeLessThan(500);
    expect(taken.body.error).toEqual(expect.any(String));
    expect(await authUserCount(DEMO_USERS.cikarang)).toBe(1);
  });

  it('update-user and delete-user refuse a malformed or unknown user_id', async () => {
    const malformed = await call('delete-user', { user_id: 42 }, adminToken);
    expect(malformed).toEqual({ status: 400, body: { error: 'user_id harus berupa UUID', key: 'userIdRequired' } });
    const unknown = await call(
      'update-user',
      {
        user_id: '99999999-0000-4000-8000-000000000000',
        email: email('x'),
        full_name: 'X',
        role: 'tower_control',
      },
      adminToken,
    );
    expect(unknown).toEqual({ status: 404, body: { error: 'User tidak ditemukan', key: 'userNotFound' } });
  });
});

describe('refused to everyone but an admin', () => {
  const body = { email: email('intruder'), password: 'rahasia1', full_name: 'Penyusup', role: 'admin' };
  it.each([
    ['tower control', DEMO_USERS.tower, 403],
    ['a hub user', DEMO_USERS.cikarang, 403],
  ])('%s gets %i from all three functions', async (_who, who, status) => {
    const client = await signedIn(who);
    const token = await tokenOf(client);
    const karawangId = (await profileByEmail(DEMO_USERS.karawang))!.user_id;
    for (const [name, payload] of [
      ['create-user', body],
      ['update-user', { user_id: karawangId, email: DEMO_USERS.karawang, full_name: 'X', role: 'admin' }],
      ['delete-user', { user_id: karawangId }],
    ] as const) {
      const answer = await call(name, payload, token);
      expect(answer.status, name).toBe(status);
      expect(answer.body.error).toBe(
        "You don't have permission to access this feature. Contact your administrator for access.",
      );
      expect(answer.body.key).toBe('notAdmin');
    }
    const { error } = await client.functions.invoke('create-user', { body });
    expect(error?.name).toBe('FunctionsHttpError');
    await client.auth.signOut();
    expect(await authUserCount(body.email)).toBe(0);
    expect(await profileByEmail(DEMO_USERS.karawang)).toMatchObject({ role: 'hub_user', deleted: false });
  });

  it('anon (the anon key, or no token at all) gets 401', async () => {
    for (const name of ['create-user', 'update-user', 'delete-user']) {
      const withAnonKey = await call(name, body, stack().anonKey);
      expect(withAnonKey).toEqual({ status: 401, body: { error: 'Not authenticated', key: 'notAuthenticated' } });
      const without = await fetch(`${stack().apiUrl}/functions/v1/${name}`, { method: 'POST', body: '{}' });
      expect(without.status).toBe(401);
    }
    expect(await authUserCount(body.email)).toBe(0);
  });
});

describe('the last admin', () => {
  it('an admin cannot delete itself', async () => {
    const answer = await call('delete-user', { user_id: adminId }, adminToken);
    expect(answer).toEqual({ status: 400, body: { error: 'Anda tidak dapat menghapus akun Anda sendiri', key: 'deleteSelf' } });
    expect(await canSignIn(DEMO_USERS.admin, DEMO_PASSWORD)).toBe(true);
  });

  it('the only admin cannot be demoted', async () => {
    const { rows } = await owner.query(
      "select count(*)::int as n from public.profiles where role = 'admin' and not deleted",
    );
    expect(rows[0].n).toBe(1);
    const answer = await call(
      'update-user',
      { user_id: adminId, email: DEMO_USERS.admin, full_name: 'Admin', role: 'tower_control' },
      adminToken,
    );
    expect(answer).toEqual({
      status: 409,
      body: { error: 'Admin terakhir tidak dapat dihapus atau diubah role-nya', key: 'lastAdmin' },
    });
    expect(await profileByEmail(DEMO_USERS.admin)).toMatchObject({ role: 'admin' });
  });

  it('the database refuses it too, whatever path tries (the Auth admin API as the service role)', async () => {
    const service = serviceClient();
    const demote = await service.auth.admin.updateUserById(adminId, {
      app_metadata: { role: 'hub_user', hub_id: HUB.cikarang },
    });
    expect(demote.error).not.toBeNull();
    const remove = await service.auth.admin.deleteUser(adminId);
    expect(remove.error).not.toBeNull();
    expect(await profileByEmail(DEMO_USERS.admin)).toMatchObject({ role: 'admin', deleted: false });
    expect(await canSignIn(DEMO_USERS.admin, DEMO_PASSWORD)).toBe(true);
  });

  it('another admin can be deleted while one remains', async () => {
    const address = email('second-admin');
    const created = await call(
      'create-user',
      { email: address, password: 'rahasia1', full_name: 'Admin Dua', role: 'admin' },
      adminToken,
    );
    expect(created.status).toBe(200);
    const deleted = await call('delete-user', { user_id: created.body.user!.id }, adminToken);
    expect(deleted.status).toBe(200);
    expect(await canSignIn(address, 'rahasia1')).toBe(false);
  });
});
