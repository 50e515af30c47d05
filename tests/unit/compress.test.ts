// Issue 32: the compression middleware of the gateway and the app server
// (supabase/local/compress.ts), on a Hono app of its own: what it compresses, in which
// encoding, and what it leaves alone.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { describe, expect, it } from 'vitest';
import { compress, pickEncoding } from '../../supabase/local/compress';

const big = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `row ${i}` })));

function app(): Hono {
  const a = new Hono();
  a.use('*', compress());
  a.get('/json', (c) => c.json(JSON.parse(big)));
  a.get('/small', (c) => c.json({ ok: true }));
  a.get('/png', (c) => c.body(new Uint8Array(4096), 200, { 'content-type': 'image/png' }));
  a.get('/no-transform', (c) => c.json(JSON.parse(big), 200, { 'cache-control': 'no-transform' }));
  a.get('/stream', (c) => {
    const bytes = new TextEncoder().encode(big);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 100) controller.enqueue(bytes.slice(i, i + 100));
        controller.close();
      },
    });
    return c.body(body, 200, { 'content-type': 'application/json' });
  });
  a.get('/sse', (c) =>
    streamSSE(c, async (stream) => {
      for (let i = 0; i < 50; i++) await stream.writeSSE({ data: big.slice(0, 100) });
    }),
  );
  return a;
}

async function get(path: string, accept?: string, method = 'GET') {
  const res = await app().request(path, {
    method,
    headers: accept === undefined ? {} : { 'accept-encoding': accept },
  });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('compress()', () => {
  it('picks br, else gzip, by the q values the client gives', () => {
    expect(pickEncoding('br, gzip')).toBe('br');
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });

  it('sends JSON in brotli or gzip, decoding to the same bytes, with Vary and no Content-Length', async () => {
    const br = await get('/json', 'br, gzip');
    expect(br.res.headers.get('content-encoding')).toBe('br');
    expect(br.res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.res.headers.get('content-length')).toBeNull();
    expect(brotliDecompressSync(br.bytes).toString()).toBe(big);
    const gz = await get('/json', 'gzip');
    expect(gz.res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.bytes).toString()).toBe(big);
    const plain = await get('/json');
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.bytes.toString()).toBe(big);
  });

  it('compresses a streamed body of unknown length', async () => {
    const { res, bytes } = await get('/stream', 'br');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(bytes).toString()).toBe(big);
  });

  it('leaves alone short answers, images, no-transform, HEAD and event streams', async () => {
    const small = await get('/small', 'br, gzip');
    expect(small.res.headers.get('content-encoding')).toBeNull();
    expect(small.res.headers.get('content-length')).toBe(String(small.bytes.byteLength));
    expect(small.bytes.toString()).toBe('{"ok":true}');
    for (const path of ['/png', '/no-transform', '/sse']) {
      expect({ path, encoding: (await get(path, 'br, gzip')).res.headers.get('content-encoding') }).toEqual({
        path,
        encoding: null,
      });
    }
    const head = await get('/json', 'br, gzip', 'HEAD');
    expect(head.res.headers.get('content-encoding')).toBeNull();
  });
});
