// The engine's life on a device (issue 25): what a signed-in engine starts in the window and
// the document it ends on stop(), so each sign-in does not leave the previous engine reachable
// and syncing; and a failed round is "offline" only when no answer came at all.
import 'fake-indexeddb/auto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SyncEngine, type SyncStatus } from '../../sync';
import { firstValueFrom, filter } from 'rxjs';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { openLocal } from '../../sync/db/database';
import { standInEngine } from '../support/stand-in-engine';

type Listener = (event: unknown) => void;
const WATCHED = new Set(['online', 'offline', 'visibilitychange']);

/** A stand-in for the browser's window and document that knows who listens. */
function fakeBrowser() {
  const live = new Set<string>();
  let added = 0;
  const target = (name: string) => {
    const listeners = new Map<string, Set<Listener>>();
    return {
      addEventListener(type: string, listener: Listener) {
        if (!WATCHED.has(type)) return;
        if (!listeners.has(type)) listeners.set(type, new Set());
        listeners.get(type)!.add(listener);
        live.add(`${name}:${type}:${listeners.get(type)!.size}:${added++}`);
      },
      removeEventListener(type: string, listener: Listener) {
        if (!listeners.get(type)?.delete(listener)) return;
        for (const key of live)
          if (key.startsWith(`${name}:${type}:`)) {
            live.delete(key);
            break;
          }
      },
      dispatch(type: string) {
        for (const l of listeners.get(type) ?? []) l({ type });
      },
      count: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
    };
  };
  return { window: target('window'), document: { ...target('document'), visibilityState: 'visible' }, live };
}

const actor = { userId: 'aaaaaaaa-0000-4000-8000-000000000003', role: 'hub_user' as const, hubId: 'hub-k' };

const startEngine = (url: string) => standInEngine(url, actor, 60_000);

const afterRound = (engine: SyncEngine) =>
  firstValueFrom(engine.status$.pipe(filter((s: SyncStatus) => !s.syncing && s.lastError !== null)));

describe('the engine on a device', { timeout: 30_000 }, () => {
  let browser: ReturnType<typeof fakeBrowser>;
  const saved = {
    add: (globalThis as { addEventListener?: unknown }).addEventListener,
    remove: (globalThis as { removeEventListener?: unknown }).removeEventListener,
    document: (globalThis as { document?: unknown }).document,
  };
  let server: Server | undefined;

  beforeEach(() => {
    browser = fakeBrowser();
    Object.assign(globalThis, {
      addEventListener: browser.window.addEventListener,
      removeEventListener: browser.window.removeEventListener,
      document: browser.document,
    });
  });
  afterEach(async () => {
    Object.assign(globalThis, {
      addEventListener: saved.add,
      removeEventListener: saved.remove,
      document: saved.document,
    });
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  it('removes its online, offline and visibility listeners on stop (sign-out leaves nothing behind)', async () => {
    const engine = await startEngine('http://127.0.0.1:9');
    // The leader listens to the network and to coming back into view.
    expect(browser.window.count()).toBe(2);
    expect(browser.document.count()).toBe(1);
    await afterRound(engine);
    await engine.stop();
    expect(browser.window.count()).toBe(0);
    expect(browser.document.count()).toBe(0);
    expect([...browser.live]).toEqual([]);
    // Events after sign-out reach nobody (nothing throws on a closed database either).
    browser.window.dispatch('online');
    browser.document.dispatch('visibilitychange');
  });

  it('three sign-ins in a row leave the listeners of one engine, not three', async () => {
    for (let i = 0; i < 3; i++) {
      const engine = await startEngine('http://127.0.0.1:9');
      await afterRound(engine);
      await engine.stop();
    }
    const engine = await startEngine('http://127.0.0.1:9');
    expect(browser.window.count()).toBe(2);
    expect(browser.document.count()).toBe(1);
    await engine.stop();
  });

  it("waits for the main thread's first idle moment (a second at most) before its first round", async () => {
    // A cold start's screens read the device's own rows first; the round's requests and answers
    // would share the main thread with those reads' renders (issue 43).
    const waiting: Array<{ run: () => void; timeout: number }> = [];
    const saved = (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback;
    (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback = (
      run: () => void,
      options: { timeout: number },
    ) => waiting.push({ run, timeout: options.timeout });
    try {
      // A device that has synced before (a new one holds nothing to show: its first sync starts
      // at once, the test below).
      const device = new IDBFactory();
      const local = await openLocal(actor.userId, { indexedDB: device, IDBKeyRange }, false);
      await local.store.setMeta('lastSyncedAt', new Date().toISOString());
      await local.close();
      const engine = await standInEngine('http://127.0.0.1:9', actor, 60_000, device);
      // Started and showing its rows, but no round yet: nobody listens to the network.
      expect(waiting.map((w) => w.timeout)).toEqual([1_000]);
      expect(browser.window.count()).toBe(0);
      let rounds = 0;
      const counting = engine.status$.subscribe((s) => (rounds += s.syncing ? 1 : 0));
      expect(rounds).toBe(0);
      waiting[0]!.run();
      expect(browser.window.count()).toBe(2);
      await afterRound(engine);
      expect(rounds).toBeGreaterThan(0);
      counting.unsubscribe();
      await engine.stop();
    } finally {
      (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback = saved;
    }
  });

  it("starts a new device's first sync at once, idle or not", async () => {
    const waiting: unknown[] = [];
    const saved = (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback;
    (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback = (run: unknown) =>
      waiting.push(run);
    try {
      const engine = await startEngine('http://127.0.0.1:9');
      expect(waiting).toEqual([]);
      expect(browser.window.count()).toBe(2);
      await afterRound(engine);
      await engine.stop();
    } finally {
      (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback = saved;
    }
  });

  it('is offline when no answer comes at all', async () => {
    const engine = await startEngine('http://127.0.0.1:9');
    const status = await afterRound(engine);
    expect(status.online).toBe(false);
    await engine.stop();
  });

  it('stays online with the error shown when the server answers with a failure', async () => {
    server = createServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'XX000', message: 'the server broke' }));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const engine = await startEngine(`http://127.0.0.1:${port}`);
    const status = await afterRound(engine);
    expect(status.online).toBe(true);
    expect(status.lastError).toContain('the server broke');
    await engine.stop();
  });
});
