// Issue 27: generated abuse against the data side of the stack, through real HTTP: a deleted
// user's token, files that are not what they declare, bodies that never end, tables written
// without a filter, NUL bytes, and the headers that keep the app out of frames and stored files
// from being sniffed. The seed is printed (ABUSE_SEED replays it); each class sends a bounded
// number of requests; a run prints what it tried and the answers by status, and fails on any
// 5xx or any abuse accepted. The Auth side: abuse-generated-auth.test.ts.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { AbuseLog, reportAndRemoveUsers } from '../support/abuse';
import { signedIn, stack } from '../support/clients';
import { DEMO_USERS, HUB, WAREHOUSE } from '../support/demo';
import { png } from '../support/images';
import { streamUpload } from '../support/upload-stream';
import { as, closeDb, daratPayload, makeVehicle } from './commands-support';

const SEED = Number(process.env.ABUSE_SEED ?? Date.now() % 2 ** 31);
const log = new AbuseLog();
const run = `abuse-data-${Date.now().toString(36)}`;
let salt = 100;
const sample = <T>(arb: fc.Arbitrary<T>, n: number): T[] =>
  fc.sample(arb, { seed: SEED + ++salt, numRuns: n });
const api = (path: string) => `${stack().apiUrl}${path}`;
const BUCKET = 'shipment-documents';

async function tokenOf(email: string, password?: string): Promise<string> {
  return (await (await signedIn(email, password)).auth.getSession()).data.session!.access_token;
}

function headers(token: string, extra: Record<string, string> = {}): Record<string, string> {
  return { apikey: stack().anonKey, authorization: `Bearer ${token}`, ...extra };
}

async function answer(
  cls: string,
  what: string,
  res: Response,
  accepted: (status: number, body: unknown) => boolean,
) {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  log.record(cls, what, res.status, accepted(res.status, body));
}

function check(cls: string, atLeast: number) {
  expect(log.count(cls)).toBeGreaterThanOrEqual(atLeast);
  expect(log.failures(cls)).toEqual([]);
}

afterAll(async () => {
  await reportAndRemoveUsers(log, SEED, run);
  await closeDb();
});

describe('generated abuse, data side (issue 27)', () => {
  it("a deleted user's unexpired token reads and writes nothing", async () => {
    const cls = 'deleted user';
    const admin = await tokenOf(DEMO_USERS.admin);
    const email = `${run}-gone@test.local`;
    const fn = (name: string, body: unknown) =>
      fetch(api(`/functions/v1/${name}`), {
        method: 'POST',
        headers: headers(admin, { 'content-type': 'application/json' }),
        body: JSON.stringify(body),
      });
    const made = await fn('create-user', {
      email,
      password: 'rahasia123',
      full_name: 'Akan Dihapus',
      role: 'hub_user',
      hub_id: HUB.karawang,
    });
    expect(made.status).toBe(200);
    const userId = ((await made.json()) as { user: { id: string } }).user.id;
    const token = await tokenOf(email, 'rahasia123');
    expect((await fn('delete-user', { user_id: userId })).status).toBe(200);
    const tables = [
      'hubs',
      'warehouses',
      'vendors',
      'vehicle_types',
      'shipment_statuses',
      'shipments',
      'inventory',
      'vehicles',
    ];
    for (const table of sample(fc.shuffledSubarray(tables, { minLength: 5 }), 1)[0]!) {
      const res = await fetch(api(`/rest/v1/${table}?select=id`), { headers: headers(token) });
      await answer(cls, `read ${table}`, res, (s, body) => s < 300 && Array.isArray(body) && body.length > 0);
    }
    const command = {
      id: randomUUID(),
      type: 'add_vendor',
      payload: { vendor_id: randomUUID(), name: `Vendor ${run}`, transport_mode: 'darat' },
      issued_at: new Date().toISOString(),
      actor: userId,
    };
    const res = await fetch(api('/rest/v1/rpc/apply_commands'), {
      method: 'POST',
      headers: headers(token, { 'content-type': 'application/json' }),
      body: JSON.stringify({ commands: [command] }),
    });
    await answer(cls, 'send a command', res, (s) => s < 300);
    check(cls, 6);
  });

  it('files that are not what they declare are refused, and stored files are served as data', async () => {
    const cls = 'uploads';
    const karawang = await as('karawang');
    const payload = daratPayload(HUB.karawang, await makeVehicle(HUB.karawang), WAREHOUSE.cikarang, {
      image_count: 0,
    });
    await karawang.ok('create_shipment_darat', payload);
    const token = await tokenOf(DEMO_USERS.karawang);
    const disguise = fc.record({
      bytes: fc.constantFrom(
        ['HTML', '<!doctype html><script>alert(document.cookie)</script>'],
        ['SVG', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
        ['script', 'fetch("/auth/v1/user")'],
        ['PDF', '%PDF-1.4\n1 0 obj<<>>endobj'],
        ['ZIP', 'PK\u0003\u0004rest'],
      ),
      declared: fc.constantFrom('image/png', 'image/jpeg', 'image/webp'),
      slot: fc.constantFrom('delivery_record', 'bast'),
    });
    for (const d of sample(disguise, 8)) {
      const path = `shipments/${payload.shipment_id}/${d.slot}.png`;
      const res = await fetch(api(`/storage/v1/object/${BUCKET}/${path}`), {
        method: 'POST',
        headers: headers(token, { 'content-type': d.declared, 'x-upsert': 'true' }),
        body: d.bytes[1],
      });
      await answer(cls, `${d.bytes[0]} declared as ${d.declared}`, res, (s) => s < 300);
    }
    // A real photo is taken, and served back as data that no browser runs.
    const path = `shipments/${payload.shipment_id}/delivery_record.png`;
    const stored = await fetch(api(`/storage/v1/object/${BUCKET}/${path}`), {
      method: 'POST',
      headers: headers(token, { 'content-type': 'image/png', 'x-upsert': 'true' }),
      body: new Uint8Array(png(4, 4)),
    });
    expect(stored.status).toBe(200);
    const served = await fetch(api(`/storage/v1/object/authenticated/${BUCKET}/${path}`), {
      headers: headers(token),
    });
    await answer(
      cls,
      'a stored photo is served with nosniff and a sandbox',
      served,
      (s) =>
        s !== 200 ||
        served.headers.get('x-content-type-options') !== 'nosniff' ||
        !/sandbox/.test(served.headers.get('content-security-policy') ?? ''),
    );
    check(cls, 9);
  });

  it('bodies that never end are refused while they stream, before any work', async () => {
    const cls = 'unbounded bodies';
    const targets = [
      '/rest/v1/rpc/apply_commands',
      '/auth/v1/token?grant_type=password',
      '/functions/v1/create-user',
      `/storage/v1/object/${BUCKET}/shipments/${randomUUID()}/bast.png`,
    ];
    for (const path of targets) {
      const sent = await streamUpload(api(path), {
        headers: {
          apikey: stack().anonKey,
          authorization: `Bearer ${stack().anonKey}`,
          'content-type': 'application/json',
        },
        totalBytes: 64 * 1024 * 1024,
        head: Buffer.from('{"a":"'),
      }).catch((error: Error) => {
        // The server may close the connection before its answer reaches a client still sending.
        const closedAfter = /after (\d+) bytes/.exec(error.message);
        if (!closedAfter) throw error;
        return { status: 0, sent: Number(closedAfter[1]) };
      });
      // Refused before the body is read: well before 64 MB were sent (status 0: closed).
      log.record(
        cls,
        `64 MB chunked to ${path} (refused after ${(sent.sent / 2 ** 20).toFixed(1)} MB)`,
        sent.status,
        (sent.status > 0 && sent.status < 300) || sent.sent >= 60 * 2 ** 20,
      );
    }
    const depth = sample(fc.integer({ min: 65, max: 5000 }), 3);
    for (const d of depth) {
      const res = await fetch(api('/rest/v1/rpc/apply_commands'), {
        method: 'POST',
        headers: headers(stack().anonKey, { 'content-type': 'application/json' }),
        body: '['.repeat(d) + ']'.repeat(d),
      });
      await answer(cls, `JSON nested ${d} deep`, res, (s) => s < 300);
    }
    check(cls, 7);
  });

  it('tables written without a filter, and NUL bytes anywhere, are refused', async () => {
    const cls = 'unfiltered writes and NULs';
    const token = await tokenOf(DEMO_USERS.karawang);
    for (const table of ['vendors', 'hubs', 'shipments', 'inventory', 'profiles']) {
      for (const [method, body] of [
        ['PATCH', '{"deleted":true}'],
        ['DELETE', undefined],
      ] as const) {
        const res = await fetch(api(`/rest/v1/${table}`), {
          method,
          headers: headers(token, { 'content-type': 'application/json', prefer: 'return=representation' }),
          body,
        });
        await answer(
          cls,
          `${method} every row of ${table}`,
          res,
          (s, b) => s < 300 && Array.isArray(b) && b.length > 0,
        );
      }
    }
    const withNul = fc
      .tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }))
      .map(([a, b]) => `${a}\u0000${b}`);
    const actor = (await (await signedIn(DEMO_USERS.karawang)).auth.getUser()).data.user!.id;
    for (const text of sample(withNul, 4)) {
      const res = await fetch(api('/rest/v1/rpc/apply_commands'), {
        method: 'POST',
        headers: headers(token, { 'content-type': 'application/json' }),
        body: JSON.stringify({
          commands: [
            {
              id: randomUUID(),
              type: 'add_vendor',
              payload: { vendor_id: randomUUID(), name: text, transport_mode: 'darat' },
              issued_at: new Date().toISOString(),
              actor,
            },
          ],
        }),
      });
      await answer(cls, `a command with ${JSON.stringify(text)}`, res, (s) => s < 300);
      const fn = await fetch(api('/functions/v1/create-user'), {
        method: 'POST',
        headers: headers(await tokenOf(DEMO_USERS.admin), { 'content-type': 'application/json' }),
        body: JSON.stringify({
          email: `${run}-nul@test.local`,
          password: 'rahasia123',
          full_name: text,
          role: 'tower_control',
        }),
      });
      await answer(cls, `create-user named ${JSON.stringify(text)}`, fn, (s) => s < 300);
    }
    check(cls, 18);
  });

  it('the app cannot be framed or sniffed: its pages carry the security headers', async () => {
    const cls = 'app headers';
    for (const path of sample(
      fc.constantFrom('/', '/login', '/hub', '/dashboard', '/manifest.webmanifest', '/sw.js'),
      4,
    )) {
      const res = await fetch(`${stack().appUrl}${path}`);
      await res.body?.cancel();
      const csp = res.headers.get('content-security-policy') ?? '';
      log.record(
        cls,
        `GET ${path}: frame-ancestors 'none', nosniff, a referrer policy`,
        res.status,
        !/frame-ancestors 'none'/.test(csp) ||
          res.headers.get('x-content-type-options') !== 'nosniff' ||
          !res.headers.get('referrer-policy'),
      );
    }
    check(cls, 4);
  });
});
