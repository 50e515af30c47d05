// Issue 38: a data directory made by an earlier release (embedded PGlite under DATA_DIR/pgdata)
// is carried over into the stack's own PostgreSQL server on its first start, every table's rows
// counted equal, or the start is refused in one line with nothing half-made. The PGlite
// directory is made here as that release's `npm start` made it: bootstrap.sql, every migration
// and the seed, recorded in supabase_migrations; then rows of its own on top.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../../supabase/local/stack';

const supabaseDir = resolve('supabase');
const dirs: string[] = [];
let stack: Stack | undefined;
afterAll(async () => {
  await stack?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const TABLE_COUNTS = `
  select format('%I.%I', n.nspname, c.relname) as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where c.relkind in ('r', 'p') and not c.relispartition
     and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
   order by 1`;

/** A PGlite directory as the earlier release left it, with `extra` versions recorded too. */
async function pgliteDirectory(extra: string[] = []): Promise<{ dataDir: string; counts: Record<string, number> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dermaga-pglite-'));
  dirs.push(dataDir);
  const db = await PGlite.create({ dataDir: join(dataDir, 'pgdata'), extensions: { pgcrypto, pg_trgm } });
  await db.exec(readFileSync(join(supabaseDir, 'local', 'bootstrap.sql'), 'utf8'));
  for (const file of readdirSync(join(supabaseDir, 'migrations')).sort()) {
    const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
    await db.exec(readFileSync(join(supabaseDir, 'migrations', file), 'utf8'));
    await db.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [version, rest.join('_')]);
  }
  await db.exec(readFileSync(join(supabaseDir, 'seed.sql'), 'utf8'));
  await db.query(`insert into supabase_migrations.seed_files (path, hash) values ('seed.sql', 'earlier')`);
  for (const version of extra) {
    await db.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [version, 'later']);
  }
  // Rows of this directory's own, beyond the seed (a vendor with a bytea-free, text and array mix).
  await db.query(`insert into public.vendors (name, contact_person) values ('Vendor dari PGlite', 'Bu Sari')`);
  const counts: Record<string, number> = {};
  for (const { name } of (await db.query<{ name: string }>(TABLE_COUNTS)).rows) {
    counts[name] = Number((await db.query<{ n: number }>(`select count(*)::int as n from ${name}`)).rows[0]!.n);
  }
  await db.close();
  return { dataDir, counts };
}

describe('a PGlite data directory of an earlier release', () => {
  it('is carried over on the first start: every table counted equal, the old directory kept aside', async () => {
    const { dataDir, counts } = await pgliteDirectory();
    stack = await startStack({ apiPort: 0, appPort: 0, dataDir });
    const sql = new pg.Client({ connectionString: stack.dbUrl });
    await sql.connect();
    try {
      const after: Record<string, number> = {};
      for (const name of Object.keys(counts)) {
        after[name] = Number((await sql.query<{ n: number }>(`select count(*)::int as n from ${name}`)).rows[0]!.n);
      }
      console.log(`[pglite-carry-over] ${Object.keys(counts).length} tables, ${Object.values(counts).reduce((a, b) => a + b, 0)} rows`);
      expect(after).toEqual(counts);
      expect(counts['public.vendors']).toBeGreaterThan(0);
      const { rows } = await sql.query(`select contact_person from public.vendors where name = 'Vendor dari PGlite'`);
      expect(rows).toEqual([{ contact_person: 'Bu Sari' }]);
      // Not seeded a second time: the seed's rows are PGlite's, once.
      expect(stack.migrations.seeded).toBe(false);
    } finally {
      await sql.end();
    }
    expect(existsSync(join(dataDir, 'pgdata'))).toBe(false);
    expect(existsSync(join(dataDir, 'pgdata.carried-over', 'PG_VERSION'))).toBe(true);
    // The demo logins carried over too: Auth answers from the new server.
    const res = await fetch(`${stack.apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'karawang@demo.local', password: 'demo1234' }),
    });
    expect(res.status).toBe(200);
    await stack.stop();
    stack = undefined;
  }, 300_000);

  it('of a schema this release does not know is refused in one line, nothing half-made', async () => {
    const { dataDir } = await pgliteDirectory(['20991231000000']);
    const error = await startStack({ apiPort: 0, appPort: 0, dataDir }).then(
      (s) => {
        stack = s;
        return undefined;
      },
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(/made by a schema this release does not have \(migration 20991231000000\)/);
    expect(error?.message.split('\n')).toHaveLength(1);
    expect(existsSync(join(dataDir, 'postgres'))).toBe(false);
    expect(existsSync(join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
  }, 300_000);
});
