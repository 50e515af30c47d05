// The text a page shows, read whole. A card of a long list (`list-card`, src/index.css) has
// `content-visibility: auto`: while it is off screen the browser skips its contents, and
// `innerText` leaves them out (the card reads ''). A test that reads a card, or checks that no
// Indonesian is left on a screen, would then pass or fail by where the card happens to be, which
// depends on what other tests left in the list (a CI run read '' for a POD card below the fold).
// `shownText` lifts the skipping for the read, in one synchronous step the screen never draws.
import type { Locator, Page } from 'playwright-core';

/**
 * The `innerText` of `scope` (a locator, or the page's body) with every card rendered, off
 * screen or not. `leaveOut`: a CSS selector list of what not to read (data shown as stored).
 */
export async function shownText(scope: Page | Locator, leaveOut?: string): Promise<string> {
  const root = 'goto' in scope ? scope.locator('body') : scope;
  return root.evaluate((element, hide) => {
    const style = document.createElement('style');
    style.textContent = `* { content-visibility: visible !important; }${hide ? ` ${hide} { display: none !important; }` : ''}`;
    document.head.append(style);
    try {
      return (element as HTMLElement).innerText;
    } finally {
      style.remove();
    }
  }, leaveOut ?? null);
}
