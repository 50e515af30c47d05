// Response compression for the app server and the gateway (issue 32), as hosted Supabase's
// gateway compresses its API: brotli when the client accepts it, else gzip, streamed.
//
// Hono's own middleware (hono/compress, 4.13) offers gzip and deflate only (it uses the
// CompressionStream of the runtime, which has no brotli in Node 20); this is the same
// middleware with Node's zlib streams, brotli included, and the same rules:
// - only compressible types (hono's COMPRESSIBLE_CONTENT_TYPE_REGEX: text, JSON, JS, XML...;
//   never images, archives, or text/event-stream), and only bodies of at least `threshold`
//   bytes when the length is known;
// - nothing for HEAD, 206, an answer that is already encoded (the build's precompressed
//   assets), or one that says `Cache-Control: no-transform`;
// - `Vary: Accept-Encoding` on every answer that could have been compressed;
// - Content-Length goes (the body is streamed), a strong ETag becomes weak.
// Request bodies are not touched: the body guard and Storage's streamed uploads are unaffected.
import { Duplex } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

export type Encoding = 'br' | 'gzip';

/** br for dynamic answers at quality 4: close to gzip -9's size at a fraction of brotli 11's time. */
const BROTLI_QUALITY = 4;

/** The encoding to use for an Accept-Encoding header: br if it has q > 0, else gzip, else none. */
export function pickEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    if (name) q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weight = (enc: string) => q.get(enc) ?? q.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return undefined;
}

function encoder(encoding: Encoding): TransformStream<Uint8Array, Uint8Array> {
  const zlib =
    encoding === 'br'
      ? createBrotliCompress({
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        })
      : createGzip({ level: 6 });
  return Duplex.toWeb(zlib) as unknown as TransformStream<Uint8Array, Uint8Array>;
}

type Head = { chunks: Uint8Array[]; done: boolean; reader: ReadableStreamDefaultReader<Uint8Array> };

async function readUpTo(body: ReadableStream<Uint8Array>, limit: number): Promise<Head> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < limit) {
    const { done, value } = await reader.read();
    if (done) return { chunks, done: true, reader };
    chunks.push(value);
    size += value.byteLength;
  }
  return { chunks, done: false, reader };
}

function concat(chunks: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(chunks.reduce((n, chunk) => n + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** The chunks already read, then the rest of the reader's stream. */
function prepend(
  chunks: Uint8Array[],
  reader: ReadableStreamDefaultReader<Uint8Array>,
): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

const noTransform = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const varyHasAcceptEncoding = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

export function compress(opts: { threshold?: number } = {}): MiddlewareHandler {
  const threshold = opts.threshold ?? 1024;
  return async function compressResponse(c, next) {
    await next();
    const res = c.res;
    const type = res.headers.get('content-type');
    if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
    if (res.headers.has('content-encoding') || noTransform.test(res.headers.get('cache-control') ?? ''))
      return;
    const vary = res.headers.get('vary');
    if (vary !== '*' && !(vary && varyHasAcceptEncoding.test(vary))) {
      c.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    const length = res.headers.get('content-length');
    if (c.req.method === 'HEAD' || res.status === 206 || !res.body) return;
    if (length !== null && Number(length) < threshold) return;
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    if (!encoding) return;
    // A body of unknown length (a JSON answer, a proxied stream) is read up to the threshold:
    // a short one goes out as it is, with its length.
    const head = length === null ? await readUpTo(res.body, threshold) : undefined;
    if (head?.done) {
      const body = concat(head.chunks);
      c.res = new Response(body, c.res);
      c.res.headers.set('content-length', String(body.byteLength));
      return;
    }
    const body = head ? prepend(head.chunks, head.reader) : res.body;
    c.res = new Response(body.pipeThrough(encoder(encoding)), c.res);
    c.res.headers.delete('content-length');
    c.res.headers.set('content-encoding', encoding);
    const etag = c.res.headers.get('etag');
    if (etag && !etag.startsWith('W/')) c.res.headers.set('etag', `W/${etag}`);
  };
}
