// Issue 41, dock figures that are true: "Rata-rata hari ini" at Karawang counts a truck queued
// and loaded there today after it moved on: received at Cikarang, the page reloaded. The
// counts are read relative to what the screen showed with the truck still on its way, so
// other files' rows do not matter; only this test's truck and shipment change in between.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { HUB, TRUCK_VENDOR } from '../support/demo';
import { makeVehicle, openHub, query, shipmentCard, tablet, tag, waitSynced } from './hub-support';

const browser = useBrowser();

/** How many finished the figure counts ('2 selesai'), and whether it shows a time. */
async function figure(page: Page, testId: 'avg-queue' | 'avg-loading') {
  const stat = page.getByTestId(testId);
  const text = (await stat.textContent()) ?? '';
  const value = (await stat.getByTestId(`${testId}-value`).textContent()) ?? '';
  return { count: Number(/(\d+) selesai/.exec(text)?.[1] ?? NaN), timed: value !== '-' };
}

describe('Rata-rata hari ini at Karawang', () => {
  it('keeps a truck loaded today after it was received at Cikarang and the page reloaded', async () => {
    // A truck of this test: queued, loaded and sent from Karawang minutes ago (server time).
    const truck = await makeVehicle({ hubId: HUB.karawang, flags: { ready: false } });
    await query(
      `update public.vehicles set queued_at = now() - interval '3 minutes',
              loading_started_at = now() - interval '2 minutes', loading_finished_at = now() - interval '1 minute'
        where id = $1`,
      [truck.id],
    );
    const shipmentId = randomUUID();
    const batch = `E2E-DOCK-${tag()}`;
    await query(
      `insert into public.shipments (id, batch_number, vehicle_id, vendor_id, origin_hub_id, destination_hub_id,
                                     current_hub_id, smartboard_quantity, bracket_quantity, status, loading_date, eta)
       values ($1, $2, $3, $4, $5, $6, $5, 3, 0, 'otw_cikarang', now(), current_date + 1)`,
      [shipmentId, batch, truck.id, TRUCK_VENDOR.id, HUB.karawang, HUB.cikarang],
    );

    const { context, page } = await tablet(browser(), 'karawang');
    try {
      await openHub(page, '/hub-karawang/loading');
      await waitSynced(page);
      await page.getByTestId('departures-list').locator(`[data-batch="${batch}"]`).waitFor();
      // The truck on its way counts (it did before issue 41 too), once the device holds its row
      // (the vehicles may arrive after the shipment that shows it on its way).
      await expect.poll(async () => (await figure(page, 'avg-queue')).count).toBeGreaterThanOrEqual(1);
      await expect.poll(async () => (await figure(page, 'avg-loading')).count).toBeGreaterThanOrEqual(1);
      const queued = await figure(page, 'avg-queue');
      const loaded = await figure(page, 'avg-loading');

      // It moves on: confirmed, unloaded and done at Cikarang; the truck is Cikarang's now.
      await query(
        `update public.shipments set status = 'selesai', selesai_bongkar = true, current_hub_id = $2,
                arrival_gdt = now(), unloading_started_at = now(), unloading_finished_at = now()
          where id = $1`,
        [shipmentId, HUB.cikarang],
      );
      await query('update public.vehicles set current_hub_id = $2, ready = true where id = $1', [
        truck.id,
        HUB.cikarang,
      ]);
      await page.reload();
      await page.locator('[data-testid=hub-operations]:not([data-hub-id=""])').waitFor();
      await waitSynced(page);
      // The device has the move: the shipment left the list of what is on its way.
      await shipmentCard(page, batch).waitFor({ state: 'detached' });
      await expect.poll(() => figure(page, 'avg-queue')).toEqual(queued);
      await expect.poll(() => figure(page, 'avg-loading')).toEqual(loaded);
    } finally {
      await context.close();
    }
  });
});
