// `npm test` finds Chromium before any test starts (issue 31): with none, one clear line and
// an exit within seconds, never a wall of launch failures; where Chromium is, how it is found.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findChromium } from '../support/chromium';

/** A PATH with node and npm on it and nothing else (no chromium, no apt-get). */
function barePath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bare-path-'));
  symlinkSync(process.execPath, join(dir, 'node'));
  return dir;
}

function run(command: string, args: string[], env: Record<string, string>) {
  const started = Date.now();
  const result = spawnSync(command, args, { env, encoding: 'utf8', timeout: 60_000 });
  const lines = (s: string) => s.split('\n').filter((l) => l.trim() && !l.startsWith('>'));
  return {
    status: result.status,
    stderr: lines(result.stderr),
    stdout: lines(result.stdout),
    ms: Date.now() - started,
  };
}

describe('the check before npm test', () => {
  it('stops npm test at once with one line when CHROMIUM_PATH points nowhere', () => {
    const out = run('npm', ['test'], { ...process.env, CHROMIUM_PATH: '/nowhere/chromium' } as Record<
      string,
      string
    >);
    expect(out.status).toBe(1);
    expect(out.stderr).toEqual([
      'CHROMIUM_PATH is "/nowhere/chromium", which is not an executable file: point it at Chromium (or Chrome), or unset it to use the system\'s chromium.',
    ]);
    // Nothing of the build or the suite ran.
    expect(out.stdout.join('\n')).not.toMatch(/vite|vitest|RUN/);
    expect(out.ms).toBeLessThan(30_000);
  });

  it('names the command to run when there is no Chromium and it may not install one', () => {
    const out = run(join(barePath(), 'node'), ['--import', 'tsx', 'tests/support/chromium-check.ts'], {
      PATH: barePath(),
      HOME: mkdtempSync(join(tmpdir(), 'home-')),
      CHROMIUM_INSTALL: '0',
    });
    expect(out.status).toBe(1);
    expect(out.stdout).toEqual([]);
    expect(out.stderr).toEqual([
      'The browser tests need Chromium and none was found (no CHROMIUM_PATH, no chromium on PATH): run `sudo apt-get install -y chromium` (or set CHROMIUM_PATH), then run this again.',
    ]);
  });
}, 60_000); // each test spawns npm or node with tsx: seconds on a loaded CI machine (5 s timed out there)

describe('the check as root with apt-get', () => {
  // apt-get here is a stand-in that records its arguments and puts a chromium on PATH, as
  // Debian's package does: the test must not install packages on the machine running it.
  it.skipIf(process.getuid?.() !== 0)("installs Debian's package, saying so in one line, and goes on", () => {
    const bin = barePath();
    const calls = join(bin, 'calls');
    writeFileSync(
      join(bin, 'apt-get'),
      `#!/bin/sh\necho "$@" >> ${calls}\n[ "$1" = install ] && /bin/ln -s ${process.execPath} ${join(bin, 'chromium')}\nexit 0\n`,
    );
    chmodSync(join(bin, 'apt-get'), 0o755);
    const out = run(join(bin, 'node'), ['--import', 'tsx', 'tests/support/chromium-check.ts'], {
      PATH: bin,
      HOME: mkdtempSync(join(tmpdir(), 'home-')),
    });
    expect(out.stdout[0]).toBe(
      "No Chromium found for the browser tests: installing Debian's package (apt-get install -y chromium)…",
    );
    expect(readFileSync(calls, 'utf8').trim().split('\n')).toEqual(['update -qq', 'install -y -qq chromium']);
    // The "chromium" it found is node here: it answers --version, and the check goes on.
    expect(out.stdout[1]).toMatch(new RegExp(`^Browser tests: v\\d+.*\\(${join(bin, 'chromium')}\\)$`));
    expect(out.status).toBe(0);
  });
}, 60_000);

describe('findChromium', () => {
  it('takes CHROMIUM_PATH when set, and only there', () => {
    expect(findChromium({ CHROMIUM_PATH: process.execPath, PATH: '' })).toEqual({
      found: true,
      path: process.execPath,
      from: 'CHROMIUM_PATH',
    });
    expect(findChromium({ CHROMIUM_PATH: '/nowhere', PATH: '/usr/bin' })).toEqual({
      found: false,
      explicit: '/nowhere',
    });
  });

  it('finds a chromium on PATH, skipping what is not an executable file', () => {
    const notExecutable = mkdtempSync(join(tmpdir(), 'path-a-'));
    writeFileSync(join(notExecutable, 'chromium'), '');
    const withOne = mkdtempSync(join(tmpdir(), 'path-b-'));
    writeFileSync(join(withOne, 'chromium-browser'), '#!/bin/sh\n');
    chmodSync(join(withOne, 'chromium-browser'), 0o755);
    expect(findChromium({ PATH: `${notExecutable}:${withOne}`, HOME: tmpdir() })).toEqual({
      found: true,
      path: join(withOne, 'chromium-browser'),
      from: 'PATH',
    });
  });
}, 60_000);
