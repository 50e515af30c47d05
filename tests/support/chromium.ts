// The Chromium the e2e tests, the browser bench and the check before `npm test` launch
// (playwright-core drives it; `npx playwright install` cannot download a browser here), and
// the flags for a headless run in a container.
//
// Where it is, in this order: CHROMIUM_PATH when set (and then only there: an explicit
// setting is not second-guessed); a `chromium` (or `chromium-browser`) on PATH, as Debian's
// package installs it; the browser playwright-core keeps in its cache, if one was installed
// from the registry's playwright package. tests/support/chromium-check.ts runs before the
// suite and says in one line what to do when there is none.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { chromium } from 'playwright-core';

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export type ChromiumLookup =
  | { found: true; path: string; from: 'CHROMIUM_PATH' | 'PATH' | 'playwright' }
  | { found: false; explicit?: string };

export function findChromium(env: NodeJS.ProcessEnv = process.env): ChromiumLookup {
  const explicit = env.CHROMIUM_PATH;
  if (explicit)
    return executable(explicit)
      ? { found: true, path: explicit, from: 'CHROMIUM_PATH' }
      : { found: false, explicit };
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of ['chromium', 'chromium-browser']) {
      if (executable(join(dir, name))) return { found: true, path: join(dir, name), from: 'PATH' };
    }
  }
  const cached = chromium.executablePath();
  if (cached && executable(cached)) return { found: true, path: cached, from: 'playwright' };
  return { found: false };
}

const lookup = findChromium();
/** Debian's default path when none is found: the check before the suite has said why. */
export const CHROMIUM_PATH = lookup.found ? lookup.path : (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
