// The local stack's Realtime (issue 44): /realtime/v1/websocket on the gateway's port,
// speaking the Phoenix channel protocol supabase-js's Realtime client (@supabase/realtime-js)
// uses, for Broadcast from the database on private channels. Only what the product needs:
//   - a socket needs a valid key (apikey in the query string, as the client sends it);
//   - phx_join of a private channel with the user's access_token, authorised by RLS on
//     realtime.messages as that user (realtime-auth.ts), answered phx_reply ok or error;
//   - heartbeat, phx_leave, access_token (a refreshed token; an invalid or expired one, or
//     one that no longer passes the policy, closes the channel, as hosted does);
//   - broadcasts the database sends (realtime.send -> NOTIFY dermaga_realtime), fanned out
//     from one listening connection to every channel joined to that topic.
// Not served: presence, postgres_changes, public channels, broadcasts sent by clients.
// Bounded: a frame of at most 16 KiB, 20 channels a socket, one join at a time a socket, joins
// authorised on a pool of 3 connections of their own, a socket silent for 60 s (the client
// heartbeats every 25 s) is closed; an idle socket costs a little memory, no timer.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import pg from 'pg';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { mayJoin, verifyToken, type Claims } from './realtime-auth';

export const REALTIME_PATH = '/realtime/v1/websocket';
const CHANNEL = 'dermaga_realtime';
const MAX_FRAME = 16 * 1024;
const MAX_CHANNELS = 20;
const SILENT_MS = 60_000;
const SWEEP_MS = 5_000;

type Message = [string | null, string | null, string, string, Record<string, unknown>];

interface Joined {
  topic: string; // with the client's "realtime:" prefix
  joinRef: string | null;
  claims: Claims;
}

interface Socket {
  ws: WebSocket;
  channels: Map<string, Joined>;
  seenAt: number;
  /** The socket's joins and refreshes, one at a time (each is a transaction). */
  queue: Promise<void>;
}

export interface RealtimeServer {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Sockets open and channels joined now (diagnostics, the load script). */
  counts(): { sockets: number; channels: number };
  stop(): Promise<void>;
}

export function startRealtime(opts: { dbUrl: string; jwtSecret: string }): RealtimeServer {
  const secret = new TextEncoder().encode(opts.jwtSecret);
  // Joins are authorised on connections of their own: a storm of joins (every tablet of a hub
  // reconnecting after a restart) waits here, not in Auth's and Storage's pool.
  const pool = new pg.Pool({ connectionString: opts.dbUrl, max: 3 });
  pool.on('error', () => undefined);
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME, perMessageDeflate: false });
  const sockets = new Set<Socket>();
  /** Topic (with the prefix) -> the sockets joined to it. */
  const byTopic = new Map<string, Set<Socket>>();
  let stopped = false;

  const send = (s: Socket, msg: Message) => {
    if (s.ws.readyState === s.ws.OPEN) s.ws.send(JSON.stringify(msg));
  };
  const reply = (s: Socket, m: Message, status: 'ok' | 'error', response: Record<string, unknown> = {}) =>
    send(s, [m[0], m[1], m[2], 'phx_reply', { status, response }]);

  const leave = (s: Socket, topic: string) => {
    const joined = s.channels.get(topic);
    if (!joined) return;
    s.channels.delete(topic);
    const set = byTopic.get(topic);
    set?.delete(s);
    if (set?.size === 0) byTopic.delete(topic);
  };
  const close = (s: Socket, topic: string, why: string) => {
    const joined = s.channels.get(topic);
    if (!joined) return;
    send(s, [joined.joinRef, null, topic, 'system', { status: 'error', message: why, extension: 'system', channel: topic.replace(/^realtime:/, '') }]);
    send(s, [joined.joinRef, joined.joinRef, topic, 'phx_close', {}]);
    leave(s, topic);
  };

  async function join(s: Socket, m: Message, fallback: string | undefined) {
    const topic = m[2];
    const payload = m[4];
    const config = (payload.config ?? {}) as Record<string, unknown>;
    const refuse = (reason: string) => reply(s, m, 'error', { reason });
    if (!topic.startsWith('realtime:') || topic.length > 255) return refuse('Invalid topic');
    if (config.private !== true) return refuse('Only private channels are allowed');
    if (Array.isArray(config.postgres_changes) && config.postgres_changes.length > 0)
      return refuse('postgres_changes is not served here: use Broadcast');
    if (!s.channels.has(topic) && s.channels.size >= MAX_CHANNELS) return refuse('Too many channels');
    const token = typeof payload.access_token === 'string' ? payload.access_token : fallback;
    const claims = await verifyToken(token, secret);
    if (!claims) return refuse('Invalid token');
    const name = topic.slice('realtime:'.length);
    if (!(await mayJoin(pool, claims, name)))
      return refuse(`Unauthorized: You do not have permissions to read from this Channel topic: ${name}`);
    if (s.ws.readyState !== s.ws.OPEN) return;
    leave(s, topic);
    s.channels.set(topic, { topic, joinRef: m[0], claims });
    let set = byTopic.get(topic);
    if (!set) byTopic.set(topic, (set = new Set()));
    set.add(s);
    reply(s, m, 'ok', { postgres_changes: [] });
  }

  async function refreshToken(s: Socket, m: Message) {
    const joined = s.channels.get(m[2]);
    if (!joined) return;
    const token = m[4].access_token;
    const claims = await verifyToken(typeof token === 'string' ? token : undefined, secret);
    if (!claims) return close(s, m[2], 'Invalid token');
    if (!(await mayJoin(pool, claims, m[2].slice('realtime:'.length))))
      return close(s, m[2], 'Unauthorized: the refreshed token may not read from this topic');
    joined.claims = claims;
  }

  function onMessage(s: Socket, data: RawData, isBinary: boolean, apikey: string | undefined) {
    s.seenAt = Date.now();
    let m: Message;
    try {
      if (isBinary) throw new Error('binary');
      const parsed: unknown = JSON.parse(data.toString());
      if (!Array.isArray(parsed) || parsed.length !== 5 || typeof parsed[2] !== 'string' || typeof parsed[3] !== 'string')
        throw new Error('shape');
      if (typeof parsed[4] !== 'object' || parsed[4] === null) parsed[4] = {};
      m = parsed as Message;
    } catch {
      return s.ws.close(1003, 'unsupported frame');
    }
    const event = m[3];
    if (m[2] === 'phoenix' && event === 'heartbeat') return reply(s, m, 'ok');
    if (event === 'phx_join') {
      s.queue = s.queue.then(() => join(s, m, apikey)).catch(() => reply(s, m, 'error', { reason: 'join failed' }));
      return;
    }
    if (event === 'phx_leave') {
      reply(s, m, 'ok');
      send(s, [m[0], m[0], m[2], 'phx_close', {}]);
      return leave(s, m[2]);
    }
    if (event === 'access_token') {
      s.queue = s.queue.then(() => refreshToken(s, m)).catch(() => close(s, m[2], 'Invalid token'));
      return;
    }
    // A broadcast from a client (no insert policy lets one through), presence, anything else.
    if (m[1]) reply(s, m, 'error', { reason: `${event} is not served here` });
  }

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname !== REALTIME_PATH) return false;
    const apikey = url.searchParams.get('apikey') ?? req.headers['apikey']?.toString();
    void verifyToken(apikey, secret).then((claims) => {
      if (stopped || !claims) {
        socket.end('HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n{"message":"Invalid API key"}');
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        const s: Socket = { ws, channels: new Map(), seenAt: Date.now(), queue: Promise.resolve() };
        sockets.add(s);
        ws.on('message', (data, isBinary) => onMessage(s, data, isBinary, apikey ?? undefined));
        ws.on('error', () => ws.terminate());
        ws.on('close', () => {
          sockets.delete(s);
          for (const topic of [...s.channels.keys()]) leave(s, topic);
        });
      });
    });
    return true;
  }

  // Channels whose token expired unrefreshed are closed; silent sockets are dropped.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const s of sockets) {
      if (now - s.seenAt > SILENT_MS) {
        s.ws.terminate();
        continue;
      }
      for (const joined of [...s.channels.values()])
        if (joined.claims.exp && joined.claims.exp * 1000 < now) close(s, joined.topic, 'Token has expired');
    }
  }, SWEEP_MS);
  sweep.unref();

  /** One broadcast to every socket joined to the topic: serialised once. */
  const fanOut = (topic: string, event: string, payload: unknown) => {
    const set = byTopic.get(`realtime:${topic}`);
    if (!set) return;
    for (const s of set) {
      const joined = s.channels.get(`realtime:${topic}`);
      if (s.ws.readyState !== s.ws.OPEN || !joined) continue;
      s.ws.send(JSON.stringify([joined.joinRef, null, `realtime:${topic}`, 'broadcast', { type: 'broadcast', event, payload }]));
    }
  };

  // One listening connection for the whole stack. It reconnects after a loss, and pokes every
  // topic someone is joined to then: what was sent meanwhile is not lost, only pulled.
  let listener: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const listen = async (isReconnect: boolean) => {
    const client = new pg.Client({ connectionString: opts.dbUrl });
    client.on('error', () => undefined);
    client.on('end', () => {
      if (stopped || listener !== client) return;
      listener = undefined;
      retry = setTimeout(() => void listen(true).catch(() => undefined), 1000);
    });
    client.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      try {
        const msg = JSON.parse(n.payload) as { topic?: string; event?: string; payload?: unknown };
        if (typeof msg.topic === 'string' && typeof msg.event === 'string') fanOut(msg.topic, msg.event, msg.payload ?? {});
      } catch {
        // not ours
      }
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      if (stopped) return;
      if (!isReconnect) throw error;
      retry = setTimeout(() => void listen(true).catch(() => undefined), 1000);
      return;
    }
    if (stopped) return void client.end().catch(() => undefined);
    listener = client;
    if (isReconnect)
      for (const topic of byTopic.keys()) fanOut(topic.slice('realtime:'.length), 'poke', { scope: topic.slice(9), reconnected: true });
  };
  const listening = listen(false);
  listening.catch((error: Error) => console.warn(`[realtime] cannot listen for broadcasts: ${error.message}`));

  return {
    handleUpgrade,
    counts: () => ({ sockets: sockets.size, channels: [...byTopic.values()].reduce((n, s) => n + s.size, 0) }),
    async stop() {
      stopped = true;
      clearInterval(sweep);
      clearTimeout(retry);
      for (const s of sockets) s.ws.terminate();
      wss.close();
      await listening.catch(() => undefined);
      const l = listener;
      listener = undefined;
      await l?.end().catch(() => undefined);
      await pool.end().catch(() => undefined);
    },
  };
}
