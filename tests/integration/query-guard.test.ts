// The gateway does not ask PostgREST what let one signed-in user's request work for seconds
// (supabase/local/query-guard.ts): a filter on a function's answer, embedding more than two
// levels deep, a regular expression. Each is refused with 400 and PostgREST's error shape, by
// HTTP through supabase-js as a client sends it; what the app asks goes through.
import { afterAll, describe, expect, it } from 'vitest';
import { stack } from '../support/clients';
import { as, closeDb } from './commands-support';
import { signUp } from './sign-up-sender';

afterAll(closeDb);

async function ask(token: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${stack().apiUrl}/rest/v1${path}`, {
    ...init,
    headers: {
      apikey: stack().anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(init.headers as Record<string, string>),
    },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const tokenOf = async (client: Awaited<ReturnType<typeof as>>['client']) =>
  (await client.auth.getSession()).data.session!.access_token;

describe('the gateway refuses', () => {
  it("a filter on a function's answer, and a function called with GET", async () => {
    const token = await tokenOf((await signUp('query-guard')).client);
    const filtered = await ask(token, '/rpc/changed_tables?pgrst_scalar=like.*a*', {
      method: 'POST',
      body: JSON.stringify({}),
    });
    expect(filtered).toMatchObject({ status: 400, body: { code: 'PGRST100' } });
    const got = await ask(token, '/rpc/changed_tables');
    expect(got).toMatchObject({
      status: 400,
      body: { code: 'PGRST100', message: expect.stringMatching(/POST/) },
    });
  });

  it('embedding more than two levels deep, and regular expression filters', async () => {
    const token = await tokenOf((await as('karawang')).client);
    const deep = await ask(
      token,
      '/hubs?select=id,shipments!origin_hub_id(id,hubs!origin_hub_id(id,shipments!origin_hub_id(id)))',
    );
    expect(deep).toMatchObject({ status: 400, body: { code: 'PGRST100' } });
    for (const filter of [
      'full_name=match.^a',
      'full_name=not.imatch.^a',
      'or=(email.eq.x,full_name.imatch.a)',
    ]) {
      expect(await ask(token, `/profiles?select=id&${filter}`), filter).toMatchObject({
        status: 400,
        body: { code: 'PGRST100' },
      });
    }
  });
});

describe('the gateway forwards', () => {
  it('what the app asks: a function by POST, a plain or one-level select, an equality filter', async () => {
    const karawang = await as('karawang');
    expect((await karawang.client.rpc('attention_settings')).error).toBeNull();
    const hubs = await karawang.client.from('hubs').select('id,warehouses(id)').limit(3);
    expect(hubs.error).toBeNull();
    expect(hubs.data!.length).toBeGreaterThan(0);
    const own = await karawang.client.from('profiles').select('id').eq('email', karawang.email);
    expect(own.error).toBeNull();
    expect(own.data).toHaveLength(1);
  });
});
