// Issue 27: the Auth stand-in tried as an attacker on the hub's LAN would, and
// answered as Supabase Auth (GoTrue) answers: rate limits per client (3),
// refresh-token reuse ending the session (4), self-service profile changes
// under the same rules as create-user (5), passwords over 72 bytes refused (7),
// an e-mail change of a sign-up without a hub (11), and odd input as a 4xx.
// Rate limits are tried on an Auth of their own (the shared stack raises them
// for the suite's own sign-ins: tests/support/global-setup.ts).
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { markClientAddress } from '../../supabase/local/auth/client-address';
import { anonClient, ownerSql, signedIn, stack } from '../support/clients';
import { DEMO_USERS } from '../support/demo';
import { ownAuth, send, type Answer } from '../support/own-auth';

const run = Date.now().toString(36);
const email = (name: string) => `abuse-${run}-${name}-${randomUUID().slice(0, 8)}@test.local`;

const auth = (method: string, path: string, body?: unknown, token?: string) =>
  send(`${stack().apiUrl}/auth/v1`, method, path, body, token);
const admin = (method: string, path: string, body?: unknown) =>
  auth(method, path, body, stack().serviceRoleKey);

/** A new user from the open sign-up (a hub_user without a hub) and its session. */
async function signUp(password = 'secret1') {
  const address = email('user');
  const answer = await auth('POST', '/signup', { email: address, password });
  expect(answer.status).toBe(200);
  const body = answer.body as { access_token: string; refresh_token: string; user: { id: string } };
  return { email: address, id: body.user.id, token: body.access_token, refresh: body.refresh_token };
}

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = await ownerSql();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  await sql('delete from auth.users where email like $1', [`abuse-${run}-%`]);
});

describe('rate limits (finding 3): per client IP, as Supabase Auth', () => {
  it('by default, 30 password sign-ins per client, then 429 over_request_rate_limit for sign-ins and sign-ups', async () => {
    const own = await ownAuth({});
    try {
      const answers: Answer[] = [];
      for (let i = 0; i < 40; i++)
        answers.push(
          await own.call('POST', '/token?grant_type=password', {
            email: email('nobody'),
            password: 'x1234567',
          }),
        );
      expect(answers.slice(0, 30).map((a) => a.code)).toEqual(Array(30).fill('invalid_credentials'));
      // The bucket refills one token per 10 s: a slow machine may see one more answered.
      const limited = answers.slice(30).filter((a) => a.status === 429);
      expect(limited.length).toBeGreaterThanOrEqual(9);
      expect(limited[0]).toMatchObject({
        code: 'over_request_rate_limit',
        msg: 'Request rate limit reached',
      });
      const signUp = await own.call('POST', '/signup', { email: email('late'), password: 'secret1' });
      expect(signUp.status).toBe(429);
    } finally {
      await own.close();
    }
  });

  it('limits are configurable; a refused sign-up creates nothing; refreshes have their own limit', async () => {
    const own = await ownAuth({ rateLimits: { signInSignUps: 3, tokenRefresh: 2 } });
    try {
      const addresses = [1, 2, 3, 4].map((n) => email(`burst${n}`));
      const statuses = [];
      for (const address of addresses)
        statuses.push((await own.call('POST', '/signup', { email: address, password: 'secret1' })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(await sql('select 1 from auth.users where email = $1', [addresses[3]])).toHaveLength(0);

      let refresh = (await signUp()).refresh;
      const refreshes = [];
      for (let i = 0; i < 3; i++) {
        const answer = await own.call('POST', '/token?grant_type=refresh_token', { refresh_token: refresh });
        refreshes.push(answer.status);
        if (answer.status === 200) refresh = answer.body.refresh_token as string;
      }
      expect(refreshes).toEqual([200, 200, 429]);
    } finally {
      await own.close();
    }
  });

  it('counts a password change with the sign-ins (each is a bcrypt hash); a name change is not counted', async () => {
    const own = await ownAuth({ rateLimits: { signInSignUps: 2 } });
    try {
      const user = await signUp();
      const changes = [];
      for (let i = 0; i < 3; i++)
        changes.push((await own.call('PUT', '/user', { password: `baru-${i}-1234` }, user.token)).status);
      expect(changes).toEqual([200, 200, 429]);
      const renamed = await own.call('PUT', '/user', { data: { full_name: 'Nama Baru' } }, user.token);
      expect(renamed.status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('the client is the TCP peer; only the app server (same process) may name another', async () => {
    const own = await ownAuth({ rateLimits: { signInSignUps: 2 } });
    try {
      const init = (headers: Record<string, string>) => ({
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ email: email('nobody'), password: 'x1234567' }),
      });
      const path = '/token?grant_type=password';
      const peer = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });
      // A LAN client cannot pick a fresh bucket with forwarding headers.
      const lan = [];
      for (let i = 1; i <= 3; i++)
        lan.push(
          (
            await own.app.request(
              path,
              init({ 'x-forwarded-for': `10.0.0.${i}`, 'x-dermaga-client-address': `10.0.1.${i}` }),
              peer('192.168.1.77'),
            )
          ).status,
        );
      expect(lan).toEqual([400, 400, 429]);
      // The app server forwards over loopback and names its clients (app-server.ts): each has its
      // bucket, and what a client claims in its own headers is replaced.
      const appServer = new Hono().all('*', (c) => {
        markClientAddress(c);
        return own.app.fetch(c.req.raw, peer('127.0.0.1'));
      });
      const viaApp = [];
      for (const client of [
        '192.168.1.101',
        '192.168.1.102',
        '192.168.1.103',
        '192.168.1.101',
        '192.168.1.101',
      ])
        viaApp.push(
          (await appServer.request(path, init({ 'x-dermaga-client-address': '10.9.9.9' }), peer(client)))
            .status,
        );
      expect(viaApp).toEqual([400, 400, 400, 400, 429]);
    } finally {
      await own.close();
    }
  });
});

describe('refresh-token reuse (finding 4)', () => {
  it('a revoked token used after the reuse interval revokes its whole session, the newest token too', async () => {
    const user = await signUp();
    const first = user.refresh;
    const second = (await auth('POST', '/token?grant_type=refresh_token', { refresh_token: first })).body;
    const third = (
      await auth('POST', '/token?grant_type=refresh_token', { refresh_token: second.refresh_token })
    ).body;
    const other = await signedIn(user.email, 'secret1'); // another session of the same user
    await sql(`update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1`, [
      first,
    ]);

    const reuse = await auth('POST', '/token?grant_type=refresh_token', { refresh_token: first });
    expect([reuse.status, reuse.code]).toEqual([400, 'refresh_token_already_used']);
    // Whoever holds the newest token (a thief who used it first, or the owner) must sign in again.
    const newest = await auth('POST', '/token?grant_type=refresh_token', {
      refresh_token: third.refresh_token,
    });
    expect([newest.status, newest.code]).toEqual([400, 'refresh_token_already_used']);
    const live = await sql<{ n: number }>(
      'select count(*)::int as n from auth.refresh_tokens t join auth.refresh_tokens f on f.session_id = t.session_id where t.token = $1 and not f.revoked',
      [first],
    );
    expect(live[0]!.n).toBe(0);
    // The user's other session is not touched.
    expect((await other.auth.refreshSession()).error).toBeNull();
  });

  it('the reuse interval is configurable (security.refresh_token_reuse_interval)', async () => {
    const own = await ownAuth({ refreshTokenReuseSeconds: 60 });
    try {
      const user = await signUp();
      const second = await own.call('POST', '/token?grant_type=refresh_token', {
        refresh_token: user.refresh,
      });
      const third = await own.call('POST', '/token?grant_type=refresh_token', {
        refresh_token: second.body.refresh_token,
      });
      await sql(
        `update auth.refresh_tokens set updated_at = now() - interval '30 seconds' where token = $1`,
        [user.refresh],
      );
      // Within 60 s: the session's active token is answered again, as GoTrue does.
      const reuse = await own.call('POST', '/token?grant_type=refresh_token', {
        refresh_token: user.refresh,
      });
      expect(reuse.status).toBe(200);
      expect(reuse.body.refresh_token).toBe(third.body.refresh_token);
    } finally {
      await own.close();
    }
  });
});

const profileName = async (id: string) =>
  (
    await sql<{ full_name: string | null }>('select full_name from public.profiles where user_id = $1', [id])
  )[0]?.full_name;

describe('self-service profile changes (finding 5) follow the rules of create-user', () => {
  it.each([
    ['5,000 characters', 'x'.repeat(5000)],
    ['a NUL', 'Budi\u0000'],
    ['a bell', 'Budi\u0007'],
    ['a right-to-left override', 'Budi\u202egnp.exe'],
    ['a zero-width space', 'Bu\u200bdi'],
    ['half a surrogate pair', 'Budi\ud800'],
  ])('a name with %s is refused 400 validation_failed and not stored', async (_, name) => {
    const user = await signUp();
    await auth('PUT', '/user', { data: { full_name: 'Budi Santoso' } }, user.token);
    const answer = await auth('PUT', '/user', { data: { full_name: name } }, user.token);
    expect([answer.status, answer.code]).toEqual([400, 'validation_failed']);
    expect(await profileName(user.id)).toBe('Budi Santoso');
  });

  it('create-user refuses the same names (one rule)', async () => {
    const token = (await (await signedIn(DEMO_USERS.admin)).auth.getSession()).data.session!.access_token;
    const res = await fetch(`${stack().apiUrl}/functions/v1/create-user`, {
      method: 'POST',
      headers: {
        apikey: stack().anonKey,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        email: email('fn'),
        password: 'secret1',
        full_name: 'Budi\u202e',
        role: 'tower_control',
      }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('Teks berisi karakter yang tidak diizinkan.');
  });

  it('a user cannot change its own e-mail (no confirmation mail can be sent); an admin can', async () => {
    const user = await signUp();
    const other = email('taken-over');
    const answer = await auth('PUT', '/user', { email: other }, user.token);
    expect([answer.status, answer.code]).toEqual([403, 'email_change_not_allowed']);
    const same = await auth('PUT', '/user', { email: user.email.toUpperCase() }, user.token);
    expect(same.status).toBe(200);
    expect((await sql('select 1 from auth.users where email = $1', [other])).length).toBe(0);
  });

  it.each([
    ['a zero-width space', 'adm\u200bin'],
    ['a bidirectional override', 'admin\u202e'],
    ['a Cyrillic a', '\u0430dmin'],
    ['a fullwidth a', '\uff41dmin'],
  ])('a sign-up with %s in the address is refused 400 validation_failed', async (_, local) => {
    const address = `${local}-${run}@demo.local`;
    for (const answer of [
      await auth('POST', '/signup', { email: address, password: 'secret1' }),
      await admin('POST', '/admin/users', { email: address, password: 'secret1', email_confirm: true }),
    ])
      expect([answer.status, answer.code]).toEqual([400, 'validation_failed']);
    expect(await sql('select 1 from auth.users where email = $1', [address.toLowerCase()])).toHaveLength(0);
  });
});

describe('passwords over 72 bytes (finding 7) are refused, never cut', () => {
  const long = 'é'.repeat(36) + 'a'; // 37 characters, 73 bytes

  it('on sign-up, admin create and update, with GoTrue 400 validation_failed', async () => {
    const user = await signUp();
    const answers = [
      await auth('POST', '/signup', { email: email('long'), password: long }),
      await admin('POST', '/admin/users', { email: email('long'), password: long }),
      await admin('PUT', `/admin/users/${user.id}`, { password: long }),
      await auth('PUT', '/user', { password: 'x'.repeat(73) }, user.token),
    ];
    for (const answer of answers)
      expect([answer.status, answer.code, answer.msg]).toEqual([
        400,
        'validation_failed',
        'Password cannot be longer than 72 characters',
      ]);
  });

  it('a sign-in with the first 72 bytes right and more after them is refused', async () => {
    const user = await signUp('a'.repeat(72));
    const longer = await auth('POST', '/token?grant_type=password', {
      email: user.email,
      password: 'a'.repeat(80),
    });
    expect([longer.status, longer.code]).toEqual([400, 'invalid_credentials']);
    const exact = await auth('POST', '/token?grant_type=password', {
      email: user.email,
      password: 'a'.repeat(72),
    });
    expect(exact.status).toBe(200);
  });
});

describe('e-mail changes and odd input answer 4xx, never 500 (finding 11)', () => {
  it('an admin changes the e-mail of a sign-up without a hub; the profile follows', async () => {
    const user = await signUp();
    const next = email('moved');
    const answer = await admin('PUT', `/admin/users/${user.id}`, { email: next });
    expect(answer.status).toBe(200);
    expect(
      await sql('select 1 from public.profiles where user_id = $1 and email = $2', [user.id, next]),
    ).toHaveLength(1);
  });

  it('a change that would leave a hub user without a hub is a 422, not a 500', async () => {
    const created = await admin('POST', '/admin/users', {
      email: email('tower'),
      password: 'secret1',
      app_metadata: { role: 'tower_control' },
    });
    const answer = await admin('PUT', `/admin/users/${created.body.id}`, {
      app_metadata: { role: 'hub_user' },
    });
    expect([answer.status, answer.code]).toEqual([422, 'validation_failed']);
  });

  it.each([
    ['a refresh token with a NUL', '/token?grant_type=refresh_token', { refresh_token: 'abc\u0000' }],
    ['a body that is not JSON', '/token?grant_type=password', '{"email":'],
    ['a JSON array', '/signup', '[1,2]'],
    ['metadata that is a string', '/signup', { email: email('odd'), password: 'secret1', data: 'x' }],
    [
      'an e-mail of 100,000 characters',
      '/signup',
      { email: `${'a'.repeat(100_000)}@demo.local`, password: 'x' },
    ],
    ['an e-mail that is a number', '/signup', { email: 5, password: 'secret1' }],
    [
      'a NUL in the password',
      '/token?grant_type=password',
      { email: DEMO_USERS.admin, password: 'demo\u00001234' },
    ],
  ])('%s', async (_, path, body) => {
    const answer = await auth('POST', path, body);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.code).toBeTruthy();
  });

  it('signs the anon client in as before (sanity)', async () => {
    const { error } = await anonClient().auth.signInWithPassword({
      email: DEMO_USERS.tower,
      password: 'demo1234',
    });
    expect(error).toBeNull();
  });
});
