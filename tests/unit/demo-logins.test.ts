// Security audit F1: on an address the network can reach, the demo accounts get random
// passwords kept in DATA_DIR/demo-logins (supabase/local/demo-logins.ts). The file's helpers;
// the stack itself: tests/integration/stack-lan.test.ts.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEMO_LOGINS_FILE,
  DEMO_PASSWORD,
  demoLogins,
  formatDemoLogins,
  newDemoPassword,
  parseDemoLogins,
} from '../../supabase/local/demo-logins';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'dermaga-demo-logins-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the demo logins file', () => {
  it('makes URL-safe passwords of 24 characters, never the same twice', () => {
    const passwords = Array.from({ length: 200 }, newDemoPassword);
    for (const p of passwords) expect(p).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(new Set(passwords).size).toBe(200);
    expect(passwords).not.toContain(DEMO_PASSWORD);
  });

  it('reads back what it writes: an e-mail and a password a line, comments and blank lines skipped', () => {
    const logins = new Map([
      ['admin@demo.local', 'a-b_C1'],
      ['tower@demo.local', 'x'],
    ]);
    const text = formatDemoLogins(logins);
    expect(text).toMatch(/^# /);
    expect(text).toContain('admin@demo.local a-b_C1\n');
    expect(parseDemoLogins(text)).toEqual(logins);
    expect(parseDemoLogins('\n# note\n  Admin@Demo.local   pw1  \r\nbroken-line\n')).toEqual(
      new Map([['admin@demo.local', 'pw1']]),
    );
  });

  it('writes a password for each e-mail into DATA_DIR (mode 0600) and reuses them on the next seed', () => {
    const dir = dataDir();
    const first = demoLogins(dir, ['admin@demo.local', 'tower@demo.local']);
    expect(first.path).toBe(join(dir, DEMO_LOGINS_FILE));
    expect(statSync(first.path).mode & 0o777).toBe(0o600);
    expect([...first.logins.keys()]).toEqual(['admin@demo.local', 'tower@demo.local']);
    expect(parseDemoLogins(readFileSync(first.path, 'utf8'))).toEqual(first.logins);

    const again = demoLogins(dir, ['admin@demo.local', 'tower@demo.local']);
    expect(again.logins).toEqual(first.logins);

    // An account the file lacks gets a new password; the others keep theirs.
    const more = demoLogins(dir, ['admin@demo.local', 'makassar@demo.local']);
    expect(more.logins.get('admin@demo.local')).toBe(first.logins.get('admin@demo.local'));
    expect(more.logins.get('makassar@demo.local')).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(parseDemoLogins(readFileSync(first.path, 'utf8'))).toEqual(more.logins);
  });

  it('keeps a file copied in with looser permissions private', () => {
    const dir = dataDir();
    const path = join(dir, DEMO_LOGINS_FILE);
    writeFileSync(path, 'admin@demo.local kept-password\n', { mode: 0o644 });
    expect(demoLogins(dir, ['admin@demo.local']).logins.get('admin@demo.local')).toBe('kept-password');
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });
});
