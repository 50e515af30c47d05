// `npm start`'s process as a user runs it: it boots (the time it took is printed, not asserted:
// CI's other test process shares the cores meanwhile) and prints its URLs and the anon key, keeps data across a restart, refuses a taken port in
// one line, and leaves no child process behind when stopped.
import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { alive } from '../support/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../supabase/local/ports';

interface Running {
  proc: ChildProcess;
  appUrl: string;
  apiUrl: string;
  anonKey: string;
  seconds: number;
  childPids: number[];
}

const dataDir = mkdtempSync(join(tmpdir(), 'dermaga-start-'));

/**
 * The project as a user has it, in a folder of its own, so that the build `npm start` makes
 * (vite empties dist/ first) never touches the dist/ that the suite's own stack serves to the
 * e2e tests, which CI runs in another process meanwhile. Sources are linked; what the build
 * resolves paths from (index.html, the Vite config, public/) is copied.
 */
function projectCopy(): string {
  const root = process.cwd();
  const dir = mkdtempSync(join(tmpdir(), 'dermaga-project-'));
  for (const entry of readdirSync(root)) {
    if (['dist', '.data', '.git', 'dev-dist', 'coverage'].includes(entry)) continue;
    if (['index.html', 'vite.config.ts', 'public'].includes(entry))
      cpSync(join(root, entry), join(dir, entry), { recursive: true });
    else symlinkSync(join(root, entry), join(dir, entry));
  }
  return dir;
}
const projectDir = projectCopy();
let apiPort = 0;
let appPort = 0;

function env(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    API_PORT: String(apiPort),
    APP_PORT: String(appPort),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
  };
}

function childrenOf(pid: number): number[] {
  // /proc/<pid>/task/<pid>/children lists the direct children on Linux.
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** Every CLI this file starts, so a failed test cannot leave one (and its children) running. */
const spawned: ChildProcess[] = [];

async function stopLeftovers(): Promise<void> {
  for (const proc of spawned) {
    if (proc.exitCode !== null || proc.signalCode !== null) continue;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  }
}

/** What `npm start` runs (package.json): build the app, then boot the stack; stopped after the file. */
function npmStart(): ChildProcessWithoutNullStreams {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/cli.ts', '--build'], {
    cwd: projectDir,
    env: env(),
    stdio: 'pipe',
  });
  spawned.push(proc);
  return proc;
}

function start(): Promise<Running> {
  const began = Date.now();
  const proc = npmStart();
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 180 s:\n${out}`)), 180_000);
    proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const app = /app URL: (\S+)/.exec(out)?.[1];
      const api = /API URL: (\S+)/.exec(out)?.[1];
      const key = /anon key: (\S+)/.exec(out)?.[1];
      if (app && api && key && /Ctrl-C/.test(out)) {
        clearTimeout(timer);
        resolve({
          proc,
          appUrl: app,
          apiUrl: api,
          anonKey: key,
          seconds: (Date.now() - began) / 1000,
          childPids: childrenOf(proc.pid!),
        });
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before it was ready:\n${out}`));
    });
  });
}

function stop(running: Running, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    running.proc.once('exit', (code) => resolve(code));
    running.proc.kill(signal);
  });
}

function client(running: Running) {
  return createClient(running.apiUrl, running.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
}

// What it checks is the CLI (its build, printed URLs, ports, signals, child processes, data kept
// in DATA_DIR), on the stack's own server as `npm start` runs it by default.
describe('the start command', () => {
  beforeAll(async () => {
    apiPort = await freePort();
    appPort = await freePort();
  });

  afterAll(async () => {
    await stopLeftovers();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(projectDir, { recursive: true, force: true });
  });

  const email = `restart-${Date.now()}@demo.local`;

  it('boots, answers on the printed URLs, refuses a second start, stops cleanly on SIGINT', async () => {
    const first = await start();
    console.log(`[start-command] build and boot took ${first.seconds.toFixed(1)} s`);
    expect(first.apiUrl).toBe(`http://127.0.0.1:${apiPort}`);
    expect(first.appUrl).toBe(`http://127.0.0.1:${appPort}`);
    expect((await fetch(`${first.apiUrl}/auth/v1/health`)).status).toBe(200);
    expect((await fetch(`${first.apiUrl}/rest/v1/`, { headers: { apikey: first.anonKey } })).status).toBe(
      200,
    );
    const page = await fetch(first.appUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    const signUp = await client(first).auth.signUp({ email, password: 'secret1' });
    expect(signUp.error).toBeNull();

    // A second start on the same port: one line naming the port and its variable.
    const second = npmStart();
    let errText = '';
    second.stderr.on('data', (d: Buffer) => (errText += d.toString()));
    const code = await new Promise<number | null>((r) => second.once('exit', r));
    expect(code).toBe(1);
    expect(errText.trim().split('\n')).toEqual([
      `Port ${apiPort} is already in use; set API_PORT to another port.`,
    ]);

    expect(first.childPids.length).toBeGreaterThanOrEqual(2);
    expect(first.childPids.every(alive)).toBe(true);
    expect(await stop(first, 'SIGINT')).toBe(0);
    expect(first.childPids.filter(alive)).toEqual([]);
  }, 300_000);

  it('keeps data across a restart, and stops cleanly on SIGTERM', async () => {
    const again = await start();
    const { data, error } = await client(again).auth.signInWithPassword({ email, password: 'secret1' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(await stop(again, 'SIGTERM')).toBe(0);
    expect(again.childPids.filter(alive)).toEqual([]);
  }, 300_000);
});
