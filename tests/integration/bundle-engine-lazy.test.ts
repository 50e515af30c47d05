// Issue 14, P5: the first screen of a signed-in start (the shell and the dashboard) does not
// carry the sync engine. RxDB and Dexie are most of what a start would otherwise run on the
// main thread before anything is drawn; the engine is loaded with import() once the first
// screen is painted (src/lib/sync-engine.tsx). Read from the build (npm test builds first):
// the chunks the entry, the shell and the dashboard import statically, followed through
// their static imports, hold no RxDB or Dexie module (by their source maps).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIST = resolve(import.meta.dirname, '../../dist');
const ASSETS = join(DIST, 'assets');
const ENGINE_LIBRARIES = /node_modules\/(rxdb|dexie)\//;

/** The chunks a chunk imports statically (import ... from "./x.js", import "./x.js"), not import(). */
function staticImports(file: string): string[] {
  const code = readFileSync(join(ASSETS, file), 'utf8');
  return [...code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^"'();]*?from\s*)?["']\.\/([^"']+\.js)["']/g)].map(
    (m) => m[1]!,
  );
}

function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

function engineSources(file: string): string[] {
  const map = join(ASSETS, `${file}.map`);
  if (!existsSync(map)) return [];
  const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
  return sources.filter((s) => ENGINE_LIBRARIES.test(s));
}

const chunk = (prefix: string) => {
  const found = readdirSync(ASSETS).filter((f) => f.startsWith(`${prefix}-`) && f.endsWith('.js'));
  expect(found, `one ${prefix} chunk in dist/assets`).toHaveLength(1);
  return found[0]!;
};

// It reads the built files only.
describe('the signed-in first screen', () => {
  it('loads no RxDB or Dexie module before it is drawn', () => {
    expect(existsSync(join(DIST, 'index.html')), 'run npm run build first').toBe(true);
    const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(
      readFileSync(join(DIST, 'index.html'), 'utf8'),
    )?.[1];
    expect(entry).toBeDefined();
    const firstScreen = closure([entry!, chunk('app-shell'), chunk('dashboard-page')]);
    expect(firstScreen.size).toBeGreaterThan(5);
    expect([...firstScreen].flatMap(engineSources)).toEqual([]);

    // The check sees the engine where it is: some chunk of the build does hold RxDB and Dexie.
    const all = readdirSync(ASSETS).filter((f) => f.endsWith('.js'));
    const engine = all.flatMap(engineSources);
    expect(engine.some((s) => s.includes('node_modules/rxdb/'))).toBe(true);
    expect(engine.some((s) => s.includes('node_modules/dexie/'))).toBe(true);
  });
});
