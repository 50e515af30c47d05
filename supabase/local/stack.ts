// Boots the local Supabase-compatible stack and the app server:
// database -> bootstrap, migrations, seed -> PostgREST and Deno -> gateway -> app.
import { existsSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import pg from 'pg';
import { appServerApp } from './app-server';
import { authApp, type AuthOptions } from './auth/app';
import { startDatabase } from './db';
import { DEMO_LOGINS_FILE, refuseDemoPasswords, replaceDemoPasswords } from './demo-logins';
import { startFunctions } from './functions';
import { gatewayApp } from './gateway';
import { isLoopbackHost, resolveJwtSecret } from './jwt-secret';
import { apiKeys } from './keys';
import { migrate, type MigrationReport } from './migrate';
import { assertPortFree } from './ports';
import { startPostgrest } from './postgrest';
import { startRealtime, type RealtimeServer } from './realtime';
import { forwardUpgrades } from './upgrade';
import { storageApp } from './storage';
import { reachableHost, resolveTls, type ResolvedTls, type TlsOptions } from './tls';

export interface StackOptions {
  /** 0 picks a free port. */
  apiPort: number;
  appPort: number;
  host?: string;
  dataDir: string;
  databaseUrl?: string;
  /** Unset: the public local secret on a loopback host, else one generated in dataDir (jwt-secret.ts). */
  jwtSecret?: string;
  jwtExpirySeconds?: number;
  /** Auth's rate limits and refresh-token reuse interval (auth/app.ts); Supabase Auth's defaults when unset. */
  auth?: AuthOptions;
  /** Storage's largest object in bytes, over every bucket's own limit (hosted's default: 50 MB). */
  storageMaxFileBytes?: number;
  projectDir?: string;
  verbose?: boolean;
  /**
   * HTTPS (tls.ts): the hub's certificate files, TLS=off, more names. Unset: HTTPS with the
   * stack's own certificate on an address other than loopback, plain HTTP on loopback.
   */
  tls?: Omit<TlsOptions, 'host' | 'dataDir'>;
  /**
   * Called once when the stack's own database server ends while the stack runs. The CLI
   * stops the stack and exits; by default it is logged loudly.
   */
  onDatabaseDead?: (reason: string) => void;
}

/** What is printed when the database stops answering. */
export function databaseDeadMessage(engine: string, reason: string): string {
  return [
    `[dermaga] FATAL: the database (${engine}) stopped answering: ${reason}.`,
    '[dermaga] The API cannot serve requests any more. Restart the stack (npm start); committed data is kept.',
  ].join('\n');
}

export interface Stack {
  apiUrl: string;
  appUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** Where a generated JWT secret is kept (a non-loopback host without jwtSecret). */
  jwtSecretFile?: string;
  /** Where the demo accounts' generated passwords are kept (seeded on a non-loopback host: demo-logins.ts). */
  demoLoginsFile?: string;
  dbUrl: string;
  /** PostgREST itself, behind the gateway (tests that must bypass the gateway). */
  postgrestUrl: string;
  /** embedded: the stack's own PostgreSQL under DATA_DIR; external: DATABASE_URL's server. */
  engine: 'embedded' | 'external';
  migrations: MigrationReport;
  /** The Realtime endpoint (/realtime/v1/websocket): its open sockets and joined channels. */
  realtime: Pick<RealtimeServer, 'counts'>;
  /** Pids of the child processes (PostgREST, Deno), for supervision checks. */
  childPids: number[];
  /** HTTPS's certificate: what the tablets trust, its fingerprint, the names; null on plain HTTP. */
  tls: Pick<ResolvedTls, 'source' | 'trustPath' | 'trustFingerprint' | 'names'> | null;
  stop(): Promise<void>;
}

function listen(
  app: { fetch: (req: Request) => Response | Promise<Response> },
  port: number,
  host: string,
  tls: ResolvedTls | null = null,
) {
  return new Promise<ServerType>((resolvePromise, reject) => {
    const server = serve(
      tls
        ? {
            fetch: app.fetch,
            port,
            hostname: host,
            createServer: createHttpsServer,
            serverOptions: { key: tls.key, cert: tls.cert },
          }
        : { fetch: app.fetch, port, hostname: host },
      () => resolvePromise(server),
    );
    server.once('error', reject);
    // Idle keep-alive connections stay open longer than a client keeps its own (undici: the
    // server's hint less 2 s, else 4 s), as hosted Supabase's proxy does (60 s): with Node's 5 s
    // default, a busy client reused a socket the server was closing that moment, and its POST
    // failed with "fetch failed" (seen as status 0 in bad-input-services on a loaded machine).
    if ('keepAliveTimeout' in server) {
      server.keepAliveTimeout = 65_000;
      server.headersTimeout = 66_000;
    }
  });
}

function closeServer(server: ServerType): Promise<void> {
  return new Promise((r) => {
    if ('closeAllConnections' in server) server.closeAllConnections();
    server.close(() => r());
  });
}

export async function startStack(opts: StackOptions): Promise<Stack> {
  const host = opts.host ?? '127.0.0.1';
  const projectDir = resolve(opts.projectDir ?? process.cwd());
  const supabaseDir = join(projectDir, 'supabase');
  // Never the public default on an address the network can reach (jwt-secret.ts).
  const secret = resolveJwtSecret({ host, dataDir: opts.dataDir, jwtSecret: opts.jwtSecret });
  const jwtSecret = secret.secret;
  // HTTPS on the network: a tablet's browser gives an http:// LAN page no secure context (tls.ts).
  const tls = await resolveTls({ host, dataDir: opts.dataDir, ...opts.tls });
  const scheme = tls ? 'https' : 'http';
  // The URLs name an address the certificate is for (not 0.0.0.0).
  const urlHost = tls ? reachableHost(host) : host;
  if (opts.apiPort) await assertPortFree(opts.apiPort, 'API_PORT');
  if (opts.appPort) await assertPortFree(opts.appPort, 'APP_PORT');

  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const s of stops.reverse().splice(0)) await s().catch(() => {});
  };
  try {
    const db = await startDatabase({
      dataRoot: opts.dataDir,
      databaseUrl: opts.databaseUrl,
      supabaseDir,
      verbose: opts.verbose,
    });
    stops.push(db.stop);
    // The stack's own server lives in the data directory: that is what a refusal names.
    const dataDir = db.engine === 'embedded' ? resolve(opts.dataDir) : undefined;
    // On an address the network can reach no account keeps the seed's published password: the
    // seed's demo accounts get the random ones of DATA_DIR/demo-logins, in the seed's transaction.
    // Once that file exists it is used on 127.0.0.1 too, so what it says stays true (demo-logins.ts).
    const lan = !isLoopbackHost(host);
    const demoLoginsPath = join(opts.dataDir, DEMO_LOGINS_FILE);
    const migrations = await migrate(db.ownerUrl, supabaseDir, {
      dataDir,
      afterSeed:
        lan || existsSync(demoLoginsPath)
          ? async (sql) => {
              await replaceDemoPasswords(sql, opts.dataDir);
            }
          : undefined,
    });
    // There, at every start: an account still with demo1234 (a data directory first started on
    // 127.0.0.1) refuses the start before anything listens, as jwt-secret.ts refuses the public secret.
    if (lan) await refuseDemoPasswords(db.ownerUrl, { host, dataDir });

    // Auth, Storage and the stack's own checks; PostgREST and the functions have their own pools.
    const pool = new pg.Pool({ connectionString: db.ownerUrl, max: 10 });
    // Always a listener for the pool's 'error': an idle or closing connection the database
    // ends (a restart, or a test dropping its database as the stack stops) emits one, and
    // unheard it is an uncaught exception that takes the stack down.
    pool.on('error', (error: Error) => console.warn(`[stack] a database connection ended: ${error.message}`));
    stops.push(() => pool.end());
    if (db.authenticatorPassword) {
      // bootstrap.sql made the role; on the stack's own server it logs in with the generated password.
      await pool.query(`alter role authenticator password ${pg.escapeLiteral(db.authenticatorPassword)}`);
    }
    // The stack's own server ending while the stack runs (killed, a full disk) is a dead stack.
    void db.ended.then((reason) =>
      (opts.onDatabaseDead ?? ((why) => console.error(databaseDeadMessage('PostgreSQL', why))))(reason),
    );

    const postgrest = await startPostgrest({
      dbUrl: db.authenticatorUrl,
      jwtSecret,
      verbose: opts.verbose,
    });
    stops.push(postgrest.child.stop);

    const keys = apiKeys(jwtSecret);
    const starting = { fetch: () => new Response('starting', { status: 503 }) };
    const gatewayServer = await listen(starting, opts.apiPort, host, tls);
    const apiPort = (gatewayServer.address() as AddressInfo).port;
    const apiUrl = `${scheme}://${urlHost}:${apiPort}`;
    stops.push(() => closeServer(gatewayServer));
    // What the stack's own parts call (the functions, the app server's forwarding): the same
    // gateway, in plain HTTP on loopback only, when the network gets HTTPS.
    const innerServer = tls ? await listen(starting, 0, '127.0.0.1') : gatewayServer;
    if (tls) stops.push(() => closeServer(innerServer));
    const innerPort = (innerServer.address() as AddressInfo).port;
    const innerUrl = tls ? `http://127.0.0.1:${innerPort}` : apiUrl;

    const functions = await startFunctions({
      functionsDir: join(supabaseDir, 'functions'),
      env: {
        SUPABASE_URL: innerUrl,
        SUPABASE_ANON_KEY: keys.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
        SUPABASE_DB_URL: db.ownerUrl,
      },
      verbose: opts.verbose,
    });
    stops.push(functions.child.stop);

    const gateway = gatewayApp({
      postgrestUrl: postgrest.url,
      functionsUrl: functions.url,
      auth: authApp(
        pool,
        {
          secret: new TextEncoder().encode(jwtSecret),
          issuer: `${apiUrl}/auth/v1`,
          expirySeconds: opts.jwtExpirySeconds ?? 3600,
        },
        opts.auth,
      ),
      storage: storageApp(pool, { jwtSecret, dataDir: opts.dataDir, maxFileBytes: opts.storageMaxFileBytes }),
      jwtSecret,
    });
    // The port was held from the start (so a clash fails fast); it answers 503
    // until every part is up, then the real routes take over.
    const { getRequestListener } = await import('@hono/node-server');
    const listener = getRequestListener(gateway.fetch);
    // Realtime's WebSocket on the same port (realtime.ts); any other upgrade is refused.
    const realtime = startRealtime({ dbUrl: db.ownerUrl, jwtSecret });
    stops.push(() => realtime.stop());
    for (const server of new Set([gatewayServer, innerServer])) {
      server.removeAllListeners('request');
      server.on('request', listener);
      server.on('upgrade', (req, socket, head) => {
        if (!realtime.handleUpgrade(req, socket, head))
          socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\n\r\n');
      });
    }

    const appServer = await listen(
      appServerApp({
        distDir: resolve(projectDir, process.env.DERMAGA_DIST || 'dist'),
        apiUrl,
        upstreamUrl: innerUrl,
        anonKey: keys.anonKey,
      }),
      opts.appPort,
      host,
      tls,
    );
    stops.push(() => closeServer(appServer));
    forwardUpgrades(appServer, innerPort, tls ? '127.0.0.1' : host);
    const appUrl = `${scheme}://${urlHost}:${(appServer.address() as AddressInfo).port}`;

    return {
      apiUrl,
      appUrl,
      ...keys,
      jwtSecret,
      jwtSecretFile: secret.path,
      demoLoginsFile: existsSync(demoLoginsPath) ? demoLoginsPath : undefined,
      dbUrl: db.ownerUrl,
      postgrestUrl: postgrest.url,
      engine: db.engine,
      migrations,
      realtime,
      childPids: [postgrest.child.process.pid, functions.child.process.pid].filter((p): p is number => !!p),
      tls: tls && {
        source: tls.source,
        trustPath: tls.trustPath,
        trustFingerprint: tls.trustFingerprint,
        names: tls.names,
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
