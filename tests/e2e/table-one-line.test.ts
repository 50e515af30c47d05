// A table's batch numbers and dates stay whole (read by eye in `npm run screenshots`): on
// In-Transit, at a desk and on a portrait tablet, 'POLJAK-1796023519509' broke after its hyphen
// and '03 Des 2026 00:01 WIB' lost its WIB to a second line, while the table could scroll
// sideways. A column marked oneLine (src/components/data-table.tsx) keeps its cells on one line
// in the table; the phone's cards still wrap.
import { randomUUID } from 'node:crypto';
import type { Browser, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, TABLET_PORTRAIT, useBrowser } from '../support/browser';
import { makeOtwShipment, tablet, tag } from './hub-support';

const browser = useBrowser();

/** How many lines each of the row's cells shows, by column header: its seen text's line boxes. */
function linesByColumn(row: Locator) {
  return row.evaluate((tr) =>
    Object.fromEntries(
      [...tr.querySelectorAll('td')].map((td) => {
        const tops = new Set<number>();
        const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          // Text for screen readers only (sr-only: absolute, 1 px) is never seen.
          if (!node.textContent?.trim() || getComputedStyle(node.parentElement!).position === 'absolute')
            continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
        }
        return [td.getAttribute('data-label') ?? '', tops.size];
      }),
    ),
  );
}

describe('a table keeps a batch number and a date on one line', () => {
  it('In-Transit on a portrait tablet: the batch, the ETA and the loading date of a row of its own', async () => {
    const shipment = { id: randomUUID(), batch: `E2E-ONE-LINE-${tag()}` };
    await makeOtwShipment(shipment);
    const { context, page } = await tablet(browser() as Browser, 'admin', TABLET_PORTRAIT);
    try {
      await page.goto(appUrl(`/in-transit-detail?q=${encodeURIComponent(shipment.batch)}`));
      const row = page.getByTestId('in-transit-table-row').filter({ hasText: shipment.batch });
      await row.waitFor();
      const lines = await linesByColumn(row);
      expect({ batch: lines.Batch, eta: lines.ETA, loading: lines['Tanggal muat'] }).toEqual({
        batch: 1,
        eta: 1,
        loading: 1,
      });
      // The route still wraps where it must, and the page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
