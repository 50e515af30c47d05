// Issue 27, finding 6: a deleted user kept reading master data until its
// access token expired. A user made by create-user reads every table of master
// data; an admin deletes it with delete-user; the same access token (still
// unexpired, still accepted by PostgREST) then reads nothing, through /rest/v1
// and through the sync pull, and its commands are refused.
// The fix: supabase/schemas/functions/profiles.sql.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, ownerSql, signedIn, stack } from '../support/clients';
import { DEMO_USERS, HUB } from '../support/demo';

const run = Date.now().toString(36);
const address = `gone-${run}@test.local`;
const password = 'rahasia-gone-1';
const MASTER = ['hubs', 'warehouses', 'shipment_statuses', 'vendors', 'vehicle_types'] as const;

let owner: pg.Client;
let adminToken: string;
let userId: string;
let token: string;

async function fn(name: string, body: unknown, bearer: string) {
  const res = await fetch(`${stack().apiUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      apikey: stack().anonKey,
      authorization: `Bearer ${bearer}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { error?: string; user?: { id: string } } };
}

/** A request to PostgREST with the user's own token, as the app makes it. */
async function rest(path: string, init: RequestInit = {}) {
  const res = await fetch(`${stack().apiUrl}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: stack().anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(init.headers ?? {}),
    },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const rpc = (name: string, args: unknown) =>
  rest(`rpc/${name}`, { method: 'POST', body: JSON.stringify(args) });

/** What the token reads of a table: rows by /rest/v1, by the pull, by visible_ids; [] when refused. */
async function reads(table: string) {
  const direct = await rest(`${table}?select=id`);
  const pull = await rpc('pull_changes', { p_table: table, p_limit: 5000 });
  const visible = await rpc('visible_ids', { p_table: table });
  for (const answer of [direct, pull, visible]) expect([200, 401, 403]).toContain(answer.status);
  return {
    direct: direct.status === 200 ? (direct.body as unknown[]).length : 0,
    pull: pull.status === 200 ? (pull.body.rows as unknown[]).length : 0,
    visible: visible.status === 200 ? (visible.body.ids as unknown[]).length : 0,
  };
}

beforeAll(async () => {
  owner = await ownerSql();
  const admin = await signedIn(DEMO_USERS.admin);
  adminToken = (await admin.auth.getSession()).data.session!.access_token;
  const created = await fn(
    'create-user',
    { email: address, password, full_name: 'Akan Dihapus', role: 'hub_user', hub_id: HUB.karawang },
    adminToken,
  );
  expect(created.status).toBe(200);
  userId = created.body.user!.id;
  const user = anonClient();
  const { data, error } = await user.auth.signInWithPassword({ email: address, password });
  if (error) throw error;
  token = data.session!.access_token;
});

afterAll(async () => {
  await owner.query('delete from auth.users where email = $1', [address]);
  await owner.query('delete from public.profiles where email = $1', [address]);
  await owner.end();
});

describe('a deleted user, with its still unexpired token', () => {
  it('reads master data while it exists', async () => {
    for (const table of MASTER) {
      const r = await reads(table);
      expect(r.direct, table).toBeGreaterThan(0);
      expect(r.pull, table).toBeGreaterThan(0);
      expect(r.visible, table).toBeGreaterThan(0);
    }
  });

  it('reads nothing once an admin deleted it: not through /rest/v1, not through the pull', async () => {
    const deleted = await fn('delete-user', { user_id: userId }, adminToken);
    expect(deleted).toEqual({ status: 200, body: { deleted: userId } });
    // The token itself is still valid for PostgREST: its expiry lies ahead.
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());

    const { rows } = await owner.query<{ n: number }>(
      `select count(*)::int as n from public.profiles where id = $1 and deleted and user_id is null`,
      [userId],
    );
    expect(rows[0]!.n).toBe(1); // the tombstone the devices pull

    const answers: Record<string, unknown> = {};
    for (const table of [...MASTER, 'profiles', 'vehicles', 'shipments', 'containers', 'inventory']) {
      answers[table] = await reads(table);
    }
    const nothing = { direct: 0, pull: 0, visible: 0 };
    expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((t) => [t, nothing])));

    // The round's probe and the fetch by id find nothing either.
    const changed = await rpc('changed_tables', { p_checkpoints: {} });
    expect(changed.status === 200 ? changed.body.tables : []).toEqual([]);
    const byId = await rpc('rows_by_id', { p_table: 'hubs', p_ids: [HUB.karawang] });
    expect(byId.status === 200 ? byId.body : []).toEqual([]);
    const statuses = await rpc('get_shipment_status_values', {});
    expect(statuses.status === 200 ? statuses.body : []).toEqual([]);
  });

  it('and its commands are refused', async () => {
    const command = {
      id: randomUUID(),
      type: 'add_vendor',
      payload: { vendor_id: randomUUID(), name: `Vendor ${run}` },
      issued_at: new Date().toISOString(),
      actor: userId,
    };
    const answer = await rpc('apply_commands', { commands: [command] });
    // Refused as a whole with a clear message (it used to be a 409 naming the foreign key of
    // public.commands to auth.users): the token's user no longer exists.
    expect(answer).toMatchObject({
      status: 403,
      body: { code: '42501', message: 'Pengguna ini sudah dihapus.' },
    });
    const { rows } = await owner.query('select 1 from public.vendors where name = $1', [`Vendor ${run}`]);
    expect(rows).toHaveLength(0);
  });
});
