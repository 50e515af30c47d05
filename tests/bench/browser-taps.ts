// P3 and P4 of the browser bench (tests/bench/browser.ts): taps on Proses Muat timed in the
// page, queues of a realistic length, and the same action as direct calls to the server.
import pg from 'pg';
import { type Page } from 'playwright-core';
import { queueBenchVehicles } from './seed';
import { HUB } from '../support/demo';

export const BENCH_PLATE = 'BNCH-';
/** The direct calls of P4 start loading vehicles of their own, queued on the server only. */
export const DIRECT_PLATE = 'BDIR-';
/** The taps' vehicles are queued this many at a time, a queue of a realistic length. */
export const QUEUE_WAVE = 20;
/** Queues the next wave of bench vehicles on the server and waits until the page shows them. */
export async function queueWave(sql: pg.Client, page: Page, tapped: Set<string>, count: number) {
  // Those loading since an earlier wave drive off to Cikarang (as if loaded and gone: not
  // ready, so never queued again), so the Sedang Muat list stays as long as a floor has it
  // (20 to 40), not every vehicle ever tapped.
  const leaving = [...tapped].slice(0, Math.max(0, tapped.size - QUEUE_WAVE));
  await sql.query(
    `update public.vehicles set sedang_muat = false, ready = false, current_hub_id = $2,
       queued_at = null, loading_started_at = null
     where id = any($1::uuid[]) and sedang_muat`,
    [leaving, HUB.cikarang],
  );
  await queueBenchVehicles(sql, count, BENCH_PLATE);
  await page
    .waitForFunction(
      ({ plate, done, count }) =>
        [
          ...document.querySelectorAll<HTMLElement>(`[data-testid=ready-list] [data-plate^="${plate}"]`),
        ].filter((c) => !done.includes(c.dataset.vehicleId!)).length >= count,
      { plate: BENCH_PLATE, done: [...tapped], count },
      { timeout: 120_000, polling: 100 },
    )
    .catch(async (error: unknown) => {
      const seen = await page.evaluate(() => ({
        path: location.pathname,
        sync: document.querySelector('[data-testid=sync-indicator]')?.getAttribute('title'),
        health: document.querySelector('[data-testid=sync-indicator]')?.getAttribute('data-health'),
        ready: document.querySelectorAll('[data-testid=ready-list] [data-plate]').length,
      }));
      const { rows } = await sql.query(
        `select count(*) filter (where siap_muat) as queued, count(*) filter (where ready) as free,
         array_agg(distinct current_hub_id::text) filter (where siap_muat) as queued_at_hubs,
         count(*) filter (where siap_muat and sedang_muat) as queued_and_loading,
         count(*) filter (where siap_muat and not is_active) as queued_inactive
         from public.vehicles where license_plate like $1`,
        [`${BENCH_PLATE}%`],
      );
      throw new Error(`the wave did not show: ${JSON.stringify({ ...seen, server: rows[0] })}`, {
        cause: error,
      });
    });
}

/**
 * One tap on Proses Muat for the first bench vehicle in the Siap Muat list, timed in the page
 * from the click to the vehicle's card in the Sedang Muat list (the DOM committed, and the card
 * not inside the hidden tab: both queue tabs stay mounted, the inactive one `hidden`), then
 * back to the Siap Muat tab for the next one.
 */
export async function tapToVisible(
  page: Page,
  appUrl: string,
  tapped: Set<string>,
): Promise<{ ms: number; leftMs: number; frameStartMs: number; frameMs: number }> {
  await page.locator(`[data-testid=ready-list] [data-plate^="${BENCH_PLATE}"]`).first().waitFor();
  // A vehicle not tapped before (the list may still show the last one for a moment).
  const {
    ms,
    leftMs,
    frameStartMs,
    frameMs,
    id: tappedId,
  } = await page.evaluate(
    async ({ plate, done }) => {
      const card = [
        ...document.querySelectorAll<HTMLElement>(`[data-testid=ready-list] [data-plate^="${plate}"]`),
      ].find((c) => !done.includes(c.dataset.vehicleId!))!;
      const button = [...card.querySelectorAll('button')].find((b) =>
        b.textContent?.includes('Proses Muat'),
      )!;
      const id = card.dataset.vehicleId!;
      return new Promise<{ ms: number; leftMs: number; frameStartMs: number; frameMs: number; id: string }>(
        (resolve, reject) => {
          // BENCH_PROFILE: the tap alone in a CPU profile of its own (tests/bench/browser.ts).
          const profiled = (window as unknown as { __profileTaps?: boolean }).__profileTaps === true;
          if (profiled) console.profile('p3-tap');
          const start = performance.now();
          setTimeout(
            () =>
              reject(
                new Error(
                  `no card in Sedang Muat after 15 s at ${location.pathname}: ${document.querySelector('main')?.textContent?.slice(0, 300)}`,
                ),
              ),
            15_000,
          );
          // (No named functions in page code: tsx would wrap them in a helper the page does not have.)
          const selector = `[data-testid=loading-list] [data-vehicle-id="${id}"]`;
          const inReady = `[data-testid=ready-list] [data-vehicle-id="${id}"]`;
          let leftMs = -1;
          const observer = new MutationObserver(() => {
            const ready = document.querySelector(inReady);
            if (leftMs < 0 && (!ready || ready.closest('[hidden]'))) leftMs = performance.now() - start;
            // Shown: in the list and on screen (the other queue tab stays mounted, hidden).
            const card = document.querySelector(selector);
            if (!card || card.closest('[hidden]')) return;
            observer.disconnect();
            const end = performance.now();
            // For BENCH_TRACE: the tap's span on the main thread's clock (tests/bench/browser-trace.ts).
            performance.measure('p3-tap', { start, end });
            if (profiled) console.profileEnd('p3-tap');
            // The frame that draws it: its animation-frame callback is where it begins; a message
            // posted from there is handled once its style, layout and paint are done (and any
            // task queued before the message, a timer's, has run: an upper bound of its end).
            requestAnimationFrame(() => {
              const began = performance.now();
              const channel = new MessageChannel();
              channel.port1.onmessage = () => {
                const framed = performance.now();
                // For BENCH_TRACE: the tap's span to that frame's end (tests/bench/browser-trace.ts).
                performance.measure('p3-frame', { start, end: framed });
                resolve({
                  ms: end - start,
                  leftMs,
                  frameStartMs: began - start,
                  frameMs: framed - start,
                  id,
                });
              };
              channel.port2.postMessage(null);
            });
          });
          observer.observe(document, { subtree: true, childList: true, attributes: true });
          button.click();
        },
      );
    },
    { plate: BENCH_PLATE, done: [...tapped] },
  );
  tapped.add(tappedId);
  await page.locator(`a[href="/hub-karawang/ready"]`).click();
  await page.waitForURL(new URL('/hub-karawang/ready', appUrl).toString());
  return { ms, leftMs, frameStartMs, frameMs };
}

/**
 * P4's baseline: the same action as an online-only app does it, over the same network: the
 * command sent to apply_commands and its answer awaited, then the vehicle read back to show it.
 */
export async function directCalls(page: Page, anonKey: string, vehicleId: string): Promise<number> {
  return page.evaluate(
    async ({ anon, vehicleId, hubId }) => {
      const session = JSON.parse(localStorage.getItem('dermaga-auth') ?? '{}') as {
        access_token: string;
        user: { id: string };
      };
      const headers = {
        apikey: anon,
        Authorization: `Bearer ${session.access_token}`,
        'content-type': 'application/json',
      };
      const start = performance.now();
      const applied = await fetch('/rest/v1/rpc/apply_commands', {
        method: 'POST',
        headers,
        body: JSON.stringify({
          commands: [
            {
              id: crypto.randomUUID(),
              type: 'start_loading',
              payload: { hub_id: hubId, vehicle_id: vehicleId },
              issued_at: new Date().toISOString(),
              actor: session.user.id,
            },
          ],
        }),
      });
      const answer = (await applied.json()) as { results: Array<{ outcome: string }> };
      if (answer.results?.[0]?.outcome !== 'applied')
        throw new Error(`not applied: ${JSON.stringify(answer)}`);
      const read = await fetch(`/rest/v1/vehicles?select=*&id=eq.${vehicleId}`, { headers });
      const rows = (await read.json()) as Array<{ sedang_muat: boolean }>;
      if (!rows[0]?.sedang_muat) throw new Error('the vehicle did not start loading');
      return performance.now() - start;
    },
    { anon: anonKey, vehicleId, hubId: HUB.karawang },
  );
}
