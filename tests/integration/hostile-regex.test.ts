// Issue 38: one crafted request from an open sign-up froze the whole hub for 75 s on the stack's
// embedded PGlite (it ran on the stack's only thread, and never enforced the roles'
// statement_timeout). An exponential regular expression over a 200-character display name:
// on a PostgreSQL server it runs in a backend of its own and is cancelled by authenticated's
// statement_timeout (8 s, 57014), while the health check, the app shell and another user's pull
// are answered meanwhile. "Meanwhile" is shown by order, not by a clock: each answer arrives
// while the hostile request is still open. Since 2026-12-03 the gateway refuses regular
// expression filters (query-guard.ts), so this file asks PostgREST behind it directly for the
// database's part, and checks the gateway's refusal too.
import { describe, expect, it } from 'vitest';
import { anonClient, ownerSql, signedIn, stack } from '../support/clients';
import { DEMO_USERS } from '../support/demo';

// 200 characters; the pattern needs a final 'c' after a mirrored prefix, and no split of 199
// letters mirrors, so the backtracking tries them all (about n^5.5 steps: hours).
const NAME = `${'a'.repeat(199)}c`;

describe('a hostile regular expression from an open sign-up', () => {
  it('is cancelled by the role timeout while health, the app shell and another user go on', async () => {
    const { apiUrl, appUrl, anonKey, postgrestUrl } = stack();
    const attacker = anonClient();
    const email = `regex-${Date.now()}@example.com`;
    const { data, error } = await attacker.auth.signUp({ email, password: 'secret-123' });
    expect(error).toBeNull();
    const token = data.session!.access_token;
    const named = await attacker.auth.updateUser({ data: { full_name: NAME } });
    expect(named.error).toBeNull();
    const { data: own } = await attacker
      .from('profiles')
      .select('full_name')
      .eq('id', data.user!.id)
      .single();
    expect(own?.full_name).toBe(NAME);

    const pattern = encodeURIComponent('^(.*)(.*)(.*)(.*)\\4\\3\\2\\1c$');
    let settled = false;
    // Through the gateway: refused before PostgREST sees it.
    const refused = await fetch(`${apiUrl}/rest/v1/profiles?select=id&full_name=match.${pattern}`, {
      headers: { apikey: anonKey, authorization: `Bearer ${token}` },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'PGRST100' });
    const hostile = fetch(`${postgrestUrl}/profiles?select=id&full_name=match.${pattern}`, {
      headers: { apikey: anonKey, authorization: `Bearer ${token}` },
    }).then(async (res) => {
      settled = true;
      return { status: res.status, body: (await res.json()) as { code?: string } };
    });
    // The hostile statement is running once the server lists it as active.
    const sql = await ownerSql();
    try {
      await expect
        .poll(async () => {
          const { rows } = await sql.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where state = 'active' and query like '%full_name%~%'`,
          );
          return rows[0]!.n;
        })
        .toBeGreaterThan(0);
    } finally {
      await sql.end();
    }
    const tower = await signedIn(DEMO_USERS.tower);

    const health = await fetch(`${apiUrl}/auth/v1/health`);
    expect(health.status).toBe(200);
    const shell = await fetch(appUrl);
    expect(shell.status).toBe(200);
    const pulled = await tower.from('hubs').select('id').limit(5);
    expect(pulled.error).toBeNull();
    expect(pulled.data!.length).toBeGreaterThan(0);
    // All three were answered while the hostile request was still open.
    expect(settled).toBe(false);

    const answer = await hostile;
    console.log(`[hostile-regex] answered ${answer.status} ${JSON.stringify(answer.body)}`);
    expect(answer.body.code).toBe('57014');
    expect(answer.status).toBeGreaterThanOrEqual(400);
  }, 60_000);
});
