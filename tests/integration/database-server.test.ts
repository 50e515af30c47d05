// Issue 38: the stack's own PostgreSQL server, as `npm run stack` runs it (the CLI, in a process
// of its own): a stack killed hard (SIGKILL, the server left running) starts again with nothing in
// its way and its acknowledged writes kept; the server dying under a running stack makes the CLI
// say so and exit 1 (a supervisor restarts it), and the next start recovers. As root the server
// runs as the postgres user; as an ordinary user (here `nobody`, when the suite runs as root) it
// runs as that user.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { alive } from '../support/processes';
import { afterAll, describe, expect, it } from 'vitest';

interface Running {
  proc: ChildProcess;
  apiUrl: string;
  anonKey: string;
  out: () => string;
  err: () => string;
  exited: Promise<number | null>;
}

const started: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  const running = started.filter((p) => p.exitCode === null && p.signalCode === null);
  for (const proc of running) proc.kill('SIGTERM');
  await Promise.all(running.map((p) => new Promise((r) => p.once('exit', r))));
  for (const dir of dirs) {
    const pid = postmasterPid(join(dir, 'data'));
    if (pid && alive(pid)) process.kill(pid, 'SIGINT');
    rmSync(dir, { recursive: true, force: true });
  }
});

function postmasterPid(dataDir: string): number | undefined {
  const file = join(dataDir, 'postgres', 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : undefined;
}

function start(home: string, as?: { uid: number; gid: number }): Promise<Running> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/cli.ts'], {
    env: { ...process.env, HOME: home, API_PORT: '0', APP_PORT: '0', DATA_DIR: join(home, 'data'), DATABASE_URL: '' },
    stdio: 'pipe',
    ...as,
  });
  started.push(proc);
  let out = '';
  let err = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  return new Promise((resolve, reject) => {
    void exited.then((code) => reject(new Error(`exited with ${code} before it was ready:\n${out}\n${err}`)));
    proc.stdout!.on('data', () => {
      const api = /API URL: (\S+)/.exec(out)?.[1];
      const key = /anon key: (\S+)/.exec(out)?.[1];
      if (api && key && /Ctrl-C/.test(out)) resolve({ proc, apiUrl: api, anonKey: key, out: () => out, err: () => err, exited });
    });
  });
}

function client(running: Running) {
  return createClient(running.apiUrl, running.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
}

async function signUpMany(running: Running, prefix: string, count: number): Promise<string[]> {
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `${prefix}-${i}@example.com`;
    const { error } = await client(running).auth.signUp({ email, password: 'secret-123' });
    expect(error).toBeNull(); // acknowledged
    emails.push(email);
  }
  return emails;
}

async function canSignIn(running: Running, email: string): Promise<boolean> {
  const { error } = await client(running).auth.signInWithPassword({ email, password: 'secret-123' });
  return error === null;
}

describe("the stack's own PostgreSQL server", () => {
  it('survives a SIGKILL of the stack and a death of the server, keeping every acknowledged write', async () => {
    const home = mkdtempSync(join(tmpdir(), 'dermaga-server-'));
    dirs.push(home);
    chmodSync(home, 0o711); // as root, the server's user passes through to DATA_DIR
    const first = await start(home);
    const before = await signUpMany(first, `kill-${Date.now()}`, 5);
    const server = postmasterPid(join(home, 'data'))!;
    expect(alive(server)).toBe(true);
    // The password is kept beside the data, for the owner only.
    expect(statSync(join(home, 'data', 'postgres-password')).mode & 0o777).toBe(0o600);

    // Killed hard: the server is left running, holding its port and pid file.
    first.proc.kill('SIGKILL');
    await first.exited;
    expect(alive(server)).toBe(true);

    const second = await start(home);
    expect(alive(server)).toBe(false); // the leftover was shut down, a new server runs
    for (const email of before) expect(await canSignIn(second, email)).toBe(true);
    const more = await signUpMany(second, `dead-${Date.now()}`, 3);

    // The server dies under a running stack: one FATAL line, exit 1.
    process.kill(postmasterPid(join(home, 'data'))!, 'SIGKILL');
    expect(await second.exited).toBe(1);
    expect(second.err()).toContain('FATAL: the database (PostgreSQL) stopped answering');

    const third = await start(home);
    for (const email of [...before, ...more]) expect(await canSignIn(third, email)).toBe(true);
    third.proc.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(postmasterPid(join(home, 'data'))).toBeUndefined(); // a clean shutdown removes it
  }, 300_000);

  const root = userInfo().uid === 0;
  const nobody = spawnSync('id', ['-u', 'nobody'], { encoding: 'utf8' });
  it.skipIf(!root || nobody.status !== 0)('starts as an ordinary user (nobody), the server running as that user', async () => {
    const uid = Number(nobody.stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'nobody'], { encoding: 'utf8' }).stdout.trim());
    const home = mkdtempSync(join(tmpdir(), 'dermaga-user-'));
    dirs.push(home);
    chownSync(home, uid, gid);
    const running = await start(home, { uid, gid });
    const [email] = await signUpMany(running, `user-${Date.now()}`, 1);
    expect(await canSignIn(running, email!)).toBe(true);
    const server = postmasterPid(join(home, 'data'))!;
    expect(statSync(`/proc/${server}`).uid).toBe(uid);
    running.proc.kill('SIGINT');
    expect(await running.exited).toBe(0);
    expect(alive(server)).toBe(false);
  }, 300_000);
});
