// Issue 43: no deprecated `unload` listener. Lighthouse's best practices gave the signed-in
// dashboard 82 for one: the `unload` package that broadcast-channel (RxDB's leader election)
// calls when a tab becomes the leader listened for `beforeunload` and `unload`. The build now has
// its own copy that listens for `pagehide` (sync/db/unload-pagehide.ts, by an alias in
// vite.config.ts). Here, in Chromium with the built app: from every document's first script on,
// no `unload` or `beforeunload` listener is added to a window while admin signs in and the first
// sync runs (the app adds none of its own). And what the listener was for still happens: when
// the leading tab's page is hidden (as when it goes into the back/forward cache, where Chromium
// keeps a page with its lock held), the other tab takes the lead at once; the page shown again
// from the cache reloads and waits its turn again. Needs dist/ (npm run build; npm test does).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appUrl, newContext, signIn, useBrowser, waitForServiceWorkerControl, waitForShell } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { waitFirstSync } from './hub-support';

const browser = useBrowser();

/** The events of a page's end (and its return from the back/forward cache) watched on windows. */
const PAGE_EVENTS = ['unload', 'beforeunload', 'pagehide', 'pageshow'];
/** Deprecated (`unload`) or, in Firefox, keeping the page out of the cache (`beforeunload`). */
const NOT_WANTED = ['unload', 'beforeunload'];

interface Added {
  type: string;
  frame: string;
  stack: string;
}

/** The page's first script: reports each listener for `events` added to a window (any frame). */
function watchWindowListeners(events: string[]) {
  const w = window as unknown as {
    __pageListener?: (added: { type: string; stack: string }) => void;
    __unreported: string[];
  };
  w.__unreported = [];
  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (
    this: EventTarget,
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ) {
    if (this === window && events.includes(type)) {
      const stack = new Error().stack ?? '';
      if (w.__pageListener) void w.__pageListener({ type, stack });
      else w.__unreported.push(type);
    }
    return add.call(this, type, listener, options);
  };
}

interface LeaderLock {
  held: string[];
  pending: string[];
}

/**
 * Waits until the clients holding and waiting for broadcast-channel's leader lock (Web Locks, one
 * for the user's database) are as `wanted` says, and returns them. Read in the page until they are
 * (waitForFunction takes a promise for a truthy answer). A tab that opens the app may ask for the
 * lock, drop the request and ask again, so a waiting client is taken as it is seen.
 */
function waitForLock(
  page: Page,
  wanted: { heldBy?: string; heldByNone?: string[]; waitingNone?: string[] },
): Promise<LeaderLock> {
  return page.evaluate(async ({ heldBy, heldByNone, waitingNone }) => {
    const ids = (locks: LockInfo[] = []) =>
      locks.filter((l) => l.name?.startsWith('pubkey-bc||')).map((l) => l.clientId ?? '');
    for (;;) {
      const query = await navigator.locks.query();
      const lock = { held: ids(query.held), pending: ids(query.pending) };
      if (
        lock.held.length === 1 &&
        (heldBy === undefined || lock.held[0] === heldBy) &&
        (heldByNone === undefined || !heldByNone.includes(lock.held[0]!)) &&
        (waitingNone === undefined || lock.pending.some((c) => !waitingNone.includes(c)))
      )
        return lock;
      // The next reading after a short pause (not a bound: it waits as long as the test may).
      await new Promise((next) => setTimeout(next, 50));
    }
  }, wanted);
}

describe('the signed-in app, with no unload listener', () => {
  it('adds no unload or beforeunload listener, and the lead still passes on when its page hides', async () => {
    const context = await newContext(browser());
    try {
      const added: Added[] = [];
      await context.exposeBinding('__pageListener', ({ frame }, entry: { type: string; stack: string }) => {
        added.push({ ...entry, frame: frame.url() });
      });
      await context.addInitScript(watchWindowListeners, PAGE_EVENTS);
      const first = await context.newPage();
      first.on('pageerror', (error) => console.error('[first tab] page error', error));
      await signIn(first, DEMO_USERS.admin);
      await waitForServiceWorkerControl(first);
      // The first sync: this tab leads (only the leader's engine runs rounds), so the leader's
      // page-end callback is registered by now.
      await waitFirstSync(first);

      const unwanted = added.filter((a) => NOT_WANTED.includes(a.type));
      expect.soft(unwanted, JSON.stringify(unwanted, null, 1)).toEqual([]);
      expect.soft(await first.evaluate(() => [window.onunload, window.onbeforeunload])).toEqual([null, null]);
      // Every listener was seen (the report was there from each document's first script).
      expect(await first.evaluate(() => (window as unknown as { __unreported: string[] }).__unreported)).toEqual([]);
      console.log(`page-end listeners added: ${added.map((a) => a.type).join(', ')}`);

      // A second tab of the app waits for the lead.
      const { held } = await waitForLock(first, {});
      const firstClient = held[0]!;
      const second = await context.newPage();
      second.on('pageerror', (error) => console.error('[second tab] page error', error));
      await second.goto(appUrl('/'));
      await waitForShell(second);
      await waitForLock(first, { heldBy: firstClient, waitingNone: [firstClient] });

      // The leading page is hidden on its way into the back/forward cache: the other tab leads.
      await first.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true })));
      const { held: next } = await waitForLock(second, { heldByNone: [firstClient] });
      const secondClient = next[0]!;

      // Shown again from the cache, the page that let go reloads (a new client) and waits for the
      // lead again, which stays with the second tab.
      const reloaded = first.waitForEvent('load');
      await first.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
      await reloaded;
      await waitForShell(first);
      await waitForLock(second, { heldBy: secondClient, waitingNone: [firstClient, secondClient] });
    } finally {
      await context.close();
    }
  });
});
