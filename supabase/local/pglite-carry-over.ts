// Earlier releases kept the database in embedded PGlite under <DATA_DIR>/pgdata. On the first
// start of the PostgreSQL server beside it, its rows are carried over, or the start is refused
// in one line; never a half-carried start:
//   1. the PGlite directory is opened (read only in effect: nothing is written to it) and its
//      applied migrations read; one this release does not know refuses the start;
//   2. the new server (fresh, or refused) gets exactly those migrations and no seed;
//   3. in one transaction, with triggers and foreign keys off (session_replication_role), each
//      table's rows are replaced by PGlite's, the sequences set, and every table's count
//      compared; any difference rolls it all back;
//   4. the PGlite directory is renamed pgdata.carried-over (kept as it was, never read again).
// On a failure the caller removes the new cluster, so the next start tries again from scratch.
import { existsSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { migrate } from './migrate';

export class CarryOverError extends Error {
  /** true: the new server held data before; its cluster must stay. */
  keepCluster = false;
}

interface Table {
  schema: string;
  name: string;
  columns: string[];
}

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** What PGlite answers: rows of objects. */
interface Lite {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  close(): Promise<void>;
}

async function openPglite(dir: string): Promise<Lite> {
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pgcrypto } = await import('@electric-sql/pglite/contrib/pgcrypto');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    return (await PGlite.create({ dataDir: dir, extensions: { pgcrypto, pg_trgm } })) as unknown as Lite;
  } catch (error) {
    throw new CarryOverError(
      `${dir} holds an embedded PGlite database of an earlier release that could not be opened to carry its rows over ` +
        `(${(error as Error).message.split('\n')[0]}); move it away to start with a new database.`,
    );
  }
}

const TABLES = `
  select n.nspname as schema, c.relname as name,
         array_agg(a.attname::text order by a.attnum) as columns
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
   where c.relkind in ('r', 'p') and not c.relispartition
     and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
   group by 1, 2 order by 1, 2`;

const SEQUENCES = `
  select schemaname as schema, sequencename as name, last_value::text as last_value
    from pg_sequences where schemaname not in ('pg_catalog', 'information_schema')`;

export interface CarryOverReport {
  tables: number;
  rows: number;
  keptAt: string;
}

export async function carryOverPglite(opts: {
  pgliteDir: string;
  ownerUrl: string;
  supabaseDir: string;
}): Promise<CarryOverReport | undefined> {
  if (!existsSync(join(opts.pgliteDir, 'PG_VERSION'))) return undefined;
  const server = new pg.Client({ connectionString: opts.ownerUrl });
  await server.connect();
  const lite = await openPglite(opts.pgliteDir).catch(async (error: unknown) => {
    await server.end();
    throw error;
  });
  try {
    const fresh = await server.query<{ present: boolean }>(
      `select to_regclass('supabase_migrations.schema_migrations') is not null as present`,
    );
    if (fresh.rows[0]?.present) {
      const both = new CarryOverError(
        `Both ${opts.pgliteDir} (embedded PGlite, an earlier release) and this PostgreSQL server hold a database; ` +
          `move ${opts.pgliteDir} away to keep the server's, or the server's directory to carry PGlite's over again.`,
      );
      both.keepCluster = true;
      throw both;
    }
    const versions = (
      await lite.query<{ version: string }>('select version from supabase_migrations.schema_migrations')
    ).rows.map((r) => r.version);
    const files = new Set(
      readdirSync(join(opts.supabaseDir, 'migrations')).map((f) => f.split('_')[0]),
    );
    const unknown = versions.find((v) => !files.has(v));
    if (unknown) {
      throw new CarryOverError(
        `${opts.pgliteDir} (embedded PGlite) was made by a schema this release does not have (migration ${unknown}); ` +
          'start the release that made it once more, or move the directory away to start with a new database.',
      );
    }
    await migrate(opts.ownerUrl, opts.supabaseDir, { dataDir: opts.pgliteDir, only: new Set(versions), seed: false });

    const tables = (await lite.query<Table>(TABLES)).rows;
    const present = new Set(
      (await server.query<{ schema: string; name: string }>(TABLES)).rows.map((t) => `${t.schema}.${t.name}`),
    );
    let rows = 0;
    await server.query('begin');
    await server.query('set local session_replication_role = replica');
    for (const table of tables) {
      const name = `${q(table.schema)}.${q(table.name)}`;
      if (!present.has(`${table.schema}.${table.name}`)) {
        throw new CarryOverError(`${opts.pgliteDir}: the table ${table.schema}.${table.name} has no place in this release.`);
      }
      const data = await lite.query<{ rows: unknown }>(`select coalesce(json_agg(t), '[]'::json) as rows from ${name} t`);
      const list = data.rows[0]?.rows as unknown[];
      const columns = table.columns.map(q).join(', ');
      await server.query(`delete from ${name}`);
      await server.query(
        `insert into ${name} (${columns}) overriding system value
           select ${columns} from json_populate_recordset(null::${name}, $1::json)`,
        [JSON.stringify(list)],
      );
      const counted = await server.query<{ n: string }>(`select count(*) as n from ${name}`);
      if (Number(counted.rows[0]?.n) !== list.length) {
        throw new CarryOverError(
          `${table.schema}.${table.name}: ${list.length} rows in PGlite, ${counted.rows[0]?.n} after the carry-over.`,
        );
      }
      rows += list.length;
    }
    for (const seq of (await lite.query<{ schema: string; name: string; last_value: string | null }>(SEQUENCES)).rows) {
      if (seq.last_value === null) continue;
      await server.query(`select setval($1::regclass, $2::bigint, true)`, [`${q(seq.schema)}.${q(seq.name)}`, seq.last_value]);
    }
    await server.query('commit');
    await lite.close();
    const keptAt = `${opts.pgliteDir}.carried-over`;
    renameSync(opts.pgliteDir, keptAt);
    console.log(
      `[dermaga] carried ${rows} rows in ${tables.length} tables over from embedded PGlite into PostgreSQL; ` +
        `the old directory is kept as ${keptAt}`,
    );
    return { tables: tables.length, rows, keptAt };
  } catch (error) {
    await server.query('rollback').catch(() => undefined);
    await lite.close().catch(() => undefined);
    if (error instanceof CarryOverError) throw error;
    throw new CarryOverError(
      `The rows of ${opts.pgliteDir} (embedded PGlite, an earlier release) could not be carried over: ` +
        `${(error as Error).message.split('\n')[0]}. Nothing was started; move it away to start with a new database.`,
    );
  } finally {
    await server.end();
  }
}
