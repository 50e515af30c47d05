// Issue 29: axe-core finds no serious or critical violation (colour contrast included) on every
// screen of the spec as admin, and on the hub screens as a hub user, each with a toast showing,
// at 1280x800 and at 390x844; and on a few dialogs the same way. The toast is a real one (the
// sidebar's high-contrast switch), held in by the pointer resting on it while the screen changes
// in the app (no reload), and the scan itself says when none was showing (axe.ts withToast).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from '../support/browser';
import {
  ADMIN_DIALOGS,
  ADMIN_SCREENS,
  goInApp,
  HUB_DIALOGS,
  HUB_SCREENS,
  holdToast,
  restOnToast,
  toastsSettled,
  type DialogSpec,
  type Screen,
} from '../screenshots/screens';
import { NO_TOAST, seriousViolations } from './axe';
import { tablet } from './hub-support';

const browser = useBrowser();

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/**
 * A scan with a held toast, made ready by `prepare`: when the toast still went before the scan
 * ended (its timer can run out under load), the whole step once more, at most three times. What
 * the last try found is the answer, a toast missing all three times included.
 */
async function scanHolding(
  page: Page,
  name: string,
  prepare: () => Promise<void>,
  after?: () => Promise<void>,
): Promise<string[]> {
  let violations: string[] = [];
  for (let tries = 1; tries <= 3; tries++) {
    await prepare();
    violations = await seriousViolations(page, { withToast: true });
    await after?.();
    if (!violations.includes(NO_TOAST)) break;
    console.warn(`[axe] ${name}: the toast went before the scan ended (try ${tries} of 3)`);
  }
  return violations;
}

/** A toast raised on the screen shown, the pointer held on it, then the next screen, scanned. */
async function walk(page: Page, screens: readonly Screen[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const screen of screens) {
    const violations = await scanHolding(page, screen.name, async () => {
      await holdToast(page);
      await goInApp(page, screen.path, screen.ready);
      // A slow screen can outlast the toast (a CI stop waited on one already gone): a new one is
      // raised then. Still showing, the pointer rests on it again (the stack may have moved).
      if (!(await restOnToast(page))) await holdToast(page);
      await toastsSettled(page);
    });
    if (violations.length > 0) found[screen.name] = violations;
  }
  return found;
}

async function dialogs(page: Page, specs: readonly DialogSpec[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const spec of specs) {
    const violations = await scanHolding(
      page,
      spec.name,
      async () => {
        await goInApp(page, spec.path, 'main');
        const opener = spec.opener(page);
        await opener.waitFor();
        await holdToast(page);
        // A click event without moving the pointer off the toast.
        await opener.dispatchEvent('click');
        await page.locator(spec.ready).first().waitFor();
        await toastsSettled(page);
      },
      async () => {
        await page.keyboard.press('Escape');
        await page.locator(spec.ready).first().waitFor({ state: 'detached' });
      },
    );
    if (violations.length > 0) found[spec.name] = violations;
  }
  return found;
}

describe('axe on every screen with a toast showing (issue 29)', () => {
  for (const viewport of SIZES) {
    const size = `${viewport.width}x${viewport.height}`;

    it(`admin, every screen and some dialogs, ${size}`, async () => {
      const { context, page } = await tablet(browser(), 'admin', viewport);
      await page.goto(appUrl('/'));
      const screens = await walk(page, ADMIN_SCREENS);
      const opened = await dialogs(page, ADMIN_DIALOGS);
      expect({ screens, dialogs: opened }).toEqual({ screens: {}, dialogs: {} });
      await context.close();
    }, 600_000);

    it(`hub user, the hub's screens and its queue dialog, ${size}`, async () => {
      const { context, page } = await tablet(browser(), 'cikarang', viewport);
      await page.goto(appUrl('/'));
      const screens = await walk(page, HUB_SCREENS);
      const opened = await dialogs(page, HUB_DIALOGS);
      expect({ screens, dialogs: opened }).toEqual({ screens: {}, dialogs: {} });
      await context.close();
    }, 600_000);
  }
});
