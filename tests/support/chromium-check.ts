// Runs before `npm test` and `npm run bench` (package.json): finds the Chromium the browser
// tests drive (tests/support/chromium.ts), or installs Debian's package where this user may
// (root with apt-get, as .ci/run does), or stops at once with one line naming what to run.
// Never a wall of launch failures, test by test. CHROMIUM_INSTALL=0: never install.
import { spawnSync } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { existsSync } from 'node:fs';
import { findChromium } from './chromium';

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

function onPath(name: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, name)));
}

function install(): void {
  console.log(
    "No Chromium found for the browser tests: installing Debian's package (apt-get install -y chromium)…",
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const run = spawnSync('apt-get', args, { env, encoding: 'utf8' });
    if (run.status !== 0) {
      const why = (run.stderr || run.stdout || String(run.error ?? '')).trim().split('\n').pop();
      fail(
        `Installing Chromium failed (apt-get ${args.join(' ')}: ${why}); install it yourself or set CHROMIUM_PATH.`,
      );
    }
  }
}

let lookup = findChromium();
if (!lookup.found && lookup.explicit !== undefined) {
  fail(
    `CHROMIUM_PATH is "${lookup.explicit}", which is not an executable file: point it at Chromium (or Chrome), or unset it to use the system's chromium.`,
  );
}
if (!lookup.found) {
  const mayInstall = process.getuid?.() === 0 && onPath('apt-get') && process.env.CHROMIUM_INSTALL !== '0';
  if (!mayInstall) {
    fail(
      'The browser tests need Chromium and none was found (no CHROMIUM_PATH, no chromium on PATH): run `sudo apt-get install -y chromium` (or set CHROMIUM_PATH), then run this again.',
    );
  }
  install();
  lookup = findChromium();
  if (!lookup.found) fail('Chromium was installed but no chromium is on PATH: set CHROMIUM_PATH to it.');
}
const version = spawnSync(lookup.path, ['--version'], { encoding: 'utf8', timeout: 30_000 });
if (version.status !== 0) {
  fail(
    `${lookup.path} (from ${lookup.from}) does not start: ${(version.stderr || String(version.error)).trim().split('\n')[0]}`,
  );
}
console.log(`Browser tests: ${version.stdout.trim()} (${lookup.path})`);
