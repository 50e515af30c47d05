// The commands the server knows are the commands the devices know. A command
// is public.cmd_<type>(command_context, jsonb) on the server (apply_commands
// finds one it does not list by exactly that signature) and an entry of
// CATALOGUE (sync/commands/catalogue.ts) on the device; helpers such as
// cmd_reject or cmd_lock_vehicle share the prefix but not the signature.
// apply_commands calls each listed type statically through a CASE (a type
// missing there still works, by name, but slowly:
// supabase/migrations/20261126000800_baseline_commands.sql, note 1.).
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

  // Rare commands (undo_command; a tower correction or void of a shipment, issue 29; issue 28's) may
  // stay out of the CASE: they run by name.
  const BY_NAME = new Set([
    'undo_command',
    'correct_shipment_counts',
    'void_shipment',
    // Issue 28: a discrepancy resolved by tower control; a document recorded once uploaded.
    'resolve_discrepancy',
    'attach_document',
    // Issue 40: a sealed document's correction.
    'attach_correction',
  ]);

  it("is the list of apply_commands' CASE, each type calling its own function", async () => {
    const { rows } = await sql.query<{ def: string }>(
      `select pg_get_functiondef('public.apply_commands(jsonb)'::regprocedure) as def`,
    );
    const source = rows[0]!.def;
    const listed = [
      ...source.matchAll(/when '([a-z_]+)' then v_entity := public\.cmd_([a-z_]+)\(ctx, v_payload\);/g),
    ];
    for (const [, type, fn] of listed) expect(fn, `the CASE calls cmd_${fn} for ${type}`).toBe(type);
    expect(listed.map((m) => m[1]).sort()).toEqual(catalogue.filter((t) => !BY_NAME.has(t)));
    for (const type of catalogue.filter((t) => !BY_NAME.has(t))) expect(source).toContain(`'${type}'`);
  });
});
