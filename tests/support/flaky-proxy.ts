// A real HTTP proxy between a test client and the gateway, to cut the network
// or to drop a response after the server has handled the request.
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type ProxyMode = 'up' | 'down';

export class FlakyProxy {
  mode: ProxyMode = 'up';
  /** Requests whose path matches are forwarded, then their response is dropped (once each). */
  private dropQueue: RegExp[] = [];
  readonly dropped: string[] = [];
  /** Requests whose path matches are answered with this status, never forwarded. */
  private failing: Array<{ path: RegExp; status: number }> = [];
  /** Every request that reached the server through the proxy: 'METHOD /path'. */
  readonly forwarded: string[] = [];
  private server: Server;
  private sockets = new Set<Socket>();
  url = '';

  constructor(private readonly target: string) {
    this.server = createServer((req, res) => this.handle(req, res));
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

  /** Cuts every open connection too, like a lost signal. */
  setMode(mode: ProxyMode): void {
    this.mode = mode;
    if (mode === 'down') for (const s of this.sockets) s.destroy();
  }

  /** Answers every request matching path with status (a server failing one endpoint). */
  failMatching(path: RegExp, status: number): void {
    this.failing.push({ path, status });
  }

  clearFailures(): void {
    this.failing = [];
  }

  dropNextResponse(path: RegExp): void {
    this.dropQueue.push(path);
  }

  private handle(req: IncomingMessage, res: import('node:http').ServerResponse) {
    if (this.mode === 'down') {
      req.socket.destroy();
      return;
    }
    const failure = this.failing.find((f) => f.path.test(req.url ?? ''));
    if (failure) {
      req.resume();
      res.writeHead(failure.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: String(failure.status), message: 'injected failure' }));
      return;
    }
    const dropIndex = this.dropQueue.findIndex((p) => p.test(req.url ?? ''));
    const drop = dropIndex >= 0;
    if (drop) this.dropQueue.splice(dropIndex, 1);
    const url = new URL(req.url ?? '/', this.target);
    this.forwarded.push(`${req.method} ${req.url}`);
    const upstream = request(
      url,
      { method: req.method, headers: { ...req.headers, host: url.host } },
      (up) => {
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
        up.pipe(res);
      },
    );
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}
