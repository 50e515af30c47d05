// Who a request to Auth comes from, for its per-client rate limits (rate-limit.ts).
//
// Auth runs inside the gateway's process (gateway.ts mounts it with app.route),
// so the TCP peer is the client itself, and no header from the network is
// trusted. The app server (app-server.ts) is the one proxy in front of it: it
// forwards the app's own-origin API calls over HTTP, so the gateway sees it as
// the peer. It runs in the same process, so it proves itself with a token that
// never leaves the process (created at start) and names its own client's
// address; a client cannot forge either. Without them (an older app server, a
// plain client) the peer's address is the key, which is never too lenient.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

const PROXY_TOKEN = randomBytes(24).toString('base64url');
const TOKEN_HEADER = 'x-dermaga-proxy-token';
const CLIENT_HEADER = 'x-dermaga-client-address';

function peerOf(c: Context): string | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress;
}

/** For the app server: replaces whatever the client sent with its real address and the proof. */
export function markClientAddress(c: Context): void {
  const headers = c.req.raw.headers;
  const peer = peerOf(c);
  if (peer) {
    headers.set(CLIENT_HEADER, peer);
    headers.set(TOKEN_HEADER, PROXY_TOKEN);
  } else {
    headers.delete(CLIENT_HEADER);
    headers.delete(TOKEN_HEADER);
  }
}

function fromAppServer(c: Context): boolean {
  const token = c.req.header(TOKEN_HEADER);
  if (!token || token.length !== PROXY_TOKEN.length) return false;
  return timingSafeEqual(Buffer.from(token), Buffer.from(PROXY_TOKEN));
}

/** The client's address: the TCP peer, or the one the app server names (and proves) for its client. */
export function clientAddress(c: Context): string {
  const forwarded = fromAppServer(c) ? c.req.header(CLIENT_HEADER) : undefined;
  return forwarded || peerOf(c) || 'unknown';
}
