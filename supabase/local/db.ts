// The database behind the local stack: the stack's own PostgreSQL 17 server under DATA_DIR
// (postgres-server.ts), or the PostgreSQL server named by DATABASE_URL.
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { CarryOverError, carryOverPglite } from './pglite-carry-over';
import { startPostgresServer } from './postgres-server';

export interface Database {
  /** embedded: the stack's own server under DATA_DIR; external: DATABASE_URL's. */
  engine: 'embedded' | 'external';
  /** Connection string of the owner (migrations, stand-ins, tests). */
  ownerUrl: string;
  /** Connection string PostgREST logs in with. */
  authenticatorUrl: string;
  /** The password authenticator logs in with (the embedded server's; none on DATABASE_URL's). */
  authenticatorPassword?: string;
  /** Resolves when an embedded server ends on its own, with what ended it; never for DATABASE_URL. */
  ended: Promise<string>;
  stop(): Promise<void>;
}

export async function startDatabase(opts: {
  /** DATA_DIR: the embedded server's cluster and password live here. */
  dataRoot: string;
  databaseUrl?: string;
  supabaseDir: string;
  verbose?: boolean;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const authenticator = new URL(opts.databaseUrl);
    authenticator.username = 'authenticator';
    authenticator.password = '';
    return {
      engine: 'external',
      ownerUrl: opts.databaseUrl,
      authenticatorUrl: authenticator.toString(),
      ended: new Promise(() => {}),
      stop: async () => {},
    };
  }

  const server = await startPostgresServer({ dataRoot: opts.dataRoot, verbose: opts.verbose });
  const url = (user: string) =>
    `postgres://${user}:${server.password}@127.0.0.1:${server.port}/postgres?sslmode=disable`;
  let stopping = false;
  const database: Database = {
    engine: 'embedded',
    ownerUrl: url('postgres'),
    authenticatorUrl: url('authenticator'),
    authenticatorPassword: server.password,
    ended: server.exited.then((reason) => (stopping ? new Promise<string>(() => {}) : reason)),
    stop: async () => {
      stopping = true;
      await server.stop();
    },
  };
  try {
    // A data directory of an earlier release (embedded PGlite): its rows are carried over into
    // this server once, or the start is refused in one line (pglite-carry-over.ts).
    await carryOverPglite({ pgliteDir: join(opts.dataRoot, 'pgdata'), ownerUrl: database.ownerUrl, supabaseDir: opts.supabaseDir });
  } catch (error) {
    // Never a half-carried database: the next start begins again from PGlite's rows.
    await database.stop();
    if (error instanceof CarryOverError && !error.keepCluster) rmSync(join(opts.dataRoot, 'postgres'), { recursive: true, force: true });
    throw error;
  }
  return database;
}
