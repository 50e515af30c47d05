// The migrations are a squashed baseline (2026-11-26, squashed again on 2026-11-28 into
// 20261128020000_baseline.sql; README "How a schema change is made"): new migrations are
// appended, never edited. Two things keep that honest (and schema-equals-migrations.test.ts
// keeps them equal to supabase/schemas):
// * a database made before the squash has versions recorded that are no longer
//   in supabase/migrations; migrate() refuses it with a plain message and
//   applies nothing, instead of laying the baseline over the old schema;
// * each database function is defined in one file only, so the file a reader
//   finds is the definition that runs.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../supabase/local/migrate';
import { stack } from '../support/clients';
import { createTestDatabase } from '../support/test-database';

const supabaseDir = resolve('supabase');
const migrationsDir = join(supabaseDir, 'migrations');
const files = readdirSync(migrationsDir)
  .filter((f) => f.endsWith('.sql'))
  .sort();

// Throwaway databases on the suite's own server (the stack's, or DATABASE_URL's).
const serverUrl = stack().dbUrl;

// The squashed baseline: files after it were appended (never edited).
const BASELINE = '20261128020000_baseline.sql';
const BASELINE_END = versionOf(BASELINE);

// A version the first squash removed (the first migration before it), and one the second did.
const OLD_VERSION = '20261121000000';
const SQUASHED_VERSION = '20261128015020';

function versionOf(file: string): string {
  return file.split('_')[0]!;
}

async function withOldDatabase(
  check: (url: string, name: string, sql: pg.Client) => Promise<void>,
  oldVersion = OLD_VERSION,
) {
  const db = await createTestDatabase(serverUrl, 'dermaga_baseline');
  const name = new URL(db.url).pathname.slice(1);
  const sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  try {
    await sql.query(readFileSync(join(supabaseDir, 'local', 'bootstrap.sql'), 'utf8'));
    await sql.query(
      `insert into supabase_migrations.schema_migrations (version, name) values ($1, 'replication')`,
      [oldVersion],
    );
    await check(db.url, name, sql);
    // Nothing applied: no table of the product, no version recorded, no seed.
    const versions = await sql.query('select version from supabase_migrations.schema_migrations');
    expect(versions.rows.map((r) => r.version)).toEqual([oldVersion]);
    const tables = await sql.query(`select count(*)::int as n from pg_tables where schemaname = 'public'`);
    expect(tables.rows[0].n).toBe(0);
    const seeds = await sql.query('select count(*)::int as n from supabase_migrations.seed_files');
    expect(seeds.rows[0].n).toBe(0);
  } finally {
    await sql.end();
    await db.drop();
  }
}

describe('a database made before the squash', () => {
  it(`is refused with a plain message naming the data directory, and nothing is applied`, async () => {
    await withOldDatabase(async (url) => {
      await expect(migrate(url, supabaseDir, { dataDir: '/srv/dermaga/.data' })).rejects.toThrow(
        `This data directory was made by an earlier schema (migration ${OLD_VERSION} is no longer in ` +
          'supabase/migrations). Start afresh: stop the stack and delete /srv/dermaga/.data, ' +
          'then run npm start again.',
      );
    });
  });

  it(`is refused with a plain message naming the database (DATABASE_URL), and nothing is applied`, async () => {
    await withOldDatabase(async (url, name) => {
      await expect(migrate(url, supabaseDir)).rejects.toThrow(
        `This database (${name}) was made by an earlier schema (migration ${OLD_VERSION} is no longer in ` +
          `supabase/migrations). Start afresh: stop the stack and drop the database ${name} ` +
          '(or point DATABASE_URL at a new one), then run npm start again.',
      );
    });
  });

  it(`made from the migrations squashed on 2026-11-28 is refused too`, async () => {
    await withOldDatabase(async (url) => {
      await expect(migrate(url, supabaseDir, { dataDir: '/srv/dermaga/.data' })).rejects.toThrow(
        `This data directory was made by an earlier schema (migration ${SQUASHED_VERSION} is no longer in ` +
          'supabase/migrations).',
      );
    }, SQUASHED_VERSION);
  });
});

describe('supabase/migrations', () => {
  it('starts with the baseline', () => {
    expect(files[0]).toBe(BASELINE);
  });

  it('defines each function in one file only', () => {
    const definedIn = new Map<string, string[]>();
    for (const file of files) {
      const text = readFileSync(join(migrationsDir, file), 'utf8');
      for (const m of text.matchAll(
        /create\s+(?:or\s+replace\s+)?function\s+([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)\s*\(/gi,
      )) {
        const name = `${m[1]}.${m[2]}`.toLowerCase();
        definedIn.set(name, [...(definedIn.get(name) ?? []), file]);
      }
    }
    // An overload (one name, other arguments) counts as twice too: one name, one function.
    // Migrations appended after the baseline are never edited: one that changes a function
    // replaces it with `create or replace`, names the file it was defined in before, and the
    // latest file is the definition that runs (its schema file holds the same text).
    const twice = [...definedIn].filter(
      ([, where]) => where.filter((f) => versionOf(f) <= BASELINE_END).length > 1,
    );
    expect(twice).toEqual([]);
    for (const [name, where] of definedIn) {
      const [first, ...later] = where;
      for (const file of later) {
        expect(versionOf(file) > BASELINE_END, `${name} redefined in ${file}`).toBe(true);
        const text = readFileSync(join(migrationsDir, file), 'utf8');
        expect(text.includes(first!), `${file} names ${first}, where ${name} was`).toBe(true);
      }
    }
    expect(definedIn.has('public.apply_commands')).toBe(true);
    expect(definedIn.size).toBeGreaterThan(100);
  });

  it('gives every file its own version', () => {
    const versions = files.map((f) => f.split('_')[0]);
    expect(files.every((f) => /^\d{14}_[a-z0-9_]+\.sql$/.test(f))).toBe(true);
    expect(new Set(versions).size).toBe(versions.length);
  });
});
