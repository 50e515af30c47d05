// Issue 27: the API roles' settings of hosted Supabase, mirrored by the local
// bootstrap (supabase/local/bootstrap.sql): statement timeouts (anon 3 s,
// authenticated 8 s; PostgREST's authenticator 8 s and a lock timeout of 8 s),
// so that a request that hosted would cancel is cancelled here too (57014), and
// the bench's biggest pull passes under them. Hosted also loads pg-safeupdate
// for the authenticator (UPDATE and DELETE without WHERE refused, inside
// functions too); it exists on neither local engine, so the last part checks
// what it would refuse: no API role may UPDATE or DELETE a table at all, and
// no function body holds an UPDATE or DELETE without WHERE.
//
// On a stack of its own: the test defines a function that sleeps (never in
// the migrations) and reloads PostgREST's schema cache to call it, and seeds
// the bench's volume, which the shared stack's other files must not see.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../../supabase/local/stack';
import { seedVolume, INVENTORY, SHIPMENTS } from '../bench/seed';
import { DEMO_PASSWORD, DEMO_USERS } from '../support/demo';
import { createTestDatabase } from '../support/test-database';

let own: Stack;
let dataDir: string;
let database: { url: string; drop: () => Promise<void> } | undefined;
let owner: pg.Client;
let token: string;

async function signIn(email: string): Promise<string> {
  const res = await fetch(`${own.apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: own.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in as ${email} failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

/** An rpc through the gateway, as anon (no token) or with a user's token; with its time. */
async function rpc(name: string, args: unknown, bearer?: string) {
  const started = performance.now();
  const res = await fetch(`${own.apiUrl}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: own.anonKey,
      authorization: `Bearer ${bearer ?? own.anonKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(args),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, ms: performance.now() - started };
}

const SLEEP = `hosted_settings_sleep_${process.pid}`;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dermaga-roles-'));
  database = process.env.DATABASE_URL
    ? await createTestDatabase(process.env.DATABASE_URL, 'dermaga_roles')
    : undefined;
  own = await startStack({ apiPort: 0, appPort: 0, dataDir, databaseUrl: database?.url });
  owner = new pg.Client({ connectionString: own.dbUrl });
  await owner.connect();
  // A function that takes as long as asked: this test's own, never a migration's.
  await owner.query(`
    create function public.${SLEEP}(seconds double precision) returns text
    language sql volatile as $$ select pg_sleep(seconds); select current_setting('statement_timeout') $$;
    grant execute on function public.${SLEEP}(double precision) to anon, authenticated;`);
  // PostgREST learns of it on a schema reload (SIGUSR1, as postgrest.ts reload() sends).
  process.kill(own.childPids[0]!, 'SIGUSR1');
  for (let waited = 0; (await rpc(SLEEP, { seconds: 0 })).status !== 200; waited += 200) {
    if (waited > 20_000) throw new Error(`PostgREST did not find ${SLEEP} after a schema reload`);
    await new Promise((r) => setTimeout(r, 200));
  }
  token = await signIn(DEMO_USERS.admin);
}, 180_000);

afterAll(async () => {
  await owner?.end();
  await own?.stop();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the hosted roles' settings", () => {
  it('are set on the roles as hosted Supabase sets them', async () => {
    const { rows } = await owner.query<{ role: string; setting: string }>(`
      select r.rolname as role, unnest(s.setconfig) as setting
      from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
      where s.setdatabase = 0 and r.rolname in ('anon', 'authenticated', 'authenticator', 'service_role')
      order by 1, 2`);
    expect(rows).toEqual([
      { role: 'anon', setting: 'statement_timeout=3s' },
      { role: 'authenticated', setting: 'statement_timeout=8s' },
      { role: 'authenticator', setting: 'lock_timeout=8s' },
      { role: 'authenticator', setting: 'statement_timeout=8s' },
    ]);
  });

  it("PostgREST applies the impersonated role's timeout in each request", async () => {
    expect(await rpc(SLEEP, { seconds: 0 })).toMatchObject({ status: 200, body: '3s' });
    expect(await rpc(SLEEP, { seconds: 0 }, token)).toMatchObject({ status: 200, body: '8s' });
  });

  // The stack's own PostgreSQL server enforces them (PGlite, before, accepted and never kept them).
  it(
    'a request as anon is cancelled after 3 s (57014), one as authenticated after 8 s',
    async () => {
      const anon = await rpc(SLEEP, { seconds: 5 });
      console.log(`[hosted-role-settings] anon, 5 s: ${anon.status} ${JSON.stringify(anon.body)}`);
      expect(anon.body).toMatchObject({ code: '57014' });
      expect(anon.status).toBeGreaterThanOrEqual(400);
      expect(anon.ms).toBeGreaterThan(2_500);
      expect(anon.ms).toBeLessThan(4_500);

      // 4 s is within authenticated's 8 s.
      const within = await rpc(SLEEP, { seconds: 4 }, token);
      expect(within).toMatchObject({ status: 200, body: '8s' });

      const over = await rpc(SLEEP, { seconds: 10 }, token);
      expect(over.body).toMatchObject({ code: '57014' });
      expect(over.ms).toBeGreaterThan(7_500);
      expect(over.ms).toBeLessThan(9_500);
    },
    60_000,
  );

  it("the bench's biggest pull passes under them: every page well under 8 s", async () => {
    await seedVolume(owner);
    const pages: { table: string; rows: number; ms: number }[] = [];
    for (const table of ['shipments', 'inventory']) {
      let after: { xid: string; id: string } | undefined;
      for (;;) {
        const page = await rpc(
          'pull_changes',
          { p_table: table, p_after_xid: after?.xid ?? null, p_after_id: after?.id ?? null, p_limit: 5000 },
          token,
        );
        expect(page.status, JSON.stringify(page.body)).toBe(200);
        const rows = page.body.rows as { id: string; change_xid: string }[];
        pages.push({ table, rows: rows.length, ms: Math.round(page.ms) });
        if (rows.length < 5000) break;
        after = { xid: rows.at(-1)!.change_xid, id: rows.at(-1)!.id };
      }
      const ids = await rpc('visible_ids', { p_table: table }, token);
      expect(ids.status).toBe(200);
      pages.push({ table: `${table} visible_ids`, rows: ids.body.ids.length, ms: Math.round(ids.ms) });
    }
    console.log(`[hosted-role-settings] pull pages as admin: ${JSON.stringify(pages)}`);
    const pulled = (table: string) => pages.filter((p) => p.table === table).reduce((n, p) => n + p.rows, 0);
    // The pull sends the working set (issue 26): every seeded shipment closed just now, and the
    // ledger rows of the window's dates (the seed spreads INVENTORY rows over a year); the same
    // rows the server lists by visible_ids.
    expect(pulled('shipments')).toBeGreaterThanOrEqual(SHIPMENTS);
    expect(pulled('shipments')).toBe(pulled('shipments visible_ids'));
    expect(pulled('inventory')).toBeGreaterThanOrEqual(Math.floor((INVENTORY * 13) / 365));
    expect(pulled('inventory')).toBeLessThan(INVENTORY);
    expect(pulled('inventory')).toBe(pulled('inventory visible_ids'));
    // Well under authenticated's 8 s: a page that took half of it would fail on a loaded server.
    for (const page of pages) expect(page.ms, JSON.stringify(page)).toBeLessThan(4_000);
  }, 120_000);
});

describe('what pg-safeupdate refuses on hosted', () => {
  it('no API role may UPDATE or DELETE any table of the exposed schema', async () => {
    const { rows } = await owner.query(`
      select c.relname, r.rolname, p.privilege
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      cross join (values ('anon'), ('authenticated')) r(rolname)
      cross join (values ('UPDATE'), ('DELETE'), ('TRUNCATE')) p(privilege)
      where c.relkind in ('r', 'v', 'm', 'p')
        and has_table_privilege(r.rolname, c.oid, p.privilege)`);
    expect(rows).toEqual([]);
    // And through PostgREST: a PATCH and a DELETE without a filter are refused, nothing changes.
    for (const method of ['PATCH', 'DELETE']) {
      const res = await fetch(`${own.apiUrl}/rest/v1/vendors`, {
        method,
        headers: {
          apikey: own.anonKey,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        },
        body: method === 'PATCH' ? JSON.stringify({ name: 'semua' }) : undefined,
      });
      expect([401, 403]).toContain(res.status);
    }
    const { rows: renamed } = await owner.query(`select 1 from public.vendors where name = 'semua'`);
    expect(renamed).toEqual([]);
  });

  it('no function holds an UPDATE or DELETE without WHERE (safeupdate refuses them inside functions too)', async () => {
    const { rows } = await owner.query<{ fn: string; src: string }>(`
      select p.oid::regprocedure::text as fn, p.prosrc as src
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname in ('public', 'auth', 'storage') and p.prolang in (
        select oid from pg_language where lanname in ('sql', 'plpgsql'))`);
    expect(rows.length).toBeGreaterThan(50);
    const found = rows.flatMap(({ fn, src }) => updatesAndDeletes(src).map((s) => ({ fn, ...s })));
    // The check sees the statements (a scanner that finds none proves nothing)...
    expect(found.length).toBeGreaterThan(20);
    expect(updatesAndDeletes('begin update public.x set a = 1; delete from public.y; end')).toEqual([
      { statement: 'update public.x set a = 1', where: false },
      { statement: 'delete from public.y', where: false },
    ]);
    // ...and none of the product's lacks a WHERE.
    expect(found.filter((s) => !s.where).map((s) => `${s.fn}: ${s.statement}`)).toEqual([]);
  });
});

/**
 * The UPDATE and DELETE statements of a function body, and whether each has a
 * WHERE (pg-safeupdate refuses those without). Comments and string literals are blanked
 * first; a statement runs from its keyword to the next semicolon at the same
 * parenthesis depth (a data-modifying WITH's inner statement included).
 */
function updatesAndDeletes(source: string): { statement: string; where: boolean }[] {
  const code = source
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''")
    // A dollar-quoted string is kept: it is where dynamic SQL lives (EXECUTE format($q$ ... $q$)).
    .replace(/\$[a-z_]*\$/gi, ' ');
  const found: { statement: string; where: boolean }[] = [];
  const keyword = /\b(update|delete\s+from)\b/gi;
  for (let m = keyword.exec(code); m; m = keyword.exec(code)) {
    // "for update", "on update", "do update" (a lock clause, a trigger event, an upsert's action)
    // and "update of" (a trigger's column list) are not statements.
    const before = code.slice(Math.max(0, m.index - 12), m.index).toLowerCase();
    if (/\b(for|on|or|do|before|after|key)\s+$/.test(before) || /^update\s+of\b/i.test(code.slice(m.index)))
      continue;
    let depth = 0;
    let end = m.index;
    for (; end < code.length; end++) {
      const ch = code[end];
      if (ch === '(') depth++;
      else if (ch === ')') {
        if (depth === 0) break;
        depth--;
      } else if (ch === ';' && depth === 0) break;
    }
    const statement = code.slice(m.index, end);
    found.push({
      statement: statement.replace(/\s+/g, ' ').trim().slice(0, 120),
      where: /\bwhere\b/i.test(statement),
    });
  }
  return found;
}
