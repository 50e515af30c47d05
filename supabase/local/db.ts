// The database behind the local stack: embedded PGlite served over the wire
// protocol, or the PostgreSQL server named by DATABASE_URL.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { keepExtendedQueriesTogether } from './pglite-queue';

export interface Database {
  engine: 'pglite' | 'postgres';
  /** Connection string of the owner (migrations, stand-ins, tests). */
  ownerUrl: string;
  /** Connection string PostgREST logs in with. */
  authenticatorUrl: string;
  stop(): Promise<void>;
}

export async function startDatabase(opts: { dataDir: string; databaseUrl?: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const authenticator = new URL(opts.databaseUrl);
    authenticator.username = 'authenticator';
    authenticator.password = '';
    return {
      engine: 'postgres',
      ownerUrl: opts.databaseUrl,
      authenticatorUrl: authenticator.toString(),
      stop: async () => {},
    };
  }

  mkdirSync(opts.dataDir, { recursive: true });
  const db = await PGlite.create({ dataDir: opts.dataDir, extensions: { pgcrypto, pg_trgm } });
  // PGlite has a single backend; the socket server multiplexes connections onto
  // it and keeps a transaction's statements together (and, with
  // keepExtendedQueriesTogether, an extended query's messages).
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 32 });
  keepExtendedQueriesTogether(server);
  await server.start();
  const conn = server.getServerConn();
  return {
    engine: 'pglite',
    ownerUrl: `postgres://postgres@${conn}/postgres?sslmode=disable`,
    authenticatorUrl: `postgres://authenticator@${conn}/postgres?sslmode=disable`,
    stop: async () => {
      await server.stop();
      await db.close();
    },
  };
}
