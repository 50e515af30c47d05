// The stack as its own process group (what `npm run stack` runs), so the soak
// can kill it hard, as a crashed or power-cut server would be: SIGKILL to the
// whole group (the CLI, PostgREST, Deno) with no chance to clean up, then a
// start on the same port and data, which must recover what was committed.
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../supabase/local/ports';

export interface StackProcessOptions {
  dataDir: string;
  databaseUrl?: string;
  /** Access tokens live this long, so they expire and are refreshed during a run. */
  jwtExpirySeconds?: number;
  log?: (line: string) => void;
}

export interface RunningStack {
  apiUrl: string;
  anonKey: string;
  dbUrl: string;
  readySeconds: number;
}

export class StackProcess {
  private proc: ChildProcess | null = null;
  private apiPort = 0;
  restarts = 0;

  constructor(private readonly opts: StackProcessOptions) {}

  /** The CLI's pid, also its process group's id (the load scripts read its CPU and memory). */
  get pid(): number | undefined {
    return this.proc?.pid;
  }

  async start(): Promise<RunningStack> {
    this.apiPort ||= await freePort();
    const began = Date.now();
    const proc = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/cli.ts'], {
      env: {
        ...process.env,
        API_PORT: String(this.apiPort),
        APP_PORT: '0',
        DATA_DIR: this.opts.dataDir,
        DATABASE_URL: this.opts.databaseUrl ?? '',
        JWT_EXPIRY: this.opts.jwtExpirySeconds ? String(this.opts.jwtExpirySeconds) : '',
        // Ten tablets behind one address, refreshing every few seconds and signing in again
        // after each restart: far over Supabase Auth's per-IP defaults (30 sign-ins, 150
        // refreshes per 5 minutes), which a hub behind one NAT would raise the same way.
        AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000000',
        AUTH_RATE_LIMIT_TOKEN_REFRESH: '1000000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: one signal reaches the CLI and its children at once.
      detached: true,
    });
    this.proc = proc;
    let out = '';
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the stack did not start within 120 s:\n${out}`)), 120_000);
      proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
      proc.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const apiUrl = /API URL: (\S+)/.exec(out)?.[1];
        const anonKey = /anon key: (\S+)/.exec(out)?.[1];
        const dbUrl = /database: (\S+)/.exec(out)?.[1];
        if (apiUrl && anonKey && dbUrl && /Ctrl-C/.test(out)) {
          clearTimeout(timer);
          resolve({ apiUrl, anonKey, dbUrl, readySeconds: (Date.now() - began) / 1000 });
        }
      });
      proc.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the stack exited (${code ?? signal}) before it was ready:\n${out}`));
      });
    });
  }

  private signalGroup(signal: NodeJS.Signals): Promise<void> {
    const proc = this.proc;
    this.proc = null;
    if (!proc?.pid || proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
    const exited = new Promise<void>((r) => proc.once('exit', () => r()));
    try {
      process.kill(-proc.pid, signal);
    } catch {
      return Promise.resolve();
    }
    return exited;
  }

  /** A hard kill of the whole stack; a second start then recovers from the data it left. */
  async killHard(): Promise<void> {
    const pid = this.proc?.pid;
    await this.signalGroup('SIGKILL');
    // The group's children (PostgREST, Deno) die with it; wait until none is left.
    if (pid) {
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && groupAlive(pid)) await new Promise((r) => setTimeout(r, 50));
    }
    this.restarts++;
  }

  async stop(): Promise<void> {
    const proc = this.proc;
    const stopped = this.signalGroup('SIGTERM');
    const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 15_000));
    if ((await Promise.race([stopped, timeout])) === 'timeout' && proc?.pid) {
      try {
        process.kill(-proc.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  }
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}
