// One vocabulary of rejection codes (issue 25): every code the server's functions can answer
// a command with is in sync/errors.ts REJECTION_CODES, the union the device, the push and the
// conflict list share, and each of them is documented in docs/sync.md's table.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REJECTION_CODES, rejectionCode } from '../../sync/errors';
import { UNSENDABLE } from '../../sync/replication/push';

const root = join(import.meta.dirname, '..', '..');
const migrations = readdirSync(join(root, 'supabase', 'migrations'))
  .filter((f) => f.endsWith('.sql'))
  .map((f) => readFileSync(join(root, 'supabase', 'migrations', f), 'utf8'))
  .join('\n');

/** The codes the SQL can put on a rejected command. */
function serverCodes(sql: string): Set<string> {
  const codes = new Set<string>();
  // public.cmd_reject('code', message): the command functions' refusals
  for (const m of sql.matchAll(/cmd_reject\(\s*'([a-z_]+)'/g)) codes.add(m[1]!);
  // apply_commands' own answers: 'code', 'x' in its JSON, and v_code := 'x'
  for (const m of sql.matchAll(/'code',\s*'([a-z_]+)'/g)) codes.add(m[1]!);
  for (const m of sql.matchAll(/v_code\s*:=\s*'([a-z_]+)'/g)) codes.add(m[1]!);
  return codes;
}

describe('rejection codes', () => {
  it('lists every code the server can answer', () => {
    const fromServer = serverCodes(migrations);
    // The scan finds the codes it should (a scan that found nothing would prove nothing).
    expect(fromServer.size).toBeGreaterThanOrEqual(12);
    expect([...fromServer].filter((c) => !(REJECTION_CODES as readonly string[]).includes(c))).toEqual([]);
  });

  it('lists no code that nobody answers', () => {
    const answered = new Set([...serverCodes(migrations), UNSENDABLE, 'rejected']);
    expect(REJECTION_CODES.filter((c) => !answered.has(c))).toEqual([]);
  });

  it('documents each code in docs/sync.md', () => {
    const doc = readFileSync(join(root, 'docs', 'sync.md'), 'utf8');
    const table = doc.slice(doc.indexOf('### Rejection codes'));
    expect(table.length).toBeGreaterThan(0);
    expect(REJECTION_CODES.filter((c) => !table.includes(`| \`${c}\` |`))).toEqual([]);
  });

  it('reads an unknown code from the server or storage as rejected, not as a new code', () => {
    expect(rejectionCode('precondition')).toBe('precondition');
    expect(rejectionCode('something_new')).toBe('rejected');
    expect(rejectionCode(null)).toBe('rejected');
  });
});
