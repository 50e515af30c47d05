// `npm run screenshots`: PNGs of every screen (tests/screenshots/screens.ts) as admin and as a hub
// user (the hub's again in high contrast), a few dialogs, and the sign-in page, at 1280x800, 800x1280 and 390x844, for a review of
// the layouts by eye (issue 29). It builds the app (DERMAGA_DIST names the folder, default dist;
// `-- --no-build` reuses it), starts a throwaway local stack with the demo data (as the bench
// does), and writes .tmp/screenshots/<language>/<size>/<role>-<screen>.png (git-ignored); it prints
// where. Both languages by default, Bahasa Indonesia (id) and English (en), each device set to it
// as Settings does (issue 41); `-- --lang=en` (or id) takes one.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { LANGUAGE_KEY } from '../../src/lib/session/storage-keys';
import { benchStack, runBench } from '../bench/table';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { DEMO_PASSWORD, DEMO_USERS } from '../support/demo';
import {
  ADMIN_DIALOGS,
  ADMIN_SCREENS,
  HUB_DIALOGS,
  HUB_SCREENS,
  VIEWPORTS,
  type DialogSpec,
  type Screen,
} from './screens';

const OUT = resolve(process.env.SCREENSHOTS_DIR ?? '.tmp/screenshots');
const LANGUAGES = ['id', 'en'] as const;
type Language = (typeof LANGUAGES)[number];

/** The languages asked for: `--lang=en`, `--lang=id`, or both. */
function languages(argv: readonly string[]): Language[] {
  const asked = argv.find((a) => a.startsWith('--lang='))?.slice('--lang='.length);
  if (asked === undefined) return [...LANGUAGES];
  if (!(LANGUAGES as readonly string[]).includes(asked)) throw new Error(`--lang: id or en, not ${asked}`);
  return [asked as Language];
}

/** A browser context whose device speaks `language` from its first page on. */
async function inLanguage(context: BrowserContext, language: Language): Promise<BrowserContext> {
  await context.addInitScript(
    ([key, value]) => {
      if (value === 'en') localStorage.setItem(key, value);
      else localStorage.removeItem(key);
    },
    [LANGUAGE_KEY, language] as const,
  );
  return context;
}
const say = (message: string) => process.stderr.write(`[screenshots] ${message}\n`);

async function settled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  // Sheets, dialogs and the sidebar slide in: shoot once nothing moves. A loop never ends (a
  // placeholder's pulse: the dashboard's charts are drawn only when scrolled near, and a full-page
  // shot does not scroll), so only animations that end are waited for.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    {
      timeout: 10_000,
    },
  );
}

async function shoot(page: Page, file: string): Promise<void> {
  await settled(page);
  await page.screenshot({ path: file, fullPage: true });
}

async function signIn(page: Page, appUrl: string, email: string): Promise<void> {
  await page.goto(new URL('/auth', appUrl).toString());
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL(new URL('/', appUrl).toString());
  // The first sync round done (the sync panel's last sync is set), as the e2e tests wait.
  await page.getByTestId('sync-indicator').click();
  await page.waitForFunction(
    () => {
      const text = document.querySelector('[data-testid=sync-last-synced]')?.textContent ?? '';
      return text !== '' && !text.startsWith('Not yet');
    },
    undefined,
    { timeout: 120_000 },
  );
  await page.keyboard.press('Escape');
}

async function role(
  browser: Browser,
  appUrl: string,
  who: {
    name: string;
    email: string;
    screens: readonly Screen[];
    dialogs: readonly DialogSpec[];
    highContrast?: boolean;
  },
  viewport: (typeof VIEWPORTS)[number],
  language: Language,
): Promise<number> {
  const dir = join(OUT, language, viewport.name);
  const context = await inLanguage(
    await browser.newContext({ viewport, hasTouch: true, baseURL: appUrl }),
    language,
  );
  const page = await context.newPage();
  let count = 0;
  try {
    await signIn(page, appUrl, who.email);
    for (const screen of who.screens) {
      await page.goto(new URL(screen.path, appUrl).toString());
      await page.locator(screen.ready).first().waitFor({ timeout: 30_000 });
      await shoot(page, join(dir, `${who.name}-${screen.name}.png`));
      count++;
    }
    if (who.highContrast) {
      // The hub's screens again in high-contrast mode (the choice the sidebar's switch stores).
      await page.evaluate(() => localStorage.setItem('dermaga-high-contrast', 'on'));
      for (const screen of who.screens) {
        await page.goto(new URL(screen.path, appUrl).toString());
        await page.locator(screen.ready).first().waitFor({ timeout: 30_000 });
        await shoot(page, join(dir, `${who.name}-high-contrast-${screen.name}.png`));
        count++;
      }
      await page.evaluate(() => localStorage.removeItem('dermaga-high-contrast'));
    }
    for (const dialog of who.dialogs) {
      await page.goto(new URL(dialog.path, appUrl).toString());
      await dialog.opener(page).click();
      await page.locator(dialog.ready).first().waitFor();
      await shoot(page, join(dir, `${who.name}-dialog-${dialog.name}.png`));
      count++;
    }
  } catch (error) {
    // One screen that does not come up is named and shot as it is; the others still get theirs.
    say(
      `${language} ${viewport.name} ${who.name}: stopped at ${page.url()}: ${(error as Error).message.split('\n')[0]}`,
    );
    await page.screenshot({ path: join(dir, `${who.name}-FAILED.png`), fullPage: true }).catch(() => {});
  } finally {
    await context.close();
  }
  return count;
}

async function main() {
  if (!process.argv.includes('--no-build')) {
    say(`vite build into ${process.env.DERMAGA_DIST || 'dist'}`);
    const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('vite build failed');
  }
  const langs = languages(process.argv);
  rmSync(OUT, { recursive: true, force: true });
  for (const language of langs)
    for (const viewport of VIEWPORTS) mkdirSync(join(OUT, language, viewport.name), { recursive: true });
  const { stack, stop } = await benchStack('dermaga-screenshots');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  let count = 0;
  try {
    for (const [language, viewport] of langs.flatMap((l) => VIEWPORTS.map((v) => [l, v] as const))) {
      const context = await inLanguage(await browser.newContext({ viewport }), language);
      const page = await context.newPage();
      await page.goto(new URL('/auth', stack.appUrl).toString());
      await page.locator('#email').waitFor();
      await shoot(page, join(OUT, language, viewport.name, 'signed-out-auth.png'));
      await context.close();
      count++;
      const admin = {
        name: 'admin',
        email: DEMO_USERS.admin,
        screens: ADMIN_SCREENS,
        dialogs: ADMIN_DIALOGS,
      };
      const hub = {
        name: 'cikarang',
        email: DEMO_USERS.cikarang,
        screens: HUB_SCREENS,
        dialogs: HUB_DIALOGS,
        highContrast: true,
      };
      for (const who of [admin, hub]) {
        count += await role(browser, stack.appUrl, who, viewport, language);
        say(`${language} ${viewport.name} ${who.name} done`);
      }
    }
  } finally {
    await browser.close();
    await stop();
  }
  console.log(`${count} screenshots in ${OUT}`);
}

runBench(main);
