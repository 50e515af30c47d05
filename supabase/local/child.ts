// A supervised child process: its output is prefixed and shown only when
// asked (or when it dies early), and stop() makes sure it is gone.
import { spawn, type ChildProcess } from 'node:child_process';

export interface Child {
  name: string;
  process: ChildProcess;
  /** Recent output, for error messages when the child fails to start. */
  output(): string;
  stop(): Promise<void>;
}

export function startChild(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  opts: { verbose?: boolean; /** Run as this user (root starting PostgreSQL). */ as?: { uid?: number; gid?: number } } = {},
): Child {
  const proc = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], ...opts.as });
  const lines: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      lines.push(line);
      if (lines.length > 200) lines.shift();
      if (opts.verbose) process.stderr.write(`[${name}] ${line}\n`);
    }
  };
  proc.stdout?.on('data', collect);
  proc.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));

  return {
    name,
    process: proc,
    output: () => lines.join('\n'),
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
