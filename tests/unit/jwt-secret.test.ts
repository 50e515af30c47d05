// Issue 27, finding 1: on an address the network can reach, the stack never signs with the
// Supabase CLI's public default secret; it generates one, keeps it private in DATA_DIR and
// reuses it (supabase/local/jwt-secret.ts). The stack itself: tests/integration/stack-lan.test.ts.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isLoopbackHost, JWT_SECRET_FILE, resolveJwtSecret } from '../../supabase/local/jwt-secret';
import { DEFAULT_JWT_SECRET } from '../../supabase/local/keys';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'dermaga-secret-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the JWT secret', () => {
  it('tells loopback addresses from the others', () => {
    for (const h of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.1.2.3'])
      expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.2', 'hub.local', ''])
      expect(isLoopbackHost(h), h).toBe(false);
  });

  it('keeps the public local secret on a loopback address, so a build made ahead of time fits', () => {
    expect(resolveJwtSecret({ host: '127.0.0.1', dataDir: dataDir() })).toEqual({
      secret: DEFAULT_JWT_SECRET,
      source: 'default',
    });
  });

  it('on 0.0.0.0 generates a strong secret in DATA_DIR (mode 0600) and reuses it on the next start', () => {
    const dir = dataDir();
    const first = resolveJwtSecret({ host: '0.0.0.0', dataDir: dir });
    expect(first).toMatchObject({ source: 'file', path: join(dir, JWT_SECRET_FILE), generated: true });
    expect(first.secret).not.toBe(DEFAULT_JWT_SECRET);
    expect(first.secret.length).toBeGreaterThanOrEqual(64);
    expect(statSync(first.path!).mode & 0o777).toBe(0o600);
    expect(readFileSync(first.path!, 'utf8').trim()).toBe(first.secret);

    const again = resolveJwtSecret({ host: '0.0.0.0', dataDir: dir });
    expect(again).toMatchObject({ secret: first.secret, generated: false });
    // Another data directory, another secret.
    expect(resolveJwtSecret({ host: '192.168.1.10', dataDir: dataDir() }).secret).not.toBe(first.secret);
  });

  it('on 0.0.0.0 refuses the public default, given or found in the file, and a short secret', () => {
    expect(() =>
      resolveJwtSecret({ host: '0.0.0.0', dataDir: dataDir(), jwtSecret: DEFAULT_JWT_SECRET }),
    ).toThrow(/public default/);
    expect(() => resolveJwtSecret({ host: '0.0.0.0', dataDir: dataDir(), jwtSecret: 'short' })).toThrow(/32/);
    const dir = dataDir();
    writeFileSync(join(dir, JWT_SECRET_FILE), DEFAULT_JWT_SECRET, { mode: 0o644 });
    expect(() => resolveJwtSecret({ host: '0.0.0.0', dataDir: dir })).toThrow(/public default/);
  });

  it('uses JWT_SECRET when given, and never writes a file then', () => {
    const dir = dataDir();
    const given = 'a'.repeat(40);
    expect(resolveJwtSecret({ host: '0.0.0.0', dataDir: dir, jwtSecret: given })).toEqual({
      secret: given,
      source: 'env',
    });
    expect(() => statSync(join(dir, JWT_SECRET_FILE))).toThrow();
  });
});
