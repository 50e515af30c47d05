// The declarative schema (supabase/schemas, README "How a schema change is made"): the files
// in the order config.toml's [db.migrations] schema_paths gives them (as the Supabase CLI reads
// them: a path or a `*` pattern in its last segment, each file once, at its first mention).
// applySchema builds a database from them alone, over the local bootstrap, so a test can
// compare it with the one supabase/migrations builds.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import pg from 'pg';

/** The schema files, absolute, in the order they are applied. */
export function schemaFiles(supabaseDir: string): string[] {
  const config = readFileSync(join(supabaseDir, 'config.toml'), 'utf8');
  const section = /\[db\.migrations\][^[]*?schema_paths\s*=\s*\[([^\]]*)\]/.exec(config);
  if (!section) throw new Error('config.toml has no [db.migrations] schema_paths');
  const patterns = [...section[1]!.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
  const files: string[] = [];
  for (const pattern of patterns) {
    const path = join(supabaseDir, pattern);
    const name = basename(path);
    if (!name.includes('*')) {
      if (!existsSync(path)) throw new Error(`schema_paths names ${pattern}, which does not exist`);
      if (!files.includes(path)) files.push(path);
      continue;
    }
    const match = new RegExp(`^${name.split('*').map(escape).join('.*')}$`);
    const dir = dirname(path);
    for (const file of readdirSync(dir).sort()) {
      const full = join(dir, file);
      if (match.test(file) && !files.includes(full)) files.push(full);
    }
  }
  return files;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The bootstrap, then every schema file in order, in one transaction. */
export async function applySchema(ownerUrl: string, supabaseDir: string): Promise<void> {
  const sql = new pg.Client({ connectionString: ownerUrl });
  await sql.connect();
  try {
    await sql.query(readFileSync(join(supabaseDir, 'local', 'bootstrap.sql'), 'utf8'));
    await sql.query('begin');
    for (const file of schemaFiles(supabaseDir)) {
      try {
        await sql.query(readFileSync(file, 'utf8'));
      } catch (error) {
        await sql.query('rollback');
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`${relative(supabaseDir, file)}: ${message}`, { cause: error });
      }
    }
    await sql.query('commit');
  } finally {
    await sql.end();
  }
}
