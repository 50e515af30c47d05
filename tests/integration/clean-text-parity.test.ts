// The text a command may carry, the same on both sides (security audit 2026-12-03): every
// character of the Basic Multilingual Plane that the device removes before a command is queued
// (cleanText: C0 controls but tab, line feed and carriage return, DEL, C1 controls, and the
// invisible format characters: zero-width ones, bidirectional marks, embeddings, overrides and
// isolates, the soft hyphen, the BOM) is one the server refuses (cmd_require_clean_text), and
// no other. On the old code the server let U+200B, U+202E and the C1 controls through.
import { afterAll, describe, expect, it } from 'vitest';
import { cleanText } from '../../sync/commands/helpers';
import { closeDb, db } from './commands-support';

afterAll(closeDb);

const isSurrogate = (c: number) => c >= 0xd800 && c <= 0xdfff;

describe('clean text', () => {
  it('the server refuses exactly the characters a device removes', async () => {
    const sql = await db();
    await sql.query(`create or replace function pg_temp.refused(t text) returns boolean language plpgsql as $$
      begin
        perform public.cmd_require_clean_text(t);
        return false;
      exception when others then
        return true;
      end $$`);
    const { rows } = await sql.query<{ refused: number[] }>(
      `select coalesce(array_agg(c order by c), '{}') as refused from generate_series(1, 65535) c
        where c not between 55296 and 57343 and pg_temp.refused(chr(c))`,
    );
    const removed: number[] = [];
    for (let c = 1; c <= 0xffff; c++) {
      if (!isSurrogate(c) && cleanText(String.fromCharCode(c)) === '') removed.push(c);
    }
    expect(rows[0]!.refused).toEqual(removed);
    // What the audit found: a zero-width space (a look-alike plate), a right-to-left override
    // (a name printed reversed), a C1 control; tab, line feed and carriage return stay.
    for (const c of [0x200b, 0x202e, 0x85, 0xfeff]) expect(removed).toContain(c);
    for (const c of [0x09, 0x0a, 0x0d, 0x20, 0xe9]) expect(removed).not.toContain(c);
  });
});
