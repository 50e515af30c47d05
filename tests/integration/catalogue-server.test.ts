// The commands the server knows are the commands the devices know. A command
// is public.cmd_<type>(command_context, jsonb) on the server (apply_commands
// finds one it does not list by exactly that signature) and an entry of
// CATALOGUE (sync/commands/catalogue.ts) on the device; helpers such as
// cmd_reject or cmd_lock_vehicle share the prefix but not the signature.
// apply_commands calls every type statically through a CASE, and a type it does not list is
// unknown_command (supabase/schemas/functions/apply_commands.sql; the CASE is
// note 1. of supabase/schemas/functions/apply_commands.sql). The records of the types it lists as
// trail_blind stay held back while they run, and so do the row images undo keeps: their functions
// must never read public.commands or public.command_images.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../sync/commands/catalogue';
import { ownerSql } from '../support/clients';

const catalogue = [...CATALOGUE.keys()].sort();

describe('the command catalogue', () => {
  let sql: pg.Client;
  beforeAll(async () => {
    sql = await ownerSql();
  });
  afterAll(async () => {
    await sql?.end();
  });

  it("is the server's list of cmd_<type>(command_context, jsonb) functions", async () => {
    const { rows } = await sql.query<{ proname: string }>(
      `select p.proname
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.proname like 'cmd\\_%'
         and p.pronargs = 2
         and p.proargtypes[0] = 'public.command_context'::regtype
         and p.proargtypes[1] = 'jsonb'::regtype
       order by p.proname`,
    );
    expect(rows.map((r) => r.proname.slice('cmd_'.length)).sort()).toEqual(catalogue);
  });

  it("is the list of apply_commands' CASE, each type calling its own function", async () => {
    const { rows } = await sql.query<{ def: string }>(
      `select pg_get_functiondef('public.apply_commands(jsonb)'::regprocedure) as def`,
    );
    const source = rows[0]!.def;
    const listed = [
      ...source.matchAll(/when '([a-z_]+)' then v_entity := public\.cmd_([a-z_]+)\(ctx, v_payload\);/g),
    ];
    for (const [, type, fn] of listed) expect(fn, `the CASE calls cmd_${fn} for ${type}`).toBe(type);
    expect(listed.map((m) => m[1]).sort()).toEqual(catalogue);
    expect(source, 'no command runs by name').not.toMatch(/execute\s+format/i);
  });

  it('runs a trail_blind type only if no function it reaches reads public.commands or public.command_images', async () => {
    const { rows } = await sql.query<{ def: string }>(
      `select pg_get_functiondef('public.apply_commands(jsonb)'::regprocedure) as def`,
    );
    const list = /trail_blind constant text\[\] := array\[([^\]]*)\]/.exec(rows[0]!.def);
    expect(list, 'apply_commands names its trail_blind types').not.toBeNull();
    const blind = [...list![1]!.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!);
    expect(blind.length).toBeGreaterThan(0);
    const fns = await sql.query<{ proname: string; src: string }>(
      `select p.proname, p.prosrc as src from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public'`,
    );
    const source = new Map<string, string>();
    for (const f of fns.rows) source.set(f.proname, `${source.get(f.proname) ?? ''}\n${f.src}`);
    for (const type of blind) {
      // Every public function the command's function reaches, by name, transitively.
      const seen = new Set<string>();
      const todo = [`cmd_${type}`];
      while (todo.length) {
        const name = todo.pop()!;
        if (seen.has(name)) continue;
        seen.add(name);
        const src = source.get(name);
        expect(src, `public.${name} exists`).toBeDefined();
        expect(src!, `public.${name} (reached from cmd_${type}) reads public.commands`).not.toMatch(
          /public\.commands\b/,
        );
        // Their row images are held back too (supabase/schemas/functions/apply_commands.sql).
        expect(src!, `public.${name} (reached from cmd_${type}) reads public.command_images`).not.toMatch(
          /public\.command_images\b/,
        );
        for (const m of src!.matchAll(/public\.([a-z_][a-z0-9_]*)\s*\(/g)) if (source.has(m[1]!)) todo.push(m[1]!);
      }
      expect(seen.size).toBeGreaterThan(1);
    }
  });
});
