// A real HTTP proxy between a test client and the gateway, to cut the network
// or to drop a response after the server has handled the request.
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { signHs256 } from '../../supabase/local/keys';

export type ProxyMode = 'up' | 'down';

/** What the chaos mode may do to one request (issue 13). */
export const FAULT_KINDS = [
  'delay',
  'drop_request',
  'drop_response',
  'status_502',
  'status_503',
  'cut_mid_body',
  'expired_token',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** A small seeded generator (mulberry32): the same seed gives the same faults in the same order. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Chaos {
  seed: number;
  /** The share of requests that get a fault, 0 to 1 (every kind once first, then equally likely). */
  rate: number;
  /** Longest injected delay, ms. */
  maxDelayMs?: number;
  /**
   * The stack's JWT secret: with it, 'expired_token' swaps a signed-in user's
   * token for the same claims already expired (a token that ran out on the
   * way, or a tablet whose clock is late). Without it that kind is never chosen.
   */
  jwtSecret?: string;
}

/** The user's access token in a request, if any (not the anon or service key). */
function userToken(req: IncomingMessage): { claims: Record<string, unknown> } | null {
  const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
  if (!match) return null;
  try {
    const claims = JSON.parse(Buffer.from(match[1]!.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    return claims.role === 'authenticated' ? { claims } : null;
  } catch {
    return null;
  }
}

export class FlakyProxy {
  mode: ProxyMode = 'up';
  /** Requests whose path matches are forwarded, then their response is dropped (once each). */
  private dropQueue: RegExp[] = [];
  readonly dropped: string[] = [];
  /** Requests whose path matches are answered with this status, never forwarded. */
  private failing: Array<{ path: RegExp; status: number; body?: object }> = [];
  /** Every request that reached the server through the proxy: 'METHOD /path'. */
  readonly forwarded: string[] = [];
  /** Requests answered by failMatching instead (method and path), in order. */
  readonly refused: string[] = [];
  /** Faults injected so far, by kind (chaos mode and partitions). */
  readonly faults: Record<FaultKind | 'partition', number> = {
    delay: 0,
    drop_request: 0,
    drop_response: 0,
    status_502: 0,
    status_503: 0,
    cut_mid_body: 0,
    expired_token: 0,
    partition: 0,
  };
  private chaos: { random: () => number; rate: number; maxDelayMs: number; jwtSecret?: string } | null = null;
  private server: Server;
  private sockets = new Set<Socket>();
  url = '';

  constructor(private readonly target: string) {
    this.server = createServer((req, res) => this.handle(req, res));
    this.server.on('upgrade', (req, socket, head) => this.upgrade(req, socket, head));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      if (this.mode === 'down') socket.destroy();
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** WebSockets (Realtime, issue 44): 'pass', or 'refuse' every new one (HTTP still passes). */
  webSockets: 'pass' | 'refuse' = 'pass';
  /** WebSocket upgrades forwarded so far. */
  webSocketsOpened = 0;
  /** WebSocket upgrades refused so far ('refuse', or the network down). */
  webSocketsRefused = 0;
  get openWebSockets(): number {
    return this.tunnels.size;
  }
  private tunnels = new Set<Duplex>();

  /** Cuts every open WebSocket (a socket lost while the rest of the network works). */
  cutWebSockets(): void {
    for (const t of this.tunnels) t.destroy();
  }

  /** A WebSocket upgrade: piped to the target as it came, unless refused or the network is down. */
  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (this.mode === 'down' || this.webSockets === 'refuse') {
      this.webSocketsRefused++;
      socket.destroy();
      return;
    }
    const target = new URL(this.target);
    const upstream = connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        lines.push(
          `${req.rawHeaders[i]}: ${req.rawHeaders[i]!.toLowerCase() === 'host' ? target.host : req.rawHeaders[i + 1]}`,
        );
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    this.webSocketsOpened++;
    this.tunnels.add(socket);
    const end = () => {
      this.tunnels.delete(socket);
      upstream.destroy();
      socket.destroy();
    };
    for (const side of [upstream, socket]) {
      side.on('error', end);
      side.on('close', end);
    }
  }

  /** Cuts every open connection too, like a lost signal. */
  setMode(mode: ProxyMode): void {
    this.mode = mode;
    if (mode === 'down') {
      for (const s of this.sockets) s.destroy();
      this.cutWebSockets();
    }
  }

  /**
   * Answers every request matching path with status (a server failing one endpoint), and
   * `body` if given (PostgREST's answer for a function it does not have: an older server).
   */
  failMatching(path: RegExp, status: number, body?: object): void {
    this.failing.push({ path, status, body });
  }

  clearFailures(): void {
    this.failing = [];
  }

  dropNextResponse(path: RegExp): void {
    this.dropQueue.push(path);
  }

  /** From now on, a seeded share of requests gets one of FAULT_KINDS; null turns it off. */
  setChaos(chaos: Chaos | null): void {
    this.chaos = chaos && {
      random: seededRandom(chaos.seed),
      rate: chaos.rate,
      maxDelayMs: chaos.maxDelayMs ?? 400,
      jwtSecret: chaos.jwtSecret,
    };
  }

  /** Added round-trip time on every request (half on the way there, half on the way back). */
  private latencyMs = 0;

  /** From now on every request takes `rttMs` longer, as over a slow mobile network (issue 14, P4). */
  setLatency(rttMs: number): void {
    this.latencyMs = rttMs;
  }

  /** The device loses the server for a while (every connection cut, none accepted), then gets it back. */
  async partition(ms: number): Promise<void> {
    this.faults.partition++;
    this.setMode('down');
    await new Promise((r) => setTimeout(r, ms));
    this.setMode('up');
  }

  /** In chaos mode, what each request got, in order ('pass' for none). */
  readonly faultLog: Array<FaultKind | 'pass'> = [];

  private nextFault(req: IncomingMessage): { kind: FaultKind; delayMs: number } | null {
    if (!this.chaos) return null;
    if (this.chaos.random() >= this.chaos.rate) {
      this.faultLog.push('pass');
      return null;
    }
    // A token can only expire on a request that carries one.
    const open = FAULT_KINDS.filter(
      (k) => k !== 'expired_token' || (this.chaos!.jwtSecret && userToken(req)),
    );
    // The first faults go through every kind once, so even a short run meets each of them.
    const kind =
      open.find((k) => this.faults[k] === 0) ?? open[Math.floor(this.chaos.random() * open.length)]!;
    this.faults[kind]++;
    this.faultLog.push(kind);
    return { kind, delayMs: Math.floor(this.chaos.random() * this.chaos.maxDelayMs) };
  }

  private handle(req: IncomingMessage, res: import('node:http').ServerResponse) {
    if (this.mode === 'down') {
      req.socket.destroy();
      return;
    }
    if (this.latencyMs > 0) {
      req.pause();
      const latency = this.latencyMs;
      setTimeout(() => this.handleNow(req, res, latency / 2), latency / 2);
      return;
    }
    this.handleNow(req, res, 0);
  }

  private handleNow(req: IncomingMessage, res: import('node:http').ServerResponse, backMs: number) {
    const fault = this.nextFault(req);
    if (fault?.kind === 'expired_token') {
      const { claims } = userToken(req)!;
      const now = Math.floor(Date.now() / 1000);
      req.headers.authorization = `Bearer ${signHs256({ ...claims, iat: now - 3660, exp: now - 60 }, this.chaos!.jwtSecret!)}`;
    }
    if (fault?.kind === 'delay') {
      req.pause();
      setTimeout(() => this.forward(req, res, null, backMs), fault.delayMs);
      return;
    }
    if (fault?.kind === 'drop_request') {
      // Lost on the way: the server never sees it.
      req.socket.destroy();
      return;
    }
    if (fault?.kind === 'status_502' || fault?.kind === 'status_503') {
      req.resume();
      const status = fault.kind === 'status_502' ? 502 : 503;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: String(status), message: 'injected gateway failure' }));
      return;
    }
    this.forward(req, res, fault?.kind ?? null, backMs);
  }

  private forward(
    req: IncomingMessage,
    res: import('node:http').ServerResponse,
    fault: 'drop_response' | 'cut_mid_body' | 'delay' | 'expired_token' | null,
    backMs = 0,
  ) {
    const failure = this.failing.find((f) => f.path.test(req.url ?? ''));
    if (failure) {
      this.refused.push(`${req.method} ${req.url}`);
      req.resume();
      res.writeHead(failure.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(failure.body ?? { code: String(failure.status), message: 'injected failure' }));
      return;
    }
    const dropIndex = this.dropQueue.findIndex((p) => p.test(req.url ?? ''));
    const drop = dropIndex >= 0 || fault === 'drop_response';
    if (dropIndex >= 0) this.dropQueue.splice(dropIndex, 1);
    const url = new URL(req.url ?? '/', this.target);
    this.forwarded.push(`${req.method} ${req.url}`);
    const upstream = request(
      url,
      { method: req.method, headers: { ...req.headers, host: url.host } },
      (answer) => {
        if (backMs > 0) {
          // The answer's way back takes the other half of the added round trip.
          answer.pause();
          setTimeout(() => respond(answer), backMs);
        } else respond(answer);
      },
    );
    const respond = (up: IncomingMessage) => {
      if (drop) {
        // The server has committed; the client never hears about it.
        up.resume();
        up.on('end', () => {
          this.dropped.push(req.url ?? '');
          req.socket.destroy();
        });
        return;
      }
      res.writeHead(up.statusCode ?? 502, up.headers);
      if (fault === 'cut_mid_body') {
        // Headers and the first chunk of the body arrive, then the line goes dead.
        up.once('data', (chunk: Buffer) => {
          res.write(chunk.subarray(0, Math.max(1, Math.floor(chunk.length / 2))), () => req.socket.destroy());
          up.resume();
        });
        up.once('end', () => req.socket.destroy());
        return;
      }
      up.pipe(res);
    };
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}
