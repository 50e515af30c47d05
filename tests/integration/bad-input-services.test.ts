// Issue 13: generated bad input beyond commands, through real HTTP: the edge
// functions (create-user, update-user, delete-user), Storage (paths outside
// the bucket's rules, another hub's shipment, wrong types, oversize) and Auth
// (malformed e-mails, wrong types, huge bodies). At least 1,000 inputs; each
// must be refused with a status below 500, a code and a message, and nothing
// may be written (auth.users, profiles and storage.objects keep their
// fingerprint). A run prints its seed and the refusals by code;
// BAD_INPUT_SEED replays it.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownerSql, serviceClient as service, signedIn, stack } from '../support/clients';
import { DEMO_PASSWORD, DEMO_USERS } from '../support/demo';

const SEED = Number(process.env.BAD_INPUT_SEED ?? Date.now() % 2 ** 31);

interface Sent {
  what: string;
  url: string;
  init: RequestInit;
}

async function fingerprint(): Promise<string> {
  const sql = await ownerSql();
  try {
    const parts: string[] = [];
    for (const table of ['auth.users', 'public.profiles', 'storage.objects']) {
      const { rows } = await sql.query(
        `select coalesce(string_agg(md5(to_jsonb(t)::text), ',' order by id), '') as h from ${table} t`,
      );
      parts.push(`${table}:${rows[0].h}`);
    }
    return parts.join('|');
  } finally {
    await sql.end();
  }
}

const tokens: Record<'admin' | 'tower' | 'karawang', string> = { admin: '', tower: '', karawang: '' };
let karawangHub = '';
let karawangShipment = '';
let polsubShipment = '';
let someHubUser = '';

beforeAll(async () => {
  for (const [key, email] of [
    ['admin', DEMO_USERS.admin],
    ['tower', DEMO_USERS.tower],
    ['karawang', DEMO_USERS.karawang],
  ] as const) {
    const client = await signedIn(email);
    tokens[key] = (await client.auth.getSession()).data.session!.access_token;
  }
  const sql = await ownerSql();
  try {
    const one = async (q: string) => (await sql.query(q)).rows[0].id as string;
    karawangHub = await one(`select id from public.hubs where name ilike '%karawang%' and not deleted limit 1`);
    karawangShipment = await one(`select s.id from public.shipments s join public.hubs h on h.id = s.origin_hub_id
                                  where h.name ilike '%karawang%' order by s.created_at limit 1`);
    polsubShipment = await one(`select s.id from public.shipments s join public.hubs h on h.id = s.origin_hub_id
                                where h.name ilike '%polsub%' order by s.created_at limit 1`);
  } finally {
    await sql.end();
  }
  // The target of update-user and delete-user: a user of this test's own, never a demo user.
  const created = await service().auth.admin.createUser({
    email: `bad-input-target-${randomUUID().slice(0, 8)}@demo.local`,
    password: 'rahasia123',
    email_confirm: true,
    app_metadata: { role: 'hub_user', hub_id: karawangHub },
  });
  if (created.error) throw created.error;
  someHubUser = created.data.user.id;
});

// ---- generators ---------------------------------------------------------------------------
const CONTROL = fc.integer({ min: 0, max: 31 }).map((n) => String.fromCharCode(n));
const wrongType = fc.constantFrom<unknown>(0, 42, -1.5, true, false, null, [], ['a'], {}, { a: 1 });
const badEmail = fc.oneof(
  fc.constantFrom('plain', 'a@b', '@b.co', 'a@.co', 'a b@c.co', 'a@b .co', '', ' ', 'a@@b.co', 'a@b.co.'),
  fc.string({ maxLength: 30 }).filter((s) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s)),
  // Tab, line feed, vertical tab, form feed and carriage return at either end are trimmed (a valid address).
  fc.tuple(CONTROL, fc.constantFrom('before', 'inside', 'after')).filter(([c, where]) => where === 'inside' || !/\s/.test(c)).map(([c, where]) =>
    where === 'before' ? `${c}x@demo.local` : where === 'inside' ? `x${c}y@demo.local` : `x@demo.local${c}`,
  ),
  fc.integer({ min: 250, max: 5000 }).map((n) => `${'a'.repeat(n)}@demo.local`),
);
const shortPassword = fc.string({ minLength: 1, maxLength: 5 });
const badName = fc.oneof(
  fc.constantFrom('', '   '),
  fc.integer({ min: 201, max: 3000 }).map((n) => 'N'.repeat(n)),
  CONTROL.filter((c) => !['\t', '\n', '\r'].includes(c)).map((c) => `Nama${c}Jahat`),
);
const notAnObject = fc.constantFrom<string>('[]', '"text"', '42', 'null', 'not json', '{"email":', '');

type Fn = 'create-user' | 'update-user' | 'delete-user';
function validBody(fn: Fn): Record<string, unknown> {
  const email = `gen-${randomUUID().slice(0, 8)}@demo.local`;
  if (fn === 'delete-user') return { user_id: someHubUser };
  const fields = { email, full_name: 'Generated User', role: 'hub_user', hub_id: karawangHub };
  return fn === 'create-user' ? { ...fields, password: 'rahasia123' } : { ...fields, user_id: someHubUser };
}

const functionCase = fc
  .tuple(
    fc.constantFrom<Fn>('create-user', 'update-user', 'delete-user'),
    fc.oneof(
      fc.record({ kind: fc.constant('drop' as const), field: fc.constantFrom('email', 'password', 'full_name', 'role', 'hub_id', 'user_id') }),
      fc.record({ kind: fc.constant('type' as const), field: fc.constantFrom('email', 'password', 'full_name', 'role', 'hub_id', 'user_id'), value: wrongType }),
      fc.record({ kind: fc.constant('email' as const), value: badEmail }),
      fc.record({ kind: fc.constant('password' as const), value: shortPassword }),
      fc.record({ kind: fc.constant('name' as const), value: badName }),
      fc.record({ kind: fc.constant('role' as const), value: fc.constantFrom('root', 'Admin', 'hub', 'service_role', '') }),
      fc.record({ kind: fc.constant('hub' as const), value: fc.oneof(fc.constantFrom('karawang', '', '00000000-0000-4000-8000-000000000000'), fc.uuid()) }),
      fc.record({ kind: fc.constant('user' as const), value: fc.oneof(fc.constantFrom('me', '', '00000000-0000-4000-8000-000000000000'), fc.uuid()) }),
      fc.record({ kind: fc.constant('body' as const), value: notAnObject }),
      fc.record({ kind: fc.constant('caller' as const), value: fc.constantFrom<'tower' | 'karawang' | 'anon' | 'garbage'>('tower', 'karawang', 'anon', 'garbage') }),
    ),
  )
  // Only mutations that make the body bad for that function.
  .filter(([fn, m]) => {
    if (fn === 'delete-user') return ['drop', 'type', 'user', 'body', 'caller'].includes(m.kind) && (!('field' in m) || m.field === 'user_id');
    if (m.kind === 'drop' || m.kind === 'type') {
      if (m.field === 'user_id') return fn === 'update-user';
      // update-user: a missing or null password keeps the old one.
      if (m.field === 'password') return fn === 'create-user' || (m.kind === 'type' && m.value !== null);
      return true;
    }
    if (m.kind === 'user') return fn === 'update-user';
    return true;
  });

function functionRequest([fn, m]: [Fn, { kind: string; field?: string; value?: unknown }]): Sent {
  const body: Record<string, unknown> = validBody(fn);
  let raw: string | undefined;
  let token: string | undefined = tokens.admin;
  switch (m.kind) {
    case 'drop': delete body[m.field!]; break;
    case 'type': body[m.field!] = m.value; break;
    case 'email': body.email = m.value; break;
    case 'password': body.password = m.value; break;
    case 'name': body.full_name = m.value; break;
    case 'role': body.role = m.value; break;
    case 'hub': body.hub_id = m.value; break;
    case 'user': body.user_id = m.value; break;
    case 'body': raw = m.value as string; break;
    case 'caller':
      token = m.value === 'anon' ? undefined : m.value === 'garbage' ? 'not.a.jwt' : tokens[m.value as 'tower' | 'karawang'];
      break;
  }
  return {
    what: `${fn} ${m.kind}${m.field ? `:${m.field}` : ''} ${JSON.stringify(m.value)?.slice(0, 60)}`,
    url: `${stack().apiUrl}/functions/v1/${fn}`,
    init: {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: raw ?? JSON.stringify(body),
    },
  };
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63fcffff3f0005fe02fea7d6a4d10000000049454e44ae426082', 'hex');
const storageCase = fc.oneof(
  // A bad path, with a good image.
  fc.record({
    path: fc.oneof(
      fc.constantFrom('x.png', 'other/x.png', 'shipments/x.png', 'shipments/not-a-uuid/bast.png'),
      fc.constantFrom('photo.png', 'bast.gif', 'bast.exe', 'bast', 'delivery_record.png.exe', 'bast.PNG.', '../bast.png').map((f) => `shipments/{own}/${f}`),
      fc.constantFrom('bast.png', 'delivery_record.jpg').map((f) => `shipments/{other}/${f}`),
      fc.uuid().map((id) => `shipments/${id}/bast.png`),
      fc.tuple(CONTROL, fc.constantFrom('bast', 'delivery_record')).map(([c, f]) => `shipments/{own}/${f}${c}.png`),
      fc.integer({ min: 1100, max: 3000 }).map((n) => `shipments/{own}/${'b'.repeat(n)}.png`),
    ),
    mime: fc.constant('image/png'),
    size: fc.constant('small' as const),
  }),
  // A good path, with a bad type or size.
  fc.record({
    path: fc.constantFrom('shipments/{own}/bast.png', 'shipments/{own}/delivery_record.jpg'),
    mime: fc.constantFrom('text/plain', 'application/json', 'image/gif', 'application/octet-stream', 'image/svg+xml'),
    size: fc.constant('small' as const),
  }),
  fc.record({
    path: fc.constant('shipments/{own}/bast.png'),
    mime: fc.constant('image/png'),
    size: fc.constant('oversize' as const),
  }),
);

function storageRequest(c: { path: string; mime: string; size: 'small' | 'oversize' }): Sent {
  const path = c.path.replace('{own}', karawangShipment).replace('{other}', polsubShipment);
  const bytes = c.size === 'oversize' ? Buffer.alloc(5 * 1024 * 1024 + 1024, 7) : PNG;
  return {
    what: `storage ${JSON.stringify(path).slice(0, 80)} ${c.mime} ${c.size}`,
    url: `${stack().apiUrl}/storage/v1/object/shipment-documents/${path.split('/').map(encodeURIComponent).join('/')}`,
    init: {
      method: 'POST',
      headers: { apikey: stack().anonKey, authorization: `Bearer ${tokens.karawang}`, 'content-type': c.mime },
      body: bytes,
    },
  };
}

const authCase = fc.oneof(
  fc.record({ endpoint: fc.constantFrom('signup', 'token'), email: badEmail as fc.Arbitrary<unknown>, password: fc.constant<unknown>('rahasia123') }),
  fc.record({ endpoint: fc.constantFrom('signup', 'token'), email: wrongType, password: fc.constant<unknown>('rahasia123') }),
  fc.record({ endpoint: fc.constantFrom('signup', 'token'), email: fc.constant<unknown>(DEMO_USERS.karawang), password: fc.oneof(wrongType, fc.constant<unknown>(undefined)) }),
  fc.record({ endpoint: fc.constant('signup'), email: fc.constant<unknown>('{new}'), password: shortPassword as fc.Arbitrary<unknown> }),
  fc.record({ endpoint: fc.constant('token'), email: fc.constant<unknown>(DEMO_USERS.karawang), password: fc.string({ maxLength: 20 }).filter((p) => p !== DEMO_PASSWORD) as fc.Arbitrary<unknown> }),
  fc.record({ endpoint: fc.constantFrom('signup', 'token'), email: fc.constant<unknown>('{huge}'), password: fc.constant<unknown>('rahasia123') }),
  fc.record({ endpoint: fc.constantFrom('signup', 'token'), email: fc.constant<unknown>('{raw}'), password: notAnObject as fc.Arbitrary<unknown> }),
);

function authRequest(c: { endpoint: string; email: unknown; password: unknown }): Sent {
  let body: string;
  if (c.email === '{raw}') body = c.password as string;
  else if (c.email === '{huge}') body = JSON.stringify({ email: `${'h'.repeat(900_000)}@demo.local`, password: 'rahasia123' });
  else body = JSON.stringify({ email: c.email === '{new}' ? `gen-${randomUUID().slice(0, 8)}@demo.local` : c.email, password: c.password });
  return {
    what: `auth ${c.endpoint} ${body.slice(0, 80)}`,
    url: `${stack().apiUrl}/auth/v1/${c.endpoint === 'token' ? 'token?grant_type=password' : 'signup'}`,
    init: { method: 'POST', headers: { apikey: stack().anonKey, 'content-type': 'application/json' }, body },
  };
}

/** The refusal's code and message, in whichever shape the service answers. */
function refusal(status: number, text: string): { code: string; message: string } | null {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
  const message = [body.error, body.msg, body.message, body.error_description].find(
    (m): m is string => typeof m === 'string' && m.trim() !== '',
  );
  const code = [body.error_code, body.code, body.statusCode, body.error].find((c) => c !== undefined && c !== '') ?? status;
  return message ? { code: `${status} ${String(code)}`, message } : null;
}

// Requests in flight at once (a busy hub floor sends several).
const PARALLEL = Number(process.env.BAD_INPUT_PARALLEL ?? 8);

async function send(cases: Sent[], byCode: Map<string, number>, failures: string[]) {
  for (let i = 0; i < cases.length; i += PARALLEL) {
    await Promise.all(
      cases.slice(i, i + PARALLEL).map(async (c) => {
        const res = await fetch(c.url, c.init).catch((e: Error) => ({ status: 0, text: async () => e.message }));
        const text = await res.text();
        const r = refusal(res.status, text);
        if (res.status < 400 || res.status >= 500 || !r) {
          failures.push(`${c.what} -> ${res.status} ${text.slice(0, 160)}`);
          return;
        }
        byCode.set(r.code, (byCode.get(r.code) ?? 0) + 1);
      }),
    );
  }
}

// These services refuse bad input in their own code (the Auth and Storage stand-ins, the Deno
// functions) before any query. The command path's bad input is bad-input-property's.
describe('generated bad input to the edge functions, Storage and Auth', () => {
  it('refuses at least 1,000 with a code and a message, never a 5xx, and writes nothing', async () => {
    console.log(`[bad-input-services] seed ${SEED} (BAD_INPUT_SEED=${SEED} replays it)`);
    const before = await fingerprint();
    const cases = [
      ...fc.sample(functionCase, { numRuns: 500, seed: SEED }).map(functionRequest),
      ...fc.sample(storageCase, { numRuns: 330, seed: SEED + 1 }).map(storageRequest),
      ...fc.sample(authCase, { numRuns: 300, seed: SEED + 2 }).map(authRequest),
    ];
    expect(cases.length).toBeGreaterThanOrEqual(1000);
    const byCode = new Map<string, number>();
    const failures: string[] = [];
    await send(cases, byCode, failures);
    const table = [...byCode].sort((a, b) => b[1] - a[1]).map(([code, n]) => `  ${code}: ${n}`).join('\n');
    console.log(`[bad-input-services] ${cases.length} bad inputs, refused by status and code:\n${table}`);
    expect(failures).toEqual([]);
    expect(await fingerprint()).toBe(before);
  }, 300_000);
});
