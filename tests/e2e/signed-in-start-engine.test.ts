// Issue 43: a signed-in start asks for the sync engine's chunks while the shell draws. The build
// names them in index.html (<meta name="dermaga-engine">, vite.config.ts engineChunks); the engine's
// provider adds them as modulepreloads (fetched and compiled, not run) once someone is signed in,
// and runs the engine only once the shell is painted (the mark dermaga:engine-load,
// src/lib/sync-engine.tsx). Each of the chunks is asked for before that mark.
import { describe, expect, it } from 'vitest';
import { signedInPage, useBrowser, waitForShell } from '../support/browser';
import { DEMO_USERS } from '../support/demo';

const browser = useBrowser();

describe('a signed-in start', () => {
  it("asks for the engine's chunks before the shell is painted, and runs the engine after", async () => {
    const { context, page } = await signedInPage(browser(), DEMO_USERS.tower);
    try {
      // A start with the session stored.
      await page.reload();
      await waitForShell(page);
      // Once the engine has loaded, each of its chunks has a resource entry (added when its fetch
      // ends): when was it asked for, and when did the engine start to load.
      const timing = () =>
        page.evaluate(() => {
          const names = (
            document.querySelector<HTMLMetaElement>('meta[name="dermaga-engine"]')?.content ?? ''
          )
            .split(' ')
            .filter(Boolean);
          const resources = performance.getEntriesByType('resource');
          return {
            names,
            asked: names.map(
              (name) => resources.find((r) => new URL(r.name).pathname === name)?.startTime ?? null,
            ),
            engineLoad: performance.getEntriesByName('dermaga:engine-load')[0]?.startTime ?? null,
          };
        });
      await expect
        .poll(async () => {
          const now = await timing();
          return now.engineLoad !== null && now.asked.every((asked) => asked !== null);
        })
        .toBe(true);
      const start = await timing();
      // The build names the engine's own chunk among them.
      expect(start.names.some((name) => /\/assets\/sync-[\w-]+\.js$/.test(name))).toBe(true);
      for (const [i, asked] of start.asked.entries())
        expect(asked!, start.names[i]).toBeLessThan(start.engineLoad!);
    } finally {
      await context.close();
    }
  });
});
