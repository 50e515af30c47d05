// Applies the local bootstrap, then supabase/migrations in file-name order and
// supabase/seed.sql, each exactly once (recorded in supabase_migrations.*).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

export interface MigrationReport {
  applied: string[];
  seeded: boolean;
}

export async function migrate(ownerUrl: string, supabaseDir: string): Promise<MigrationReport> {
  const sql = new pg.Client({ connectionString: ownerUrl });
  await sql.connect();
  try {
    await sql.query(readFileSync(join(supabaseDir, 'local', 'bootstrap.sql'), 'utf8'));
    const applied: string[] = [];
    const migrationsDir = join(supabaseDir, 'migrations');
    const files = existsSync(migrationsDir)
      ? readdirSync(migrationsDir)
          .filter((f) => f.endsWith('.sql'))
          .sort()
      : [];
    const done = new Set(
      (
        await sql.query<{ version: string }>('select version from supabase_migrations.schema_migrations')
      ).rows.map((r) => r.version),
    );
    for (const file of files) {
      const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
      if (!version || done.has(version)) continue;
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
    if (existsSync(seedPath) && seeds.rowCount === 0) {
      const text = readFileSync(seedPath, 'utf8');
      await inTransaction(sql, 'seed.sql', async () => {
        await sql.query(text);
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
