// P1 of the browser bench (tests/bench/browser.ts): the app's first sync round as admin, against
// a raw download of the same rows by fetch and against the raw IndexedDB floor, in the same page.
import { type Page } from 'playwright-core';
import { PULL_BATCH } from '../../sync/replication/pull';
import { PROBES, progress, signIn, startProfile, stopProfile, waitForSyncRound } from './browser-page';

/** The first sync round's duration, from the indicator's first 'syncing' to its end (ms). */
export async function firstRoundMs(page: Page): Promise<number> {
  return page.evaluate(() => {
    const { health, healthAt } = (window as unknown as { __bench: { health: string[]; healthAt: number[] } })
      .__bench;
    const i = health.indexOf('syncing');
    const j = health.findIndex((h, k) => k > i && (h === 'synced' || h === 'pending'));
    return healthAt[j]! - healthAt[i]!;
  });
}

/**
 * Where P1's first round spends its time: the API requests made during it, from the round's
 * start, each as `path start+wait+duration` in ms (wait: from asked for to sent, e.g. queued
 * behind the browser's six connections). The gaps between the pulls' answers are the writes.
 */
export async function roundRequests(page: Page): Promise<string> {
  return page.evaluate(() => {
    const { health, healthAt } = (window as unknown as { __bench: { health: string[]; healthAt: number[] } })
      .__bench;
    const i = health.indexOf('syncing');
    const j = health.findIndex((h, k) => k > i && (h === 'synced' || h === 'pending'));
    const [from, to] = [healthAt[i]!, healthAt[j]!];
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.name.includes('/v1/') && e.startTime >= from - 50 && e.startTime <= to)
      .map((e) => {
        const path = new URL(e.name).pathname.replace(/^\/(rest|auth|storage)\/v1\//, '').replace('rpc/', '');
        const wait = Math.max(0, (e.requestStart || e.startTime) - e.startTime);
        return `${path} ${Math.round(e.startTime - from)}+${Math.round(wait)}+${Math.round(e.responseEnd - e.startTime - wait)}`;
      })
      .join(', ');
  });
}

/**
 * P1's baseline: the same shipments and inventory rows downloaded by fetch in the same page: the
 * working set (issue 26), so through pull_changes as the engine's pull, keyset-paged from the
 * same checkpoints, 1,000 rows a request (a plain table read's limit, as before), parsed, kept.
 */
export async function rawDownload(page: Page, anonKey: string): Promise<{ ms: number; rows: number }> {
  return page.evaluate(async (anon) => {
    const session = JSON.parse(localStorage.getItem('dermaga-auth') ?? '{}') as { access_token: string };
    const headers = {
      apikey: anon,
      Authorization: `Bearer ${session.access_token}`,
      'Content-Type': 'application/json',
    };
    const kept: Record<string, unknown[]> = { shipments: [], inventory: [] };
    const start = performance.now();
    for (const table of ['shipments', 'inventory']) {
      let after: { change_xid: string; id: string } | null = null;
      for (;;) {
        const res: Response = await fetch('/rest/v1/rpc/pull_changes', {
          method: 'POST',
          headers,
          body: JSON.stringify({
            p_table: table,
            p_after_xid: after?.change_xid ?? null,
            p_after_id: after?.id ?? null,
            p_limit: 1000,
          }),
        });
        const rows = ((await res.json()) as { rows: Array<{ change_xid: string; id: string }> }).rows;
        kept[table]!.push(...rows);
        if (rows.length < 1000) break;
        after = rows[rows.length - 1]!;
      }
    }
    const ms = performance.now() - start;
    // Kept for the raw IndexedDB floor (rawIndexedDbFloor), then dropped.
    (window as unknown as { __benchRaw?: Record<string, unknown[]> }).__benchRaw = kept;
    return { ms, rows: kept.shipments!.length + kept.inventory!.length };
  }, anonKey);
}

/**
 * P1's second baseline, the floor IndexedDB itself allows: the rows the raw download got, put
 * with plain IndexedDB into a throwaway database whose object store has the shape and indexes of
 * the one RxDB's Dexie storage made for that collection in this page (copied from it), in
 * transactions of the pull's batch size, each row in RxDB's storage format (its `_deleted`,
 * `_meta.lwt`, `_rev`, `_attachments`, which the indexes read). The databases are then deleted.
 * Table after table (P1's two tables), or `sideBySide` (every table's puts at once, as a first
 * sync writes its first batches: each table is a database of its own); only the puts are timed.
 */
export async function rawIndexedDbFloor(
  page: Page,
  batch: number,
  sideBySide = false,
): Promise<{ ms: number; rows: number }> {
  return page.evaluate(
    async ({ batch, sideBySide }) => {
      const w = window as unknown as { __benchRaw?: Record<string, Array<Record<string, unknown>>> };
      const raw = w.__benchRaw ?? {};
      delete w.__benchRaw;
      const names = (await indexedDB.databases()).map((d) => d.name ?? '');
      // (No function is bound to a name in here: tsx would wrap it in a helper the page lacks.)
      const targets: Array<{ db: IDBDatabase; name: string; list: Array<Record<string, unknown>> }> = [];
      for (const [table, list] of Object.entries(raw)) {
        const source = names.find((n) => n.startsWith('rxdb-dexie-') && n.endsWith(`--${table}`));
        if (!source) throw new Error(`no RxDB database for ${table} in this page`);
        const app = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(source);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const docs = app.transaction('docs').objectStore('docs');
        const shape = {
          keyPath: docs.keyPath,
          autoIncrement: docs.autoIncrement,
          indexes: [...docs.indexNames].map((name) => {
            const index = docs.index(name);
            return { name, keyPath: index.keyPath, unique: index.unique, multiEntry: index.multiEntry };
          }),
        };
        app.close();
        const name = `bench-idb-floor-${table}-${Date.now()}`;
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(name, 1);
          request.onupgradeneeded = () => {
            const store = request.result.createObjectStore('docs', {
              keyPath: shape.keyPath,
              autoIncrement: shape.autoIncrement,
            });
            for (const i of shape.indexes) {
              store.createIndex(i.name, i.keyPath, { unique: i.unique, multiEntry: i.multiEntry });
            }
          };
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        targets.push({ db, name, list });
      }
      let ms = 0;
      const start = performance.now();
      const puts = targets.map(({ db, list }) => async () => {
        const began = performance.now();
        for (let i = 0; i < list.length; i += batch) {
          const lwt = Date.now();
          await new Promise<void>((resolve, reject) => {
            const tx = db.transaction('docs', 'readwrite');
            const store = tx.objectStore('docs');
            for (const row of list.slice(i, i + batch)) {
              store.put({
                ...row,
                _deleted: row.deleted ? '1' : '0',
                _rev: '1-benchfloor',
                _meta: { lwt },
                _attachments: {},
              });
            }
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
            tx.onabort = () => reject(tx.error);
          });
        }
        if (!sideBySide) ms += performance.now() - began;
      });
      if (sideBySide) {
        await Promise.all(puts.map((put) => put()));
        ms = performance.now() - start;
      } else {
        for (const put of puts) await put();
      }
      for (const { db, name } of targets) {
        db.close();
        await new Promise<void>((resolve, reject) => {
          const request = indexedDB.deleteDatabase(name);
          request.onsuccess = () => resolve();
          request.onerror = () => reject(request.error);
        });
      }
      return { ms, rows: targets.reduce((sum, t) => sum + t.list.length, 0) };
    },
    { batch, sideBySide },
  );
}

/**
 * P1 on a fresh profile (or P1 at whole volume on the kept one): admin signs in, the first sync
 * round pulls everything into IndexedDB; then the raw download in the same page.
 */
export async function initialPull(page: Page, appUrl: string, anonKey: string, profile = false) {
  await page.addInitScript(PROBES);
  const cdp = profile ? await page.context().newCDPSession(page) : null;
  if (cdp) await startProfile(cdp);
  await signIn(page, appUrl);
  await waitForSyncRound(page, 30 * 60_000);
  if (cdp) await stopProfile(cdp, 'the initial pull');
  const pullMs = await firstRoundMs(page);
  progress(
    `P1 round of ${Math.round(pullMs)} ms, requests (path start+wait+duration ms): ${await roundRequests(page)}`,
  );
  const raw = await rawDownload(page, anonKey);
  const floor = await rawIndexedDbFloor(page, PULL_BATCH);
  return { pullMs, rawMs: raw.ms, rows: raw.rows, floorMs: floor.ms };
}
