// Issue 9, item 8: when embedded PGlite dies anyway (here: the hostile body
// sent to PostgREST directly, past the gateway's guard), the stack notices and
// says so loudly: `npm run stack` prints a FATAL line and exits with code 1
// instead of hanging with every REST call answering 504.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(join(tmpdir(), 'dermaga-watchdog-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// It boots a PGlite stack of its own whatever the suite's engine (DATABASE_URL is cleared
// below), so the suite's run on PostgreSQL would only run it a second time, unchanged.
describe.skipIf(!!process.env.DATABASE_URL)('a dead embedded database', () => {
  it('makes the stack exit with code 1 and a FATAL message', async () => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/cli.ts'], {
      // Always PGlite: the PostgreSQL server answers this body with an error and lives.
      env: { ...process.env, API_PORT: '0', APP_PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', VERBOSE: '1' },
      stdio: 'pipe',
    });
    let out = '';
    let err = '';
    proc.stdout.on('data', (d) => (out += String(d)));
    proc.stderr.on('data', (d) => (err += String(d)));
    const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
    try {
      await expect.poll(() => /PostgREST \(behind the gateway\): (\S+)/.exec(out)?.[1], { timeout: 90_000 }).toBeTruthy();
      const postgrest = /PostgREST \(behind the gateway\): (\S+)/.exec(out)![1]!;
      const anonKey = /anon key: (\S+)/.exec(out)![1]!;
      const deep = '{"commands":' + '['.repeat(10_000) + ']'.repeat(10_000) + '}';
      await fetch(`${postgrest}/rpc/apply_commands`, {
        method: 'POST',
        headers: { authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
        body: deep,
        signal: AbortSignal.timeout(5_000),
      }).catch(() => undefined);
      const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('still running'), 60_000))]);
      expect(code).toBe(1);
      expect(err).toContain('FATAL: the database (embedded PGlite) stopped answering');
    } finally {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    }
  }, 180_000);
});
