// The gateway's guard against request bodies that would hurt the stack before
// any policy runs (issue 9): one anonymous request with a body nested 10,000
// levels deep made the earlier embedded PGlite panic. Bodies larger than the limit are
// refused with 413 and JSON nested deeper than the limit with 400, each with a
// message, before they reach PostgREST, Auth or the edge functions. Hosted
// Supabase has its own limits in its gateway; this is the local stack's.
import type { Context, MiddlewareHandler } from 'hono';

export const MAX_BODY_BYTES = 1024 * 1024;
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests objects and arrays deeper than max, by one scan of
 * the bytes (no parse: the parse is what must not happen). Brackets inside
 * strings do not count.
 */
export function jsonDepthExceeds(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === 0x5c) i++; // backslash: skip the escaped byte
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) {
      inString = true;
    } else if (b === 0x7b || b === 0x5b) {
      if (++depth > max) return true;
    } else if (b === 0x7d || b === 0x5d) {
      depth--;
    }
  }
  return false;
}

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function bodyGuard(opts: { maxBytes?: number; maxDepth?: number } = {}): MiddlewareHandler {
  const maxBytes = opts.maxBytes ?? MAX_BODY_BYTES;
  const maxDepth = opts.maxDepth ?? MAX_JSON_DEPTH;
  const tooLarge = { code: 'payload_too_large', message: `Request body is larger than ${maxBytes} bytes` };
  // The rest of the body is never read: the connection cannot be reused.
  const refuse = (c: Context) => c.json(tooLarge, 413, { connection: 'close' });
  return async (c, next) => {
    if (!WITH_BODY.has(c.req.method) || !c.req.raw.body) return next();
    if (Number(c.req.header('content-length') ?? 0) > maxBytes) return refuse(c);
    // Read at most maxBytes + 1 bytes: a body without a length is cut off there.
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = c.req.raw.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return refuse(c);
      }
      chunks.push(value);
    }
    const body = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      body.set(chunk, offset);
      offset += chunk.byteLength;
    }
    if (jsonDepthExceeds(body, maxDepth)) {
      return c.json({ code: 'json_too_deep', message: `JSON body is nested deeper than ${maxDepth} levels` }, 400);
    }
    // The body was read; the request goes on with the same bytes.
    c.req.raw = new Request(c.req.raw, { body, duplex: 'half' } as RequestInit);
    return next();
  };
}
