// Issue 32: the stack served nothing compressed (a 62 KB script went out as it was with
// `Accept-Encoding: br, gzip`, so did an 18 KB pull_changes answer) and hashed assets had no
// Cache-Control. Now the app server and the gateway answer in the encoding the client
// accepts (brotli first), the decoded bytes the same as the plain answer; without
// Accept-Encoding the answer is plain. Hashed assets are cached for a year, immutable;
// index.html, sw.js and the manifest are revalidated. Needs dist/ (npm run build; npm test does).
// Raw node:http, not fetch: fetch asks for gzip by itself and decodes what it gets.
import { existsSync, readFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { stack, signedIn } from '../support/clients';
import { DEMO_USERS } from '../support/demo';

const DIST = resolve(import.meta.dirname, '../../dist');

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function send(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<Raw>((resolvePromise, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

function decoded(res: Raw): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.body);
  if (encoding === 'gzip') return gunzipSync(res.body);
  if (encoding) throw new Error(`unexpected encoding ${encoding}`);
  return res.body;
}

/** Plain, br-or-gzip and gzip-only answers to the same request: encoded where accepted, same bytes. */
async function expectCompressed(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
  // What two answers to the same request may differ in (the pull's cutoff is the server's now).
  comparable: (body: Buffer) => Buffer | string = (body) => body,
) {
  const same = (a: Buffer, b: Buffer) => {
    const [x, y] = [comparable(a), comparable(b)];
    return typeof x === 'string' ? x === y : x.equals(y as Buffer);
  };
  const plain = await send(url, init);
  expect(plain.status).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.byteLength).toBeGreaterThan(1024);
  expect(plain.headers.vary ?? '').toMatch(/accept-encoding/i);

  const br = await send(url, { ...init, headers: { ...init.headers, 'accept-encoding': 'br, gzip' } });
  expect(br.status).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary ?? '').toMatch(/accept-encoding/i);
  expect(br.body.byteLength).toBeLessThan(plain.body.byteLength / 2);
  expect(same(decoded(br), plain.body)).toBe(true);

  const gzip = await send(url, { ...init, headers: { ...init.headers, 'accept-encoding': 'gzip, deflate' } });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(same(decoded(gzip), plain.body)).toBe(true);
  return { plain, br, gzip };
}


let script = '';
beforeAll(() => {
  expect(existsSync(join(DIST, 'index.html')), 'run npm run build first').toBe(true);
  script = /src="(\/assets\/index-[^"]+\.js)"/.exec(readFileSync(join(DIST, 'index.html'), 'utf8'))![1]!;
});

describe('the app server, for the built app', () => {
  it("sends a script in the encoding the browser accepts, the file's bytes once decoded", async () => {
    const { plain, br } = await expectCompressed(`${stack().appUrl}${script}`, {});
    expect(plain.body.equals(readFileSync(join(DIST, script)))).toBe(true);
    expect(br.headers['content-type']).toMatch(/javascript/);
    // The security headers of issue 27 are on the encoded answer too.
    expect(br.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('compresses index.html and sw.js as rewritten at run time (the anon key, the keyed revision)', async () => {
    const page = await expectCompressed(`${stack().appUrl}/auth`, {});
    expect(decoded(page.br).toString()).toContain(stack().anonKey);
    await expectCompressed(`${stack().appUrl}/sw.js`, {});
  });

  it('sends neither an image nor a short answer compressed', async () => {
    const icon = await send(`${stack().appUrl}/pwa-512x512.png`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(icon.status).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
    const root = await send(`${stack().apiUrl}/`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(root.headers['content-encoding']).toBeUndefined();
    expect(Number(root.headers['content-length'])).toBe(root.body.byteLength);
  });

  it('caches hashed assets for a year, immutable, and revalidates the HTML, sw.js and the manifest', async () => {
    const css = /href="(\/assets\/index-[^"]+\.css)"/.exec(
      readFileSync(join(DIST, 'index.html'), 'utf8'),
    )![1]!;
    for (const path of [script, css]) {
      for (const encoding of ['br, gzip', '']) {
        const res = await send(`${stack().appUrl}${path}`, { headers: { 'accept-encoding': encoding } });
        expect({ path, encoding, cache: res.headers['cache-control'] }).toEqual({
          path,
          encoding,
          cache: 'public, max-age=31536000, immutable',
        });
      }
    }
    for (const path of [
      '/',
      '/auth',
      '/index.html',
      '/sw.js',
      '/manifest.webmanifest',
      '/assets/gone-ABCDEFGH.js',
    ]) {
      const res = await send(`${stack().appUrl}${path}`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect({ path, cache: res.headers['cache-control'] }).toEqual({ path, cache: 'no-cache' });
    }
  });
});

describe('pull_changes', () => {
  let headers: Record<string, string> = {};
  beforeAll(async () => {
    const supabase = await signedIn(DEMO_USERS.admin);
    const token = (await supabase.auth.getSession()).data.session!.access_token;
    headers = {
      apikey: stack().anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    };
  });
  const body = JSON.stringify({ p_table: 'shipments', p_after_xid: null, p_after_id: null, p_limit: 1000 });
  // The answer carries the working set's cutoff, the server's now less the window (issue 26):
  // two answers differ there by the time between them; everything else is the same bytes.
  const withoutCutoff = (b: Buffer) => {
    const answer = JSON.parse(b.toString()) as { cutoff?: unknown };
    expect(answer.cutoff).toBeTruthy();
    delete answer.cutoff;
    return JSON.stringify(answer);
  };

  it('comes from the gateway in the encoding the client accepts, the same JSON once decoded', async () => {
    const { plain } = await expectCompressed(
      `${stack().apiUrl}/rest/v1/rpc/pull_changes`,
      { method: 'POST', headers, body },
      withoutCutoff,
    );
    expect(JSON.parse(plain.body.toString()).rows.length).toBeGreaterThan(0);
  });

  it('comes the same way through the app server, its cache headers as PostgREST set them', async () => {
    const url = `${stack().appUrl}/rest/v1/rpc/pull_changes`;
    const { br } = await expectCompressed(url, { method: 'POST', headers, body }, withoutCutoff);
    const direct = await send(`${stack().apiUrl}/rest/v1/rpc/pull_changes`, {
      method: 'POST',
      headers,
      body,
    });
    expect(br.headers['cache-control']).toBe(direct.headers['cache-control']);
  });
});

describe("Auth's answers", () => {
  it('come compressed from the gateway too (the admin list of users)', async () => {
    const key = stack().serviceRoleKey;
    const { plain } = await expectCompressed(`${stack().apiUrl}/auth/v1/admin/users`, {
      headers: { apikey: key, authorization: `Bearer ${key}` },
    });
    expect(JSON.parse(plain.body.toString()).users.length).toBeGreaterThan(1);
  });
});
