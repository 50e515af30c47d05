// Issue 26: older history is read from the server on demand. An old batch (closed in 2019,
// long before any retention window) that the device does not hold is found online through
// the header's search and through Hub Activity's older records (the "Muat riwayat lebih lama"
// step and a date range before what the device holds, and in the CSV), and offline both
// say plainly that older records need a connection.
//
// The batch is inserted on the server after the tablet's first sync, with the tablet's
// pulls of shipments, containers and the ledger held from then on (never answered): the
// device cannot hold it, whether or not its working set leaves closed history out, so
// what shows it can only be the server's read. The header search's local results (which
// read every shipment the device holds) prove it: the batch is not among them.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Route } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from '../support/browser';
import { HUB, WAREHOUSE } from '../support/demo';
import { leaveOutOfOneRequest } from '../support/first-sync-route';
import { makeVehicle, query, tablet, tag, waitOffline } from './hub-support';

const browser = useBrowser();
const HELD_TABLES = new Set(['shipments', 'containers', 'inventory']);
const NEEDS_CONNECTION = 'Riwayat lebih lama perlu koneksi internet.';

const batch = `E2E-ARSIP-${tag()}`;
const shipmentId = randomUUID();
const ledgerId = randomUUID();
// A day of 2019 of this run's own (a range of one day reads this file's row and few others).
const day = `2019-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}-${String(
  1 + Math.floor(Math.random() * 28),
).padStart(2, '0')}`;

afterAll(async () => {
  await query('delete from public.inventory where id = $1', [ledgerId]);
  await query('delete from public.shipments where id = $1', [shipmentId]);
});

describe('older history', () => {
  it('finds an old batch online through the search and Hub Activity; offline says a connection is needed', async () => {
    const { context, page } = await tablet(browser(), 'karawang');
    const held: Route[] = [];
    // Out of a round's one request (pull_round): they come by pull_changes, held here.
    await leaveOutOfOneRequest(context, (table) => HELD_TABLES.has(table));
    await context.route('**/rest/v1/rpc/pull_changes', (route) => {
      const table = (route.request().postDataJSON() as { p_table?: string } | null)?.p_table ?? '';
      if (!HELD_TABLES.has(table)) return route.continue();
      held.push(route);
    });
    try {
      const truck = await makeVehicle({ hubId: HUB.karawang, flags: { ready: false } });
      await query(
        `insert into public.shipments (id, batch_number, vehicle_id, origin_hub_id, destination_hub_id, current_hub_id,
           smartboard_quantity, bracket_quantity, status, loading_date, selesai_bongkar, created_at, notes)
         values ($1, $2, $3, $4, $5, $5, 7, 3, 'selesai', $6, true, $6, 'Arsip e2e')`,
        [shipmentId, batch, truck.id, HUB.karawang, HUB.cikarang, `${day}T08:00:00Z`],
      );
      await query(
        `insert into public.inventory (id, warehouse_id, date_recorded, smartboard_quantity, bracket_quantity, batch_number, shipment_id)
         values ($1, $2, $3, 7, 3, $4, $5)`,
        [ledgerId, WAREHOUSE.karawang, day, batch, shipmentId],
      );

      // The header's search: not among the rows held here, found on the server.
      await page.getByTestId('global-search').fill(batch.toLowerCase());
      const older = page.getByTestId('search-older-hit').filter({ hasText: batch });
      await expect.poll(() => older.count(), { timeout: 20_000 }).toBe(1);
      expect(await older.textContent()).toContain('Hub Karawang → Hub Cikarang');
      expect(await page.getByTestId('search-hit').filter({ hasText: batch }).count()).toBe(0);
      await page.keyboard.press('Escape');

      // Hub Activity: its step reads older pages on demand...
      await page.goto(appUrl(`/hub-activity/${HUB.karawang}`));
      const step = page.getByTestId('older-history');
      await step.getByTestId('older-history-load').click();
      await expect.poll(() => step.getAttribute('data-state'), { timeout: 20_000 }).toMatch(/^(more|done)$/);
      expect(await step.getByTestId('older-history-count').textContent()).toMatch(/catatan lama dari server/);
      // ...and a date range before what the device holds reads them by itself, into the list and its CSV.
      await page.goto(appUrl(`/hub-activity/${HUB.karawang}?dari=${day}&sampai=${day}`));
      const table = page.getByTestId('activity-table');
      await expect.poll(() => table.textContent(), { timeout: 20_000 }).toContain(batch);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('activity-table-export').click(),
      ]);
      const csv = await readFile((await download.path())!, 'utf8');
      expect(csv).toContain(batch);
      expect(csv).toContain('Hub Cikarang');
      expect(csv).toContain('Arsip e2e');

      // Offline: the step and the search say plainly that older records need a connection.
      await context.setOffline(true);
      await waitOffline(page);
      await expect.poll(() => step.getAttribute('data-state')).toBe('offline');
      expect(await step.textContent()).toContain(NEEDS_CONNECTION);
      await page.getByTestId('global-search').fill(batch);
      await expect
        .poll(() => page.getByTestId('search-older-offline').textContent())
        .toContain(NEEDS_CONNECTION);
      expect(await page.getByTestId('search-older-hit').count()).toBe(0);
    } finally {
      await context.setOffline(false);
      for (const route of held.splice(0)) await route.abort().catch(() => undefined);
      await context.close();
    }
  }, 180_000);
});
