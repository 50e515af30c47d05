// Issue 39: the declarative schema (supabase/schemas, in config.toml's schema_paths order) and
// the migrations (supabase/migrations, append-only) must build the same database. Each is laid
// on a fresh database over the local bootstrap; the two are compared by
// `pg_dump --schema-only` (tables, columns, constraints, indexes, comments, grants, policies,
// triggers, functions) and function by function by source (pg_get_functiondef), and the rows
// both put in (the shipment statuses, the storage bucket, the messages by key) are compared too. A change made in
// one place only is found: the last two cases make one in a scratch copy and see the difference.
//
// The databases are made on the machine's PostgreSQL (127.0.0.1:5432 as postgres, trust auth;
// SCHEMA_TEST_DATABASE_URL names another), not on the stack's own server: pg_dump refuses a
// server newer than itself, and the stack's embedded PostgreSQL 17 ships no pg_dump, while the
// machine's pg_dump is its own server's version.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../supabase/local/migrate';
import { applySchema, schemaFiles } from '../../supabase/local/schema-files';
import { createTestDatabase } from '../support/test-database';

const run = promisify(execFile);
const supabaseDir = resolve('supabase');
const serverUrl = process.env.SCHEMA_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Built {
  dump: string[];
  functions: Map<string, string>;
  rows: unknown;
}

/** What a database holds, in a form two databases can be compared by. */
async function describeDatabase(url: string): Promise<Built> {
  const { stdout } = await run('pg_dump', ['--schema-only', '--no-owner', `--dbname=${url}`], {
    maxBuffer: 64 * 1024 * 1024,
  });
  // Normalised: no comments or blank lines, and not the random key of \restrict (pg_dump 15.14+).
  const dump = stdout
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('--') && !/^\\(un)?restrict /.test(line));
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  try {
    // Names in full (public.f(public.command_context, jsonb)), whatever the path.
    await sql.query(`set search_path = ''`);
    const fns = await sql.query<{ sig: string; def: string }>(
      `select p.oid::regprocedure::text as sig, pg_get_functiondef(p.oid) as def
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.prokind in ('f', 'p') order by 1`,
    );
    const statuses = await sql.query(
      'select key, label, color, sort_order, deleted from public.shipment_statuses order by key',
    );
    const buckets = await sql.query(
      'select id, name, public, file_size_limit, allowed_mime_types from storage.buckets order by id',
    );
    const messages = await sql.query('select key, text from public.app_messages order by key');
    return {
      dump,
      functions: new Map(fns.rows.map((r) => [r.sig, r.def])),
      rows: { statuses: statuses.rows, buckets: buckets.rows, messages: messages.rows },
    };
  } finally {
    await sql.end();
  }
}

async function build(how: (url: string) => Promise<unknown>): Promise<Built> {
  const db = await createTestDatabase(serverUrl, 'dermaga_schema');
  try {
    await how(db.url);
    return await describeDatabase(db.url);
  } finally {
    await db.drop();
  }
}

const fromMigrations = (dir: string) => build((url) => migrate(url, dir, { seed: false }));
const fromSchema = (dir: string) => build((url) => applySchema(url, dir));

/** The functions whose source differs between two databases (or that one lacks). */
function changedFunctions(a: Built, b: Built): string[] {
  const names = new Set([...a.functions.keys(), ...b.functions.keys()]);
  return [...names].filter((name) => a.functions.get(name) !== b.functions.get(name)).sort();
}

/** A copy of supabase/ to change in one place. */
function scratchCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dermaga-schema-'));
  cpSync(supabaseDir, dir, {
    recursive: true,
    filter: (src) => !src.includes(`${join('supabase', 'functions')}`),
  });
  return dir;
}

let migrations: Built;
let schema: Built;

beforeAll(async () => {
  [migrations, schema] = await Promise.all([fromMigrations(supabaseDir), fromSchema(supabaseDir)]);
}, 120_000);

describe('supabase/schemas and supabase/migrations', () => {
  it('build the same schema (pg_dump --schema-only)', () => {
    expect(migrations.dump.length).toBeGreaterThan(1000);
    expect(schema.dump).toEqual(migrations.dump);
  });

  it('build the same functions, source for source (pg_get_functiondef)', () => {
    expect(migrations.functions.has('public.apply_commands(jsonb)')).toBe(true);
    expect(migrations.functions.size).toBeGreaterThan(100);
    expect(changedFunctions(migrations, schema)).toEqual([]);
  });

  it('put in the same rows (the shipment statuses, the storage bucket, the messages by key)', () => {
    expect((migrations.rows as { statuses: unknown[] }).statuses.length).toBeGreaterThan(0);
    expect((migrations.rows as { messages: unknown[] }).messages.length).toBeGreaterThan(100);
    expect(schema.rows).toEqual(migrations.rows);
  });

  it('define each function in one schema file, once', () => {
    const definedIn = new Map<string, string[]>();
    for (const file of schemaFiles(supabaseDir)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(
        /create\s+(?:or\s+replace\s+)?function\s+public\.([a-z_][a-z0-9_]*)\s*\(/gi,
      )) {
        const name = m[1]!.toLowerCase();
        definedIn.set(name, [...(definedIn.get(name) ?? []), relative(supabaseDir, file)]);
      }
    }
    expect([...definedIn].filter(([, where]) => where.length > 1)).toEqual([]);
    const inDatabase = [...migrations.functions.keys()]
      .map((sig) => sig.replace(/^public\.|\(.*$/g, ''))
      .sort();
    expect([...definedIn.keys()].sort()).toEqual(inDatabase);
  });
});

describe('a function changed in one place only', () => {
  it('is found when only its schema file changed', async () => {
    const dir = scratchCopy();
    try {
      const file = join(dir, 'schemas', 'functions', 'apply_commands.sql');
      const text = readFileSync(file, 'utf8');
      const changed = text.replace(
        '  if uid is null then',
        '  -- changed in the schema only\n  if uid is null then',
      );
      expect(changed).not.toBe(text);
      writeFileSync(file, changed);
      const edited = await fromSchema(dir);
      expect(changedFunctions(migrations, edited)).toEqual(['public.apply_commands(jsonb)']);
      expect(edited.dump).not.toEqual(migrations.dump);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('is found when only a migration changed it', async () => {
    const dir = scratchCopy();
    try {
      // A later migration replaces a function; its schema file is left as it was.
      const migration = join(dir, 'migrations', '29991231000000_scratch.sql');
      writeFileSync(
        migration,
        `create or replace function public.dm_trim(value text) returns text language sql immutable
           set search_path = '' as $$ select btrim(value, ' ') $$;\n`,
      );
      const edited = await fromMigrations(dir);
      expect(changedFunctions(schema, edited)).toEqual(['public.dm_trim(text)']);
      expect(edited.dump).not.toEqual(schema.dump);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
