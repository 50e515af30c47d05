// Edge functions under the real Deno runtime (npm package "deno").
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { startChild, type Child } from './child';
import { freePort, waitForHttp } from './ports';

const require = createRequire(import.meta.url);

// The platform package holds the real executable; running it directly (not the
// npm bin wrapper) means stopping the child stops Deno itself.
function denoBinary(): string {
  const platform = `${process.platform}-${process.arch}`;
  for (const pkg of [`@deno/${platform}-glibc`, `@deno/${platform}`]) {
    try {
      return join(require.resolve(`${pkg}/package.json`), '..', 'deno');
    } catch {
      // try the next naming scheme
    }
  }
  throw new Error(`No Deno binary installed for ${platform}; run npm install.`);
}

export interface Functions {
  url: string;
  child: Child;
}

export async function startFunctions(opts: {
  functionsDir: string;
  env: Record<string, string>;
  verbose?: boolean;
}): Promise<Functions> {
  const port = await freePort();
  const host = join(import.meta.dirname, 'functions-host.ts');
  const child = startChild(
    'functions',
    denoBinary(),
    [
      'run',
      '--allow-net',
      '--allow-env',
      '--allow-read',
      '--allow-run',
      '--no-prompt',
      host,
      opts.functionsDir,
      String(port),
    ],
    {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DENO_NO_UPDATE_CHECK: '1',
      DENO_DIR: process.env.DENO_DIR,
      ...opts.env,
    },
    { verbose: opts.verbose },
  );
  try {
    await waitForHttp(`http://127.0.0.1:${port}/_health`, 60_000);
  } catch (error) {
    await child.stop();
    throw new Error(`Edge functions did not start: ${(error as Error).message}\n${child.output()}`, {
      cause: error,
    });
  }
  return { url: `http://127.0.0.1:${port}`, child };
}
