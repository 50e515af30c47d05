// Applies the local bootstrap, then supabase/migrations in file-name order and
// supabase/seed.sql, each exactly once (recorded in supabase_migrations.*).
// A database that recorded a version no longer among the files (made before
// the migrations were squashed into a baseline on 2026-11-26) is refused
// before anything runs: the baseline laid over an older schema would fail
// half-way or, worse, half-succeed.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

export interface MigrationReport {
  applied: string[];
  seeded: boolean;
}

export interface MigrateOptions {
  /**
   * The data directory that holds the database (the stack's own server): named in the
   * message that refuses a database made by an earlier schema. Without it the
   * message names the database (a PostgreSQL server, DATABASE_URL).
   */
  dataDir?: string;
  /** Only these versions (a PGlite directory's, before its rows are carried over). */
  only?: ReadonlySet<string>;
  /** false: no seed (the rows come from elsewhere). */
  seed?: boolean;
  /**
   * Runs right after the seed, in its transaction (stack.ts: the demo accounts' passwords on an
   * address the network can reach, demo-logins.ts); a failure rolls the seed back with it.
   */
  afterSeed?: (sql: pg.Client) => Promise<void>;
}

/** The database was made by an earlier schema; the message says how to start afresh. */
export class EarlierSchemaError extends Error {
  constructor(
    readonly version: string,
    where: { dataDir: string } | { database: string },
  ) {
    const gone = `(migration ${version} is no longer in supabase/migrations)`;
    super(
      'dataDir' in where
        ? `This data directory was made by an earlier schema ${gone}. ` +
            `Start afresh: stop the stack and delete ${where.dataDir}, then run npm start again.`
        : `This database (${where.database}) was made by an earlier schema ${gone}. ` +
            `Start afresh: stop the stack and drop the database ${where.database} ` +
            '(or point DATABASE_URL at a new one), then run npm start again.',
    );
  }
}

function versionOf(file: string): string | undefined {
  return file.replace(/\.sql$/, '').split('_')[0] || undefined;
}

export async function migrate(
  ownerUrl: string,
  supabaseDir: string,
  options: MigrateOptions = {},
): Promise<MigrationReport> {
  const sql = new pg.Client({ connectionString: ownerUrl });
  await sql.connect();
  try {
    const migrationsDir = join(supabaseDir, 'migrations');
    const files = existsSync(migrationsDir)
      ? readdirSync(migrationsDir)
          .filter((f) => f.endsWith('.sql'))
          .sort()
      : [];
    // Before the bootstrap too: nothing runs on a database of an earlier schema.
    const { rows: bookkeeping } = await sql.query<{ present: boolean }>(
      `select to_regclass('supabase_migrations.schema_migrations') is not null as present`,
    );
    const recorded = bookkeeping[0]?.present
      ? (
          await sql.query<{ version: string }>(
            'select version from supabase_migrations.schema_migrations order by version',
          )
        ).rows.map((r) => r.version)
      : [];
    const known = new Set(files.map(versionOf));
    const gone = recorded.find((version) => !known.has(version));
    if (gone) {
      throw new EarlierSchemaError(
        gone,
        options.dataDir
          ? { dataDir: options.dataDir }
          : { database: decodeURIComponent(new URL(ownerUrl).pathname.slice(1)) || 'postgres' },
      );
    }

    await sql.query(readFileSync(join(supabaseDir, 'local', 'bootstrap.sql'), 'utf8'));
    const applied: string[] = [];
    const done = new Set(
      (
        await sql.query<{ version: string }>('select version from supabase_migrations.schema_migrations')
      ).rows.map((r) => r.version),
    );
    for (const file of files) {
      const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
      if (!version || done.has(version) || (options.only && !options.only.has(version))) continue;
      await inTransaction(sql, file, async () => {
        await sql.query(readFileSync(join(migrationsDir, file), 'utf8'));
        await sql.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
          version,
          rest.join('_'),
        ]);
      });
      applied.push(file);
    }

    let seeded = false;
    const seedPath = join(supabaseDir, 'seed.sql');
    const seeds = await sql.query('select 1 from supabase_migrations.seed_files where path = $1', [
      'seed.sql',
    ]);
    if (options.seed !== false && existsSync(seedPath) && seeds.rowCount === 0) {
      const text = readFileSync(seedPath, 'utf8');
      await inTransaction(sql, 'seed.sql', async () => {
        await sql.query(text);
        await options.afterSeed?.(sql);
        await sql.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [
          'seed.sql',
          createHash('sha256').update(text).digest('hex'),
        ]);
      });
      seeded = true;
    }
    return { applied, seeded };
  } finally {
    await sql.end();
  }
}

async function inTransaction(sql: pg.Client, label: string, work: () => Promise<void>): Promise<void> {
  await sql.query('begin');
  try {
    await work();
    await sql.query('commit');
  } catch (error) {
    await sql.query('rollback');
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${label}: ${message}`, { cause: error });
  }
}
