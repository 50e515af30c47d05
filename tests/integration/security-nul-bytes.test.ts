// Issue 27: a NUL byte (U+0000) in any text a client sends. PostgreSQL stores
// no NUL in text or jsonb (22P05 "unsupported Unicode escape sequence", 22021
// for a raw 0x00 byte), so every such request must be refused with a clear
// 4xx, a code and a message, before or instead of reaching the database, and
// write nothing: through apply_commands and the other rpcs, PostgREST's
// filters, and the user-management functions.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerSql, signedIn, stack } from '../support/clients';
import { DEMO_USERS, HUB } from '../support/demo';

const NUL = '\u0000';
const run = Date.now().toString(36);

let owner: pg.Client;
let adminToken: string;
let adminId: string;
let karawangToken: string;
let karawangId: string;
let targetId: string;
const targetEmail = `nul-${run}-target@test.local`;

interface Answer {
  status: number;
  body: Record<string, unknown> | unknown[] | string | undefined;
}

async function send(path: string, init: { method?: string; body?: string }, token: string): Promise<Answer> {
  const res = await fetch(`${stack().apiUrl}${path}`, {
    method: init.method ?? 'POST',
    headers: {
      apikey: stack().anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: init.body,
  });
  const text = await res.text();
  let body: Answer['body'] = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // left as text: the check below names it
  }
  return { status: res.status, body };
}

/** A refusal: 4xx with a code (or, from the functions, the error text as spec 7.5 has it) and a message. */
function expectClearRefusal(answer: Answer, what: string) {
  expect(answer.status, `${what}: ${JSON.stringify(answer)}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, `${what}: ${JSON.stringify(answer)}`).toBeLessThan(500);
  const body = answer.body as Record<string, unknown>;
  const message = body?.message ?? body?.error ?? body?.msg;
  expect(typeof message === 'string' && message.length > 0, `${what}: ${JSON.stringify(answer)}`).toBe(true);
}

beforeAll(async () => {
  owner = await ownerSql();
  const admin = await signedIn(DEMO_USERS.admin);
  adminToken = (await admin.auth.getSession()).data.session!.access_token;
  adminId = (await admin.auth.getUser()).data.user!.id;
  const karawang = await signedIn(DEMO_USERS.karawang);
  karawangToken = (await karawang.auth.getSession()).data.session!.access_token;
  karawangId = (await karawang.auth.getUser()).data.user!.id;
  // update-user and delete-user act on a user of this file's own.
  const created = await send(
    '/functions/v1/create-user',
    {
      body: JSON.stringify({
        email: targetEmail,
        password: 'rahasia1',
        full_name: 'Target',
        role: 'hub_user',
        hub_id: HUB.karawang,
      }),
    },
    adminToken,
  );
  expect(created.status).toBe(200);
  targetId = (created.body as { user: { id: string } }).user.id;
});

afterAll(async () => {
  await owner.query('delete from auth.users where email like $1', [`nul-${run}-%`]);
  await owner.query('delete from public.profiles where email like $1', [`nul-${run}-%`]);
  await owner.end();
});

describe('a NUL in what a device sends', () => {
  const command = (over: Record<string, unknown>) => ({
    id: randomUUID(),
    type: 'add_vendor',
    payload: { vendor_id: randomUUID(), name: `Vendor NUL ${run}` },
    issued_at: new Date().toISOString(),
    actor: karawangId,
    ...over,
  });
  const cases: [string, unknown][] = [
    ['a payload text', command({ payload: { vendor_id: randomUUID(), name: `Vendor${NUL}${run}` } })],
    [
      'a payload key',
      command({ payload: { vendor_id: randomUUID(), name: `Vendor ${run}`, [`x${NUL}`]: 1 } }),
    ],
    ['the command id', command({ id: `${randomUUID()}${NUL}` })],
    ['the command type', command({ type: `add_vendor${NUL}` })],
    ['the device time', command({ issued_at: `${new Date().toISOString()}${NUL}` })],
    ['the actor', command({ actor: `${karawangId}${NUL}` })],
  ];
  for (const [what, cmd] of cases) {
    it(`in ${what}: apply_commands refuses it clearly, nothing is written`, async () => {
      const answer = await send(
        '/rest/v1/rpc/apply_commands',
        { body: JSON.stringify({ commands: [cmd] }) },
        karawangToken,
      );
      if (answer.status === 200) {
        // Refused as a command, with its code and message.
        const [result] = (answer.body as { results: { outcome: string; code: string; message: string }[] })
          .results;
        expect(result).toMatchObject({ outcome: 'rejected' });
        expect(result!.code.length).toBeGreaterThan(0);
      } else {
        expectClearRefusal(answer, what);
      }
      console.log(
        `[nul-bytes] apply_commands, NUL in ${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`,
      );
      const { rows } = await owner.query(`select 1 from public.vendors where name like $1`, [
        `Vendor%${run}`,
      ]);
      expect(rows).toEqual([]);
    });
  }

  it('in the other rpcs and in a filter: a clear 4xx (a filter may find nothing)', async () => {
    const rpc = (name: string, args: object, token: string) =>
      send(`/rest/v1/rpc/${name}`, { body: JSON.stringify(args) }, token);
    const get = (path: string) => send(path, { method: 'GET' }, karawangToken);
    const answers: [string, Answer][] = [
      ['pull_changes', await rpc('pull_changes', { p_table: `hubs${NUL}` }, karawangToken)],
      ['visible_ids', await rpc('visible_ids', { p_table: `hubs${NUL}` }, karawangToken)],
      [
        'changed_tables',
        await rpc('changed_tables', { p_checkpoints: { [`hubs${NUL}`]: { xid: NUL } } }, karawangToken),
      ],
      ['add_shipment_status', await rpc('add_shipment_status', { new_status: `otw${NUL}` }, adminToken)],
      ['a filter', await get(`/rest/v1/vendors?name=eq.${encodeURIComponent(`x${NUL}`)}`)],
      ['a select', await get(`/rest/v1/vendors?select=${encodeURIComponent(`name${NUL}`)}`)],
    ];
    for (const [what, answer] of answers) {
      console.log(`[nul-bytes] ${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`);
      // A filter may also just find nothing: the NUL never reaches a stored text.
      if (what.startsWith('a ') && answer.status === 200) expect(answer.body, what).toEqual([]);
      else expectClearRefusal(answer, what);
    }
  });
});

describe('a NUL in what the user-management functions get', () => {
  /** A user-management function called by the admin. */
  const asAdmin = (name: string, args: object) =>
    send(`/functions/v1/${name}`, { body: JSON.stringify(args) }, adminToken);
  const base = () => ({
    email: `nul-${run}-${randomUUID().slice(0, 8)}@test.local`,
    password: 'rahasia1',
    full_name: 'Nama Biasa',
    role: 'hub_user',
    hub_id: HUB.karawang,
  });
  const fields = ['email', 'password', 'full_name', 'role', 'hub_id'] as const;

  for (const field of fields) {
    it(`create-user with a NUL in ${field}: a clear 4xx, no user`, async () => {
      const body = base();
      const answer = await asAdmin('create-user', { ...body, [field]: `${body[field]}${NUL}` });
      // A NUL inside a password is bytes the hash takes; everything else is refused.
      if (field === 'password' && answer.status === 200) return;
      expectClearRefusal(answer, field);
      const { rows } = await owner.query('select 1 from auth.users where email = $1', [body.email]);
      expect(rows).toEqual([]);
    });
  }

  it('update-user and delete-user with a NUL in any field: a clear 4xx, nothing changed', async () => {
    const profile = 'select email, full_name, role, hub_id, deleted from public.profiles where id = $1';
    const before = await owner.query(profile, [targetId]);
    const body = {
      user_id: targetId,
      email: targetEmail,
      full_name: 'Target',
      role: 'hub_user',
      hub_id: HUB.karawang,
    };
    for (const field of ['user_id', 'email', 'full_name', 'role', 'hub_id'] as const) {
      const answer = await asAdmin('update-user', { ...body, [field]: `${body[field]}${NUL}` });
      expectClearRefusal(answer, `update-user ${field}`);
    }
    expectClearRefusal(await asAdmin('delete-user', { user_id: `${targetId}${NUL}` }), 'delete-user');
    expectClearRefusal(await asAdmin('delete-user', { user_id: `${adminId}${NUL}` }), 'delete-user self');
    const after = await owner.query(profile, [targetId]);
    expect(after.rows).toEqual(before.rows);
  });
});
