// Issue 27, finding 11: two admins changing each other at the same moment
// through update-user and delete-user. One may win; the other gets a clear
// refusal (409 with the last-admin message, or 403/401 once it is no admin
// or no user any more), never a 500. Before the fix the loser got a 500: on PostgreSQL the
// two transactions deadlocked in keep_one_admin (each held the row it
// changed and waited for the other's), and on either engine the database's
// last-admin refusal reached the function as Auth's 500.
// Fixed by supabase/schemas/functions/profiles.sql (one role change at a
// time) and takingAnAdminAway in supabase/functions/_shared/admin.ts.
//
// On a stack of its own: the last-two-admins case needs the demo admin
// demoted, which the shared stack's other files rely on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../../supabase/local/stack';
import { DEMO_PASSWORD, DEMO_USERS } from '../support/demo';
import { createTestDatabase } from '../support/test-database';

const ROUNDS = 4;
const run = Date.now().toString(36);
let made = 0;

let own: Stack;
let dataDir: string;
let database: { url: string; drop: () => Promise<void> } | undefined;

interface Answer {
  status: number;
  body: { error?: string; user?: { id: string }; deleted?: string };
}

async function call(name: string, body: unknown, token: string): Promise<Answer> {
  const res = await fetch(`${own.apiUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: { apikey: own.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await fetch(`${own.apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: own.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in as ${email} failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

interface Admin {
  id: string;
  email: string;
  token: string;
}

const PASSWORD = 'rahasia-race-1';

/** A new admin, made by `by` through create-user, signed in. */
async function newAdmin(by: Admin): Promise<Admin> {
  const email = `race-${run}-${++made}@test.local`;
  const created = await call(
    'create-user',
    { email, password: PASSWORD, full_name: `Admin ${made}`, role: 'admin' },
    by.token,
  );
  expect(created.status).toBe(200);
  return { id: created.body.user!.id, email, token: await signIn(email, PASSWORD) };
}

const demote = (who: Admin, by: Admin) =>
  call(
    'update-user',
    { user_id: who.id, email: who.email, full_name: 'Turun', role: 'tower_control' },
    by.token,
  );
const promote = (who: Admin, by: Admin) =>
  call('update-user', { user_id: who.id, email: who.email, full_name: 'Naik', role: 'admin' }, by.token);
const remove = (who: Admin, by: Admin) => call('delete-user', { user_id: who.id }, by.token);

/** The live admins' ids, as the service role reads them. */
async function liveAdmins(): Promise<string[]> {
  const res = await fetch(`${own.apiUrl}/rest/v1/profiles?select=user_id&role=eq.admin&deleted=is.false`, {
    headers: { apikey: own.serviceRoleKey, authorization: `Bearer ${own.serviceRoleKey}` },
  });
  return ((await res.json()) as { user_id: string }[]).map((r) => r.user_id).sort();
}

const LAST_ADMIN = 'Admin terakhir tidak dapat dihapus atau diubah role-nya';
const NOT_ADMIN = "You don't have permission to access this feature. Contact your administrator for access.";

/**
 * The loser's answer: the last-admin refusal; or, when the winner's change
 * came before the loser's own check of its caller, "not an admin" (demoted) or
 * "not authenticated" (deleted: its session is gone).
 */
function isClearRefusal(answer: Answer): boolean {
  return (
    (answer.status === 409 && answer.body.error === LAST_ADMIN) ||
    (answer.status === 403 && answer.body.error === NOT_ADMIN) ||
    (answer.status === 401 && answer.body.error === 'Not authenticated')
  );
}

let demo: Admin;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dermaga-race-'));
  database = process.env.DATABASE_URL
    ? await createTestDatabase(process.env.DATABASE_URL, 'dermaga_race')
    : undefined;
  own = await startStack({ apiPort: 0, appPort: 0, dataDir, databaseUrl: database?.url });
  const token = await signIn(DEMO_USERS.admin, DEMO_PASSWORD);
  const me = await fetch(`${own.apiUrl}/auth/v1/user`, {
    headers: { apikey: own.anonKey, authorization: `Bearer ${token}` },
  });
  demo = { id: ((await me.json()) as { id: string }).id, email: DEMO_USERS.admin, token };
}, 180_000);

afterAll(async () => {
  await own?.stop();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('two admins changing each other at the same moment', () => {
  it('with a third admin left, both demotions go through (no deadlock, no 500)', async () => {
    const x = await newAdmin(demo);
    const y = await newAdmin(demo);
    for (let round = 0; round < ROUNDS; round++) {
      const answers = await Promise.all([demote(y, x), demote(x, y)]);
      for (const a of answers) expect(a.status === 200 || isClearRefusal(a), JSON.stringify(a)).toBe(true);
      expect(answers.some((a) => a.status === 200)).toBe(true);
      expect(await liveAdmins()).toContain(demo.id);
      // Both back to admin for the next round.
      for (const who of [x, y]) expect((await promote(who, demo)).status).toBe(200);
    }
    for (const who of [x, y]) expect((await remove(who, demo)).status).toBe(200);
  });

  it('as the last two admins: one wins, the other is refused with a 4xx and its message, never a 500', async () => {
    let x = await newAdmin(demo);
    let y = await newAdmin(demo);
    // The demo admin steps down: x and y are the last two (this stack is this file's own).
    expect((await demote(demo, x)).status).toBe(200);
    const kinds = ['demote/demote', 'delete/delete', 'demote/delete'] as const;
    for (let round = 0; round < ROUNDS * kinds.length; round++) {
      const kind = kinds[round % kinds.length]!;
      const answers = await Promise.all(
        kind === 'demote/demote'
          ? [demote(y, x), demote(x, y)]
          : kind === 'delete/delete'
            ? [remove(y, x), remove(x, y)]
            : [demote(y, x), remove(x, y)],
      );
      const report = `${kind}, round ${round}: ${JSON.stringify(answers)}`;
      expect(
        answers.filter((a) => a.status === 200),
        report,
      ).toHaveLength(1);
      expect(
        answers.filter((a) => isClearRefusal(a)),
        report,
      ).toHaveLength(1);
      const admins = await liveAdmins();
      expect(admins.length, report).toBe(1);
      // The winner is the one still admin; it brings the other back (or makes a new one).
      const winner = admins[0] === x.id ? x : y;
      const loser = winner === x ? y : x;
      const gone = (await promote(loser, winner)).status !== 200;
      const next = gone ? await newAdmin(winner) : loser;
      [x, y] = [winner, next];
    }
    // Leave the stack as it came: the demo admin back, the rest removed.
    expect((await promote(demo, x)).status).toBe(200);
    for (const who of [x, y]) expect((await remove(who, demo)).status).toBe(200);
    expect(await liveAdmins()).toEqual([demo.id]);
  });
});
