// Issue 43 on a hub tablet: a hub's screen does not move once painted. What stands above the
// tabs (today's dock times, the hub's discrepancies) waits for the local database; it used to
// appear once the hub resolved and push the tabs and the list 110 px down under the user's
// finger on every start. It now stands from the first paint (placeholders, then the height this
// device last drew it at), so a cold start straight onto a hub's screen, with a truck or shipment
// of the test's own in its list and a discrepancy of its own at the hub, stays under HELD_CLS.
// On the old build: 0.073 and 0.104 on Karawang's Siap Muat, 0.049 on Cikarang's OTW.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { appUrl, TABLET_LANDSCAPE, TABLET_PORTRAIT, useBrowser } from '../support/browser';
import { HUB, TRUCK_VENDOR, USER_ID, WAREHOUSE } from '../support/demo';
import { makeOtwShipment, makeVehicle, query, tablet, tag } from './hub-support';
import { HELD_CLS, recordShifts, shiftsSoFar, totalShift, type Shift } from './layout-shift-support';

const browser = useBrowser();

let queued: { id: string; plate: string };
const inbound = { id: randomUUID(), batch: `E2E-SHIFT-OTW-${tag()}` };

beforeAll(async () => {
  queued = await makeVehicle({ hubId: HUB.karawang, flags: { ready: false, siap_muat: true } });
  await makeOtwShipment(inbound);
  // A shipment of its own, Karawang to Cikarang, received short and settled by tower control:
  // both hubs' screens fold it under their discrepancies line.
  const done = await makeVehicle({ hubId: HUB.cikarang, flags: { ready: false } });
  const shipmentId = randomUUID();
  const receiptId = randomUUID();
  await query(
    `insert into public.shipments (id, batch_number, vehicle_id, vendor_id, origin_hub_id, destination_hub_id,
                                   current_hub_id, smartboard_quantity, bracket_quantity, status, selesai_bongkar,
                                   loading_date, eta, arrival_destination, unloading_started_at, unloading_finished_at)
     values ($1, $2, $3, $4, $5, $6, $6, 4, 4, 'selesai', true, now() - interval '2 days', current_date,
             now() - interval '5 hours', now() - interval '4 hours', now() - interval '3 hours')`,
    [shipmentId, `E2E-SHIFT-${tag()}`, done.id, TRUCK_VENDOR.id, HUB.karawang, HUB.cikarang],
  );
  await query(
    `insert into public.shipment_receipts (id, shipment_id, warehouse_id, smartboard_sent, bracket_sent,
                                           smartboard_received, bracket_received, smartboard_damaged, bracket_damaged,
                                           receiver_name, driver_name, receiver_signature_id, driver_signature_id,
                                           signed_at, counted_by)
     values ($1, $2, $3, 4, 4, 3, 4, 0, 0, 'Penerima E2E', 'Sopir E2E', $4, $5, now(), $6)`,
    [receiptId, shipmentId, WAREHOUSE.cikarang, randomUUID(), randomUUID(), USER_ID.cikarang],
  );
  await query(
    `insert into public.discrepancies (id, shipment_id, receipt_id, item, reason, quantity, photo_ids,
                                       origin_hub_id, destination_hub_id, reported_by,
                                       status, resolved_by, resolved_at, resolution_note)
     values ($1, $2, $3, 'smartboard', 'kurang', 1, array[$4::uuid], $5, $6, $7,
             'resolved', $8, now(), 'E2E: diganti dari stok')`,
    [
      randomUUID(),
      shipmentId,
      receiptId,
      randomUUID(),
      HUB.karawang,
      HUB.cikarang,
      USER_ID.cikarang,
      USER_ID.tower,
    ],
  );
});

/** Opens a hub screen and waits until everything that waits for data has drawn it. */
async function loaded(page: Page, path: string, card: Locator): Promise<Shift[]> {
  await page.goto(appUrl(path));
  await card.waitFor();
  // Today's queue wait is drawn once the floor is read (a placeholder until then).
  await page.getByTestId('avg-queue-value').waitFor();
  await page.getByTestId('hub-discrepancies').waitFor();
  return shiftsSoFar(page);
}

interface Start {
  name: string;
  user: 'karawang' | 'cikarang';
  viewport: { width: number; height: number };
  path: string;
  /** The test's own truck or shipment on that screen. */
  card: (page: Page) => Locator;
}

const STARTS: Start[] = [
  ...(
    [
      ['landscape, 1280x800', TABLET_LANDSCAPE],
      ['portrait, 800x1280', TABLET_PORTRAIT],
    ] as const
  ).map(([orientation, viewport]) => ({
    name: `Karawang's Siap Muat, ${orientation}`,
    user: 'karawang' as const,
    viewport,
    path: '/hub-karawang/ready',
    card: (page: Page) => page.getByTestId('vehicle-card').filter({ hasText: queued.plate }),
  })),
  {
    name: "Cikarang's OTW, portrait",
    user: 'cikarang',
    viewport: TABLET_PORTRAIT,
    path: '/hub-cikarang/otw',
    card: (page) => page.getByTestId('shipment-card').filter({ hasText: inbound.batch }),
  },
];

describe("a hub tablet's screen holds its layout while its data arrives", () => {
  for (const start of STARTS) {
    it(`${start.name}: a cold start shifts less than ${HELD_CLS}`, async () => {
      const { context, page } = await tablet(browser(), start.user, start.viewport);
      try {
        // This device has drawn the screen before (the held height of what stands above the tabs).
        await loaded(page, start.path, start.card(page));
        await page.addInitScript(recordShifts);
        const shifts = await loaded(page, start.path, start.card(page));
        console.log(`${start.name}: layout shift ${totalShift(shifts).toFixed(4)}`);
        expect(totalShift(shifts), JSON.stringify(shifts)).toBeLessThan(HELD_CLS);
      } finally {
        await context.close();
      }
    });
  }
});
