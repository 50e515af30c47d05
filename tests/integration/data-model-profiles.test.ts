// Issue 3: a profile for every new auth user, and the token carrying its role
// and hub. Role and hub come only from app_metadata (service role), never from
// the user metadata a person signing up writes themself.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, ownerSql, serviceClient, signedIn } from '../support/clients';
import { DEMO_USERS, HUB } from '../support/demo';

let owner: pg.Client;
const created: string[] = [];

interface Profile {
  id: string;
  user_id: string | null;
  email: string;
  full_name: string | null;
  role: string;
  hub_id: string | null;
  deleted: boolean;
}

async function profileOf(userId: string): Promise<Profile | undefined> {
  const { rows } = await owner.query<Profile>('select * from public.profiles where id = $1', [userId]);
  return rows[0];
}

const email = (what: string) => `${what}-${randomUUID().slice(0, 8)}@demo.local`;

beforeAll(async () => {
  owner = await ownerSql();
});

afterAll(async () => {
  const admin = serviceClient().auth.admin;
  for (const id of created) await admin.deleteUser(id);
  await owner.end();
});

describe('the demo users', () => {
  it.each([
    [DEMO_USERS.admin, 'admin', null],
    [DEMO_USERS.tower, 'tower_control', null],
    [DEMO_USERS.karawang, 'hub_user', HUB.karawang],
    [DEMO_USERS.cikarang, 'hub_user', HUB.cikarang],
    [DEMO_USERS.poljak, 'hub_user', HUB.poljak],
    [DEMO_USERS.polsub, 'hub_user', HUB.polsub],
    [DEMO_USERS.makassar, 'hub_user', HUB.makassar],
  ])('%s has role %s and hub %s in its profile and its token', async (address, role, hubId) => {
    const client = await signedIn(address);
    const { data } = await client.auth.getSession();
    expect(data.session!.user.app_metadata).toMatchObject({ role, hub_id: hubId });

    const { data: profiles, error } = await client
      .from('profiles')
      .select('email, role, hub_id, full_name')
      .eq('user_id', data.session!.user.id);
    expect(error).toBeNull();
    expect(profiles).toEqual([{ email: address, role, hub_id: hubId, full_name: expect.any(String) }]);
    await client.auth.signOut();
  });
});

describe('open sign-up', () => {
  let client: SupabaseClient;
  let userId: string;

  beforeAll(async () => {
    client = anonClient();
    // A person signing up claims to be an admin of Hub Karawang in user metadata.
    const { data, error } = await client.auth.signUp({
      email: email('signup'),
      password: 'secret1',
      options: { data: { full_name: 'Pendaftar Baru', role: 'admin', hub_id: HUB.karawang } },
    });
    expect(error).toBeNull();
    userId = data.user!.id;
    created.push(userId);
  });

  it('gets a hub_user profile with its name, and no hub until an admin assigns one', async () => {
    expect(await profileOf(userId)).toMatchObject({
      user_id: userId,
      full_name: 'Pendaftar Baru',
      role: 'hub_user',
      hub_id: null,
      deleted: false,
    });
  });

  it('reads master data and its own profile, but no hub data', async () => {
    const own = await client.from('profiles').select('user_id');
    expect(own.data).toEqual([{ user_id: userId }]);
    expect((await client.from('hubs').select('id')).data!.length).toBeGreaterThanOrEqual(5);
    for (const table of ['shipments', 'inventory', 'containers'] as const) {
      const { data, error } = await client.from(table).select('id');
      expect(error).toBeNull();
      expect(data, table).toEqual([]);
    }
    expect((await client.rpc('my_hub_id')).data).toBeNull();
  });
});

describe('users made by an admin (Auth admin API, service role)', () => {
  it('take role and hub from app_metadata, and changes there reach the profile', async () => {
    const admin = serviceClient().auth.admin;
    const address = email('cikarang2');
    const { data, error } = await admin.createUser({
      email: address,
      password: 'secret1',
      email_confirm: true,
      user_metadata: { full_name: 'Petugas Cikarang Dua' },
      app_metadata: { role: 'hub_user', hub_id: HUB.cikarang },
    });
    expect(error).toBeNull();
    const id = data.user!.id;
    created.push(id);
    expect(await profileOf(id)).toMatchObject({
      role: 'hub_user',
      hub_id: HUB.cikarang,
      full_name: 'Petugas Cikarang Dua',
    });

    // Signed in, it reads what a Cikarang user reads.
    const client = await signedIn(address, 'secret1');
    expect((await client.rpc('my_hub_id')).data).toBe(HUB.cikarang);
    const shipments = await client.from('shipments').select('id');
    // Other test files add shipments of their own; the seeded ones have fixed ids.
    expect(shipments.data!.filter((s) => s.id.startsWith('66666666-'))).toHaveLength(7);
    await client.auth.signOut();

    // Promoted to tower_control: the hub is cleared (spec 5: choosing admin clears the hub).
    expect((await admin.updateUserById(id, { app_metadata: { role: 'tower_control' } })).error).toBeNull();
    expect(await profileOf(id)).toMatchObject({ role: 'tower_control', hub_id: null });

    // Back to a hub user of PolSub, and a new e-mail.
    const newAddress = email('polsub2');
    const back = await admin.updateUserById(id, {
      email: newAddress,
      app_metadata: { role: 'hub_user', hub_id: HUB.polsub },
    });
    expect(back.error).toBeNull();
    expect(await profileOf(id)).toMatchObject({ role: 'hub_user', hub_id: HUB.polsub, email: newAddress });
  });

  it('a profile change by the service role reaches the token', async () => {
    const admin = serviceClient().auth.admin;
    const address = email('promote');
    const { data } = await admin.createUser({ email: address, password: 'secret1', email_confirm: true });
    const id = data.user!.id;
    created.push(id);

    const { error } = await serviceClient().from('profiles').update({ hub_id: HUB.poljak }).eq('id', id);
    expect(error).toBeNull();
    const client = await signedIn(address, 'secret1');
    const { data: session } = await client.auth.getSession();
    expect(session.session!.user.app_metadata).toMatchObject({ role: 'hub_user', hub_id: HUB.poljak });
    await client.auth.signOut();
  });

  it('an unknown role in app_metadata is refused', async () => {
    const { error } = await serviceClient().auth.admin.createUser({
      email: email('bad-role'),
      password: 'secret1',
      app_metadata: { role: 'superuser' },
    });
    expect(error).not.toBeNull();
  });

  it('deleting the user leaves a deleted profile behind, so devices learn of it', async () => {
    const admin = serviceClient().auth.admin;
    const { data } = await admin.createUser({
      email: email('leaver'),
      password: 'secret1',
      email_confirm: true,
      app_metadata: { role: 'hub_user', hub_id: HUB.karawang },
    });
    const id = data.user!.id;
    const before = await owner.query<{ change_xid: string }>(
      'select change_xid::text from public.profiles where id = $1',
      [id],
    );

    expect((await admin.deleteUser(id)).error).toBeNull();
    expect(await profileOf(id)).toMatchObject({ user_id: null, deleted: true });
    const after = await owner.query<{ change_xid: string }>(
      'select change_xid::text from public.profiles where id = $1',
      [id],
    );
    expect(BigInt(after.rows[0]!.change_xid)).toBeGreaterThan(BigInt(before.rows[0]!.change_xid));
  });
});
