// Issue 10: tower control's dashboard, open and online, follows other devices:
// a shipment created through another user's client shows in the In-Transit
// totals within 5 seconds (the idle probe, docs/sync.md), and the Cikarang
// card's counts change when it arrives and is unloaded.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from '../support/browser';
import { applyAs, makeVehicle, tablet, tag } from './hub-support';
import { DEMO_USERS, HUB, WAREHOUSE } from '../support/demo';
import { countedAsSent } from '../support/receipt';

const browser = useBrowser();

const figure = async (page: Page, testId: string, scope = page.locator('body')) =>
  Number((await scope.getByTestId(testId).textContent())?.replace(/\./g, ''));

describe('a live dashboard', () => {
  it('shows another device\'s shipment within 5 s and follows its unloading', async () => {
    const { context, page } = await tablet(browser(), 'tower');
    await page.goto(appUrl('/'));
    await page.locator('[data-testid=dashboard][data-ready=true]').waitFor();
    const cikarang = page.locator('[data-testid=hub-card][data-kind=cikarang]');
    await cikarang.waitFor();
    const before = {
      shipments: await figure(page, 'in-transit-shipments'),
      tv: await figure(page, 'in-transit-tv'),
      incoming: await figure(page, 'hub-flow-incoming', cikarang),
      stock: await figure(page, 'hub-stock-tv', cikarang),
    };

    const truck = await makeVehicle({ hubId: HUB.karawang });
    const shipmentId = randomUUID();
    await applyAs(DEMO_USERS.karawang, 'create_shipment_darat', {
      hub_id: HUB.karawang,
      shipment_id: shipmentId,
      vehicle_id: truck.id,
      destination_warehouse_id: WAREHOUSE.cikarang,
      batch_number: `LIVE-${tag()}`,
      smartboard_quantity: 13,
      bracket_quantity: 3,
      inventory_id: randomUUID(),
      image_count: 0,
    });
    const committed = Date.now();
    await expect
      .poll(async () => ({ shipments: await figure(page, 'in-transit-shipments'), tv: await figure(page, 'in-transit-tv') }), {
        timeout: 5_000,
        interval: 100,
      })
      .toEqual({ shipments: before.shipments + 1, tv: before.tv + 13 });
    console.log(`[live] the dashboard showed the shipment ${Date.now() - committed} ms after its commit`);
    await expect.poll(() => figure(page, 'hub-flow-incoming', cikarang)).toBe(before.incoming + 1);

    for (const type of ['confirm_arrival', 'start_unloading'])
      await applyAs(DEMO_USERS.cikarang, type, { hub_id: HUB.cikarang, shipment_id: shipmentId });
    await applyAs(DEMO_USERS.cikarang, 'complete_unloading', {
      hub_id: HUB.cikarang,
      shipment_id: shipmentId,
      notes: null,
      smartboard_inventory_id: randomUUID(),
      bracket_inventory_id: randomUUID(),
      receipt: countedAsSent(13, 3),
    });
    await expect
      .poll(async () => ({
        incoming: await figure(page, 'hub-flow-incoming', cikarang),
        stock: await figure(page, 'hub-stock-tv', cikarang),
        shipments: await figure(page, 'in-transit-shipments'),
      }))
      .toEqual({ incoming: before.incoming, stock: before.stock + 13, shipments: before.shipments });
    await context.close();
  });
});
