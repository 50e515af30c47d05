// Issue 27, findings 1 and 2, on a stack of its own started the way a hub runs it for its
// tablets: HOST=0.0.0.0 and no JWT_SECRET. It runs in this test process, so its memory is
// this process's memory.
// 1. It signs with a secret generated into its data directory, never with the Supabase CLI's
//    public default: a service-role token signed with that default is refused by Auth's admin
//    API, PostgREST, Storage and the edge functions, and the app gets the stack's own anon key.
// 2. Storage checks the caller and the bucket before it reads an upload, and counts the body
//    while it streams: an anonymous 256 MB chunked upload is refused after a small part of it,
//    without the process's memory growing by anything like its size; an authenticated upload
//    over the bucket's limit is refused with 413 while streaming and leaves nothing behind.
// HTTPS (tls.ts): a tablet's browser gives an http:// page on a LAN address no secure context
// (no service worker, camera or crypto.subtle), so the stack serves the network over HTTPS with
// a CA of its own in DATA_DIR/tls; this file trusts that CA, as a tablet does once.
// Security audit F1: no account keeps the demo password demo1234 on it. The seed's demo accounts
// get random passwords, kept in DATA_DIR/demo-logins (what this file signs in with); a data
// directory first started on 127.0.0.1, whose accounts still have demo1234, is refused.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import pg from 'pg';
import { Agent, setGlobalDispatcher } from 'undici';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY_META } from '../../supabase/local/app-server';
import { DEMO_LOGINS_FILE, DemoPasswordError, parseDemoLogins } from '../../supabase/local/demo-logins';
import { JWT_SECRET_FILE } from '../../supabase/local/jwt-secret';
import { apiKeys, DEFAULT_JWT_SECRET } from '../../supabase/local/keys';
import { startStack, type Stack } from '../../supabase/local/stack';
import { TLS_DIR } from '../../supabase/local/tls';
import { DEMO_PASSWORD, DEMO_USERS, seedId } from '../support/demo';
import { png } from '../support/images';
import { createTestDatabase } from '../support/test-database';
import { useLanStack } from '../support/lan-stack';
import { streamUpload } from '../support/upload-stream';

const MB = 1024 * 1024;
const BUCKET = 'shipment-documents';
const lanStack = useLanStack('lan');
const dataDir = lanStack.dataDir;
let lan: Stack;

beforeAll(() => {
  lan = lanStack.stack();
  // This process trusts the stack's own CA, as each tablet does once (README, "On a hub's network").
  setGlobalDispatcher(new Agent({ connect: { ca: [...rootCertificates, stackCa()] } }));
});

/** The CA the stack made in its data directory. */
const stackCa = () => readFileSync(lan.tls!.trustPath, 'utf8');

const forged = apiKeys(DEFAULT_JWT_SECRET);

function call(path: string, token: string, init: RequestInit = {}) {
  return fetch(`${lan.apiUrl}${path}`, {
    ...init,
    headers: { apikey: token, authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
    signal: AbortSignal.timeout(20_000),
  });
}

/** The passwords the stack generated for the demo accounts, by e-mail. */
function generatedLogins(): Map<string, string> {
  return parseDemoLogins(readFileSync(join(dataDir, DEMO_LOGINS_FILE), 'utf8'));
}

function passwordGrant(email: string, password: string) {
  return call('/auth/v1/token?grant_type=password', lan.anonKey, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

async function signIn(email: string): Promise<string> {
  const res = await passwordGrant(email, generatedLogins().get(email)!);
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('HTTPS on the network', () => {
  it('serves the app and the API over HTTPS at a network address, with a CA of its own kept in DATA_DIR/tls', async () => {
    for (const url of [lan.apiUrl, lan.appUrl]) {
      expect(url).toMatch(/^https:\/\//);
      expect(url).not.toContain('0.0.0.0');
    }
    const dir = join(dataDir, TLS_DIR);
    expect(lan.tls).toMatchObject({ source: 'generated', trustPath: join(dir, 'ca.pem') });
    expect(lan.tls!.names).toContain(new URL(lan.appUrl).hostname);
    for (const key of ['ca-key.pem', 'server-key.pem'])
      expect(statSync(join(dir, key)).mode & 0o777).toBe(0o600);
    expect((await fetch(`${lan.appUrl}/`)).status).toBe(200);
    expect((await fetch(`${lan.apiUrl}/auth/v1/health`, { headers: { apikey: lan.anonKey } })).status).toBe(
      200,
    );
  });

  it('is refused by a client that does not trust its CA, and plain HTTP gets no page', async () => {
    const stranger = new Agent({ connect: { ca: [...rootCertificates] } });
    const untrusted = await fetch(`${lan.appUrl}/`, { dispatcher: stranger } as RequestInit).catch(
      (e: Error) => e,
    );
    expect(untrusted).toBeInstanceOf(Error);
    expect(String((untrusted as Error & { cause?: { code?: string } }).cause?.code)).toMatch(/CERT|SIGNED/);
    await stranger.close();
    const plain = await fetch(lan.appUrl.replace('https://', 'http://')).catch((e: Error) => e);
    expect(plain instanceof Error || plain.status >= 400).toBe(true);
  });

  it("lets its own parts reach the gateway: a function that calls Auth's admin API works", async () => {
    const token = await signIn(DEMO_USERS.admin);
    const email = `lan-https-${crypto.randomUUID().slice(0, 8)}@demo.local`;
    const res = await call('/functions/v1/create-user', token, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: lan.anonKey },
      body: JSON.stringify({
        email,
        password: 'rahasia123',
        full_name: 'Uji Jaringan',
        role: 'tower_control',
      }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await passwordGrant(email, 'rahasia123')).status).toBe(200);
  });
});

describe('a stack on 0.0.0.0 without JWT_SECRET', () => {
  it('signs with a secret generated into its data directory, not the public default', () => {
    expect(lan.jwtSecret).not.toBe(DEFAULT_JWT_SECRET);
    expect(lan.jwtSecretFile).toBe(join(dataDir, JWT_SECRET_FILE));
    expect(readFileSync(lan.jwtSecretFile!, 'utf8').trim()).toBe(lan.jwtSecret);
    expect(lan.serviceRoleKey).not.toBe(forged.serviceRoleKey);
    expect(lan.anonKey).not.toBe(forged.anonKey);
  });

  it('refuses a service-role token signed with the public default at Auth, PostgREST, Storage and the functions', async () => {
    const attempts = {
      'GET /auth/v1/admin/users': await call('/auth/v1/admin/users', forged.serviceRoleKey),
      'GET /rest/v1/profiles': await call('/rest/v1/profiles?select=id,email', forged.serviceRoleKey),
      'POST /storage/v1/object': await call(
        `/storage/v1/object/${BUCKET}/forged/${crypto.randomUUID()}.png`,
        forged.serviceRoleKey,
        {
          method: 'POST',
          headers: { 'content-type': 'image/png' },
          body: new Uint8Array(png(2, 2)),
        },
      ),
      'POST /functions/v1/create-user': await call('/functions/v1/create-user', forged.serviceRoleKey, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'intruder@example.com', password: 'intruder1234', role: 'admin' }),
      }),
      'GET /functions/v1/health': await call('/functions/v1/health', forged.anonKey),
    };
    const statuses = Object.fromEntries(Object.entries(attempts).map(([what, res]) => [what, res.status]));
    // PostgREST and the functions answer 401; Auth answers 403 bad_jwt (as GoTrue does) and
    // Storage 403 (hosted: AccessDenied). None of them does what was asked.
    expect(statuses).toEqual({
      'GET /auth/v1/admin/users': 403,
      'GET /rest/v1/profiles': 401,
      'POST /storage/v1/object': 403,
      'POST /functions/v1/create-user': 401,
      'GET /functions/v1/health': 401,
    });
    expect(await attempts['GET /auth/v1/admin/users'].json()).toMatchObject({ error_code: 'bad_jwt' });

    // The stack's own keys work (control).
    expect((await call('/auth/v1/admin/users', lan.serviceRoleKey)).status).toBe(200);
    expect((await call('/rest/v1/profiles?select=id', lan.serviceRoleKey)).status).toBe(200);
    expect((await call('/functions/v1/health', lan.anonKey)).status).toBe(200);
  });

  it("gives the app the stack's own anon key at run time, and never the service-role key", async (ctx) => {
    if (!existsSync(join(process.cwd(), 'dist', 'index.html'))) ctx.skip(); // run npm run build first
    const html = await (await fetch(lan.appUrl)).text();
    expect(html).toContain(`<meta name="${ANON_KEY_META}" content="${lan.anonKey}"`);
    expect(html).not.toContain(lan.serviceRoleKey);
    expect(html).not.toContain(lan.jwtSecret);
    // The service worker's precache of index.html is tied to the key: a rotated secret is a new worker.
    const sw = await (await fetch(`${lan.appUrl}/sw.js`)).text();
    expect(sw).toMatch(/\{url:"index\.html",revision:"[0-9a-f]+-[0-9a-f]{12}"\}/);
  });
});

describe('Storage reads no upload it will refuse (0.0.0.0 stack)', () => {
  function storedFiles(): string[] {
    return readdirSync(join(dataDir, 'storage'));
  }

  it('refuses an anonymous 256 MB chunked upload before reading it, without the memory growing by its size', async () => {
    const path = `/storage/v1/object/${BUCKET}/shipments/${seedId.shipment(1)}/bast.png`;
    // A small one first, so what the first request loads is not counted.
    const small = {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(png(2, 2)),
    };
    expect((await call(path, lan.anonKey, small)).status).toBe(403);
    const before = process.memoryUsage().rss;
    const res = await streamUpload(`${lan.apiUrl}${path}`, {
      headers: { apikey: lan.anonKey, authorization: `Bearer ${lan.anonKey}`, 'content-type': 'image/png' },
      totalBytes: 256 * MB,
      head: png(2, 2),
      keepSending: true,
      ca: stackCa(),
    });
    const grown = process.memoryUsage().rss - before;
    console.log(
      `[lan] anonymous 256 MB upload: ${res.status} after ${(res.sent / MB).toFixed(1)} MB sent (${(res.sentInAll / MB).toFixed(1)} MB before the server closed), RSS +${(grown / MB).toFixed(1)} MB`,
    );
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ error: 'Unauthorized' });
    // A client that goes on sending is cut off: the rest is discarded for a moment, then the connection closes.
    expect(res.closedByServer).toBe(true);
    // Refused after what the sockets' buffers took, and cut off soon after (Storage's lingering close: 16 MB or 1 s).
    expect(res.sent).toBeLessThan(16 * MB);
    expect(res.sentInAll).toBeLessThan(64 * MB);
    // Far less than the body (read whole, 64 MB took +92 MB).
    expect(grown).toBeLessThan(48 * MB);
  });

  it('refuses an authenticated upload over the limit with 413 while it streams, and keeps nothing of it', async () => {
    const token = await signIn(DEMO_USERS.admin);
    const name = `shipments/${seedId.shipment(2)}/delivery_record.png`;
    const filesBefore = storedFiles();
    const before = process.memoryUsage().rss;
    const res = await streamUpload(`${lan.apiUrl}/storage/v1/object/${BUCKET}/${name}`, {
      headers: { apikey: lan.anonKey, authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      totalBytes: 256 * MB,
      head: png(2, 2),
      keepSending: true,
      ca: stackCa(),
    });
    const grown = process.memoryUsage().rss - before;
    console.log(
      `[lan] signed-in 256 MB upload: ${res.status} after ${(res.sent / MB).toFixed(1)} MB sent (${(res.sentInAll / MB).toFixed(1)} MB before the server closed), RSS +${(grown / MB).toFixed(1)} MB`,
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({
      statusCode: '413',
      error: 'Payload too large',
      message: 'The object exceeded the maximum allowed size',
    });
    // A client that goes on sending is cut off: the rest is discarded for a moment, then the connection closes.
    expect(res.closedByServer).toBe(true);
    // The bucket's limit is 5 MB: refused soon after it.
    expect(res.sent).toBeLessThan(5 * MB + 12 * MB);
    // Far less than the body (read whole, 64 MB took +92 MB).
    expect(grown).toBeLessThan(48 * MB);

    expect(storedFiles()).toEqual(filesBefore);
    const sql = new pg.Client({ connectionString: lan.dbUrl });
    await sql.connect();
    try {
      const { rows } = await sql.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
        BUCKET,
        name,
      ]);
      expect(rows).toEqual([]);
    } finally {
      await sql.end();
    }

    // The same path takes a real photo afterwards.
    const ok = await call(`/storage/v1/object/${BUCKET}/${name}`, token, {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(png(4, 4)),
    });
    expect(ok.status).toBe(200);
  });
});

describe('no account keeps the demo password on a 0.0.0.0 stack (audit F1)', () => {
  const emails = Object.values(DEMO_USERS);

  it('gives every demo account a random password, kept in DATA_DIR/demo-logins (mode 0600)', () => {
    const path = join(dataDir, DEMO_LOGINS_FILE);
    expect(lan.demoLoginsFile).toBe(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const logins = generatedLogins();
    expect([...logins.keys()].sort()).toEqual([...emails].sort());
    const passwords = [...logins.values()];
    for (const password of passwords) expect(password).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(new Set(passwords).size).toBe(passwords.length);
    expect(passwords).not.toContain(DEMO_PASSWORD);
  });

  it('refuses demo1234 for every demo account', async () => {
    for (const email of emails) {
      const res = await passwordGrant(email, DEMO_PASSWORD);
      expect(res.status, email).toBe(400);
      expect(await res.json(), email).toMatchObject({ error_code: 'invalid_credentials' });
    }
  });

  it('signs each demo account in with its generated password', async () => {
    const logins = generatedLogins();
    for (const email of emails) {
      const res = await passwordGrant(email, logins.get(email)!);
      expect(res.status, email).toBe(200);
      expect(await res.json(), email).toMatchObject({ user: { email } });
    }
  });

  it('refuses to start on 0.0.0.0 a data directory whose accounts still have demo1234 (first started on 127.0.0.1)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dermaga-lan-local-'));
    const db = process.env.DATABASE_URL
      ? await createTestDatabase(process.env.DATABASE_URL, 'dermaga_lan_local')
      : undefined;
    try {
      // As a newcomer's `npm start`: demo1234 on 127.0.0.1. Two of the hub users get new passwords there.
      const local = await startStack({ apiPort: 0, appPort: 0, dataDir: dir, databaseUrl: db?.url });
      try {
        const users = (await (
          await fetch(`${local.apiUrl}/auth/v1/admin/users`, {
            headers: { apikey: local.serviceRoleKey, authorization: `Bearer ${local.serviceRoleKey}` },
          })
        ).json()) as { users: Array<{ id: string; email: string }> };
        for (const email of [DEMO_USERS.karawang, DEMO_USERS.cikarang]) {
          const id = users.users.find((u) => u.email === email)!.id;
          const res = await fetch(`${local.apiUrl}/auth/v1/admin/users/${id}`, {
            method: 'PUT',
            headers: {
              apikey: local.serviceRoleKey,
              authorization: `Bearer ${local.serviceRoleKey}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ password: `changed-${crypto.randomUUID()}` }),
          });
          expect(res.status, email).toBe(200);
        }
      } finally {
        await local.stop();
      }

      const outcome = await startStack({
        apiPort: 0,
        appPort: 0,
        host: '0.0.0.0',
        dataDir: dir,
        databaseUrl: db?.url,
      }).then(
        async (started) => {
          await started.stop();
          return 'started';
        },
        (error: unknown) => error,
      );
      expect(outcome).toBeInstanceOf(DemoPasswordError);
      const message = (outcome as Error).message;
      const still = emails.filter((e) => e !== DEMO_USERS.karawang && e !== DEMO_USERS.cikarang).sort();
      expect((outcome as DemoPasswordError).accounts).toEqual(still);
      expect(message).toContain(`${DEMO_PASSWORD} printed in the README: ${still.join(', ')}`);
      expect(message).not.toContain(DEMO_USERS.karawang);
      expect(message).toContain('start it on 127.0.0.1 (HOST unset)');
      expect(message).toContain('Pengguna (Users)');
      if (!db) expect(message).toContain(`if ${dir} holds only the demo's data, stop and delete it`);
      // Nothing was seeded or generated: the accounts are left as they were.
      expect(existsSync(join(dir, DEMO_LOGINS_FILE))).toBe(false);
    } finally {
      await db?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
