// `npm start`: boots the local stack and the app, prints where they are, and
// stops every child process on Ctrl-C (SIGINT) or SIGTERM.
import { resolve } from 'node:path';
import { DEMO_PASSWORD, DemoPasswordError } from './demo-logins';
import { isLoopbackHost } from './jwt-secret';
import { EarlierSchemaError } from './migrate';
import { CarryOverError } from './pglite-carry-over';
import { ServerStartError } from './postgres-server';
import { assertPortFree, PortInUseError } from './ports';
import { databaseDeadMessage, startStack } from './stack';
import { TlsConfigError } from './tls';

const env = process.env;

function port(name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    console.error(`${name} must be a port number, got "${env[name]}".`);
    process.exit(1);
  }
  return value;
}

/** A positive number from the environment, or undefined when unset (the default applies). */
function positive(name: string): number | undefined {
  if (!env[name]) return undefined;
  const value = Number(env[name]);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a positive number, got "${env[name]}".`);
    process.exit(1);
  }
  return value;
}

const DEMO_LOGINS = [
  'admin@demo.local (admin)',
  'tower@demo.local (tower_control)',
  'karawang@demo.local, cikarang@demo.local, poljak@demo.local, polsub@demo.local (hub_user)',
  'makassar@demo.local (hub_user, POD Makassar)',
];

async function main() {
  const started = Date.now();
  const apiPort = port('API_PORT', 54321);
  const appPort = port('APP_PORT', 4173);
  if (process.argv.includes('--build')) {
    // Ports first: a clash should not wait for a build to be reported.
    if (apiPort) await assertPortFree(apiPort, 'API_PORT');
    if (appPort) await assertPortFree(appPort, 'APP_PORT');
    const { build } = await import('vite');
    await build({ logLevel: 'warn' });
  }
  const stack = await startStack({
    apiPort,
    appPort,
    host: env.HOST,
    dataDir: resolve(env.DATA_DIR ?? '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    jwtExpirySeconds: env.JWT_EXPIRY ? Number(env.JWT_EXPIRY) : undefined,
    // Storage's largest object in bytes over every bucket (hosted's default 50 MB).
    storageMaxFileBytes: env.STORAGE_FILE_SIZE_LIMIT ? Number(env.STORAGE_FILE_SIZE_LIMIT) : undefined,
    // Supabase Auth's [auth.rate_limit] sign_in_sign_ups and token_refresh (per IP per 5 minutes)
    // and refresh_token_reuse_interval (seconds); unset, its defaults 30, 150 and 10.
    auth: {
      rateLimits: {
        signInSignUps: positive('AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS'),
        tokenRefresh: positive('AUTH_RATE_LIMIT_TOKEN_REFRESH'),
      },
      refreshTokenReuseSeconds: positive('AUTH_REFRESH_TOKEN_REUSE_INTERVAL'),
    },
    verbose: env.VERBOSE === '1',
    // HTTPS on the network (tls.ts): the hub's own certificate, or the stack's; TLS=off behind a TLS proxy.
    tls: {
      certFile: env.TLS_CERT_FILE || undefined,
      keyFile: env.TLS_KEY_FILE || undefined,
      mode: env.TLS === 'off' ? 'off' : undefined,
      extraNames: (env.TLS_NAMES ?? '').split(',').filter((n) => n.trim()),
    },
    // A dead database is not a running stack: say so and exit, so a supervisor
    // (or the person at the terminal) sees it at once and restarts it.
    onDatabaseDead: (reason) => {
      console.error(databaseDeadMessage('PostgreSQL', reason));
      void Promise.race([stack.stop(), new Promise((r) => setTimeout(r, 5000))]).finally(() =>
        process.exit(1),
      );
    },
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const applied = stack.migrations.applied.length;
  console.log(
    [
      `Dermaga is running (${stack.engine === 'embedded' ? `PostgreSQL under ${resolve(env.DATA_DIR ?? '.data')}` : 'PostgreSQL at DATABASE_URL'}, ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
      `app URL: ${stack.appUrl}`,
      `API URL: ${stack.apiUrl}`,
      `anon key: ${stack.anonKey}`,
      ...(stack.tls
        ? [
            stack.tls.source === 'generated'
              ? `HTTPS: the stack's own certificate for ${stack.tls.names.join(', ')}; each tablet trusts its CA once: ` +
                `${stack.tls.trustPath} (SHA-256 ${stack.tls.trustFingerprint}; README, "On a hub's network")`
              : `HTTPS: ${stack.tls.trustPath} for ${stack.tls.names.join(', ')} (SHA-256 ${stack.tls.trustFingerprint})`,
          ]
        : isLoopbackHost(env.HOST ?? '127.0.0.1')
          ? []
          : [
              'HTTPS off (TLS=off): serve the app to tablets through a TLS proxy; over plain http:// a tablet works ' +
                'neither offline nor with its camera',
            ]),
      ...(stack.jwtSecretFile
        ? [
            `JWT secret: generated for this data directory, kept in ${stack.jwtSecretFile} (mode 0600); ` +
              'delete it (or set JWT_SECRET) to rotate: every session then signs in again',
          ]
        : []),
      `database: ${stack.dbUrl}`,
      `migrations applied now: ${applied}${stack.migrations.seeded ? ', seed applied' : ''}`,
      // Seeded on the network, the demo accounts have generated passwords: the file is named,
      // never a password (demo-logins.ts). A start there never gets here with demo1234 left.
      stack.demoLoginsFile
        ? `demo logins (their generated passwords are in ${stack.demoLoginsFile}, mode 0600; change them in Pengguna):`
        : isLoopbackHost(env.HOST ?? '127.0.0.1')
          ? `demo logins (password ${DEMO_PASSWORD}):`
          : `demo logins (none has the password ${DEMO_PASSWORD} any more: the passwords set in Pengguna):`,
      ...DEMO_LOGINS.map((l) => `  ${l}`),
      ...(env.VERBOSE === '1' ? [`PostgREST (behind the gateway): ${stack.postgrestUrl}`] : []),
      'Ctrl-C stops everything.',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  // What the person at the terminal can act on is said plainly, without a stack trace.
  if (
    error instanceof PortInUseError ||
    error instanceof EarlierSchemaError ||
    error instanceof ServerStartError ||
    error instanceof CarryOverError ||
    error instanceof DemoPasswordError ||
    error instanceof TlsConfigError
  )
    console.error(error.message);
  else console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
