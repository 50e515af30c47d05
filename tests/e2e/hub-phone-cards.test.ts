// The hub screen on a phone (390x844), read by eye in `npm run screenshots`: a card's dock times
// ("Menunggu bongkar 1 hari 3 jam · Bongkar 2 jam (berjalan)") wrapped under their timer icon,
// and a long wait left the icon alone on a line above it; today's averages put Muat and Bongkar
// on a line below Antri, beside the title. Now the times wrap beside the icon, the icon on their
// first line, and the averages have the title on a line and their three figures side by side.
import { randomUUID } from 'node:crypto';
import type { Browser, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { makeOtwShipment, openHub, query, shipmentCard, tablet, tag } from './hub-support';

const browser = useBrowser();

/** Where the card's timer icon and each of its times lie (px, the page's). */
function dockTimes(times: Locator) {
  return times.evaluate((line) => {
    const icon = line.querySelector('svg')!.getBoundingClientRect();
    const items = [...line.querySelectorAll('[data-dock]')].map((item) => {
      const box = item.getBoundingClientRect();
      return { left: box.left, top: box.top, bottom: box.bottom, right: box.right };
    });
    return { icon: { left: icon.left, right: icon.right, middle: (icon.top + icon.bottom) / 2 }, items };
  });
}

describe('the hub screen on a phone (390x844)', () => {
  it("a card's dock times wrap beside their icon, and today's averages lie side by side", async () => {
    // A truck of the test's own at Cikarang: arrived 27 hours ago, unloading for 2.
    const shipment = { id: randomUUID(), batch: `E2E-DOCK-${tag()}` };
    await makeOtwShipment(shipment);
    await query(
      `update public.shipments set status = 'sedang_bongkar', current_hub_id = destination_hub_id,
              arrival_gdt = now() - interval '27 hours', unloading_started_at = now() - interval '2 hours'
       where id = $1`,
      [shipment.id],
    );

    const { context, page } = await tablet(browser() as Browser, 'cikarang', { width: 390, height: 844 });
    try {
      await openHub(page, '/hub-cikarang/unloading');
      // Today's averages: the title on its line, the three figures on the next, inside the box.
      const summary = await page.getByTestId('dock-time-summary').evaluate((box) => {
        const rect = (el: Element) => el.getBoundingClientRect();
        const title = rect(box.firstElementChild!);
        const figures = ['avg-queue', 'avg-loading', 'avg-unloading'].map((id) =>
          rect(box.querySelector(`[data-testid=${id}]`)!),
        );
        const outer = rect(box);
        return {
          tops: [...new Set(figures.map((f) => Math.round(f.top)))].length,
          belowTitle: figures.every((f) => f.top >= title.bottom),
          inside: figures.every((f) => f.left >= outer.left && f.right <= outer.right),
          pageScrollsSideways: document.documentElement.scrollWidth > window.innerWidth,
        };
      });
      expect(summary).toEqual({ tops: 1, belowTitle: true, inside: true, pageScrollsSideways: false });

      const times = shipmentCard(page, shipment.batch).getByTestId('dock-times');
      await times.waitFor();
      await expect.poll(async () => (await dockTimes(times)).items.length).toBe(2);
      const { icon, items } = await dockTimes(times);
      const [first, second] = items as [(typeof items)[0], (typeof items)[0]];
      // The two times do not fit on one line at 390 px: the second wraps.
      expect(second.top, 'the second time wraps').toBeGreaterThan(first.top);
      // The icon sits on the first time's line, and no time lies under it.
      expect(icon.middle, 'the icon on the first line').toBeGreaterThan(first.top);
      expect(icon.middle, 'the icon on the first line').toBeLessThan(first.bottom);
      expect(
        items.map((item) => item.left >= icon.right),
        'every time beside the icon',
      ).toEqual([true, true]);
      expect(second.left, 'the times start at one edge').toBe(first.left);
    } finally {
      await context.close();
    }
  });
});
