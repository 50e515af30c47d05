// axe-core in the page: the serious and critical violations, as "rule: targets".
// axe is evaluated through the DevTools protocol rather than added as a <script>:
// the app's Content-Security-Policy (script-src 'self') refuses an inline script.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Waits (up to 5 s) until no finite animation or transition runs outside the toasts: axe reads
 * colours as they are drawn, and a sidebar link caught mid-transition after a route change once
 * measured as low contrast (handover-receive, clean-clone run). Endless ones (spinners) and the
 * toasts' own (withToast checks those) do not count; past 5 s the scan goes on as it is.
 */
async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document.getAnimations().every((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target;
          return (
            animation.playState !== 'running' ||
            animation.effect?.getTiming().iterations === Infinity ||
            !!target?.closest?.('[data-sonner-toaster]')
          );
        }),
      undefined,
      { timeout: 5_000, polling: 50 },
    )
    .catch(() => undefined);
}

/** What a scan with a toast answers when none was showing all through it. */
export const NO_TOAST = 'toast: none showing';

/**
 * withoutToasts: leaves the shell's toasts (sonner) out, scanned mid-animation at partial opacity.
 * withToast: a toast must be showing, fully in, when the scan starts and when it ends (issue 29:
 * every screen is checked with one); otherwise the answer holds 'toast: none showing'.
 */
export async function seriousViolations(
  page: Page,
  opts: { withoutToasts?: boolean; withToast?: boolean } = {},
): Promise<string[]> {
  // A scan with a toast then waits until the toast is fully in (a toast just shown, or moved by a
  // resize, is still sliding: a clean-clone run once began the scan then).
  await page.evaluate(AXE);
  // Everything outside the toasts settles first, with a toast or without (the toasts' own
  // transitions do not count there).
  await settled(page);
  if (opts.withToast) {
    await page
      .waitForFunction(
        () =>
          [...document.querySelectorAll('[data-sonner-toast][data-visible=true]')].some(
            (t) => t.getAttribute('data-mounted') === 'true' && getComputedStyle(t).opacity === '1',
          ),
        undefined,
        { timeout: 5_000, polling: 'raf' },
      )
      .catch(() => undefined);
  }
  return page.evaluate(
    async ({ withoutToasts, withToast, noneShowing }) => {
      const toastShowing = () =>
        [...document.querySelectorAll('[data-sonner-toast][data-visible=true]')].some(
          (t) => t.getAttribute('data-mounted') === 'true' && getComputedStyle(t).opacity === '1',
        );
      const before = toastShowing();
      const axe = (
        window as unknown as {
          axe: {
            run: (
              c: unknown,
              o: object,
            ) => Promise<{
              violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>;
            }>;
          };
        }
      ).axe;
      const context = withoutToasts ? { exclude: [['[data-sonner-toaster]']] } : document;
      const { violations } = await axe.run(context, { resultTypes: ['violations'] });
      const found = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      if (withToast && !(before && toastShowing())) found.push(noneShowing);
      return found;
    },
    { withoutToasts: opts.withoutToasts ?? false, withToast: opts.withToast ?? false, noneShowing: NO_TOAST },
  );
}
