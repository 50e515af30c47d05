// Tablet first (issue 6): every hub tab and the hub's dialogs keep 44px touch
// targets and never scroll sideways, in landscape (1280x800) and portrait (800x1280).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TABLET_LANDSCAPE, TABLET_PORTRAIT, useBrowser } from '../support/browser';
import { choose, clickTab, makeVehicle, openHub, tablet, vehicleCard } from './hub-support';
import { HUB, SEA_VENDOR, TRUCK_VENDOR } from '../support/demo';

const browser = useBrowser();

/** Visible controls smaller than 44x44 px (toasts excepted), and sideways overflow. */
async function layoutProblems(page: Page): Promise<{ small: string[]; overflow: number }> {
  return page.evaluate(() => {
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(
      'button, a[href], input, select, textarea, [role=tab], [role=menuitem], [role=checkbox], [role=radio]',
    )) {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (rect.width === 0 || rect.height === 0 || style.visibility === 'hidden') continue;
      // Toasts are the library's (swipe to dismiss); aria-hidden is what a dialog covers and
      // the native select Radix keeps for form autofill.
      if (el.closest('[data-sonner-toast], [aria-hidden=true]')) continue;
      if (rect.height < 44 || rect.width < 44) {
        small.push(
          `${el.tagName.toLowerCase()} "${el.textContent?.trim() || el.getAttribute('aria-label')}" ${rect.width}x${rect.height}`,
        );
      }
    }
    return { small, overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth };
  });
}

async function expectTabletFriendly(page: Page, where: string): Promise<void> {
  const problems = await layoutProblems(page);
  expect(problems.small, where).toEqual([]);
  expect(problems.overflow, where).toBeLessThanOrEqual(0);
}

describe.each([
  ['landscape', TABLET_LANDSCAPE],
  ['portrait', TABLET_PORTRAIT],
])('on a %s tablet', (_name, viewport) => {
  it('the Cikarang tabs and dialogs', async () => {
    const { context, page } = await tablet(browser(), 'cikarang');
    await page.setViewportSize(viewport);
    await openHub(page, '/hub-cikarang/otw');
    for (const tab of ['OTW', 'Confirm Tiba', 'Sedang Bongkar', 'Siap Muat', 'Sedang Muat']) {
      await clickTab(page, tab);
      await page.waitForTimeout(200);
      await expectTabletFriendly(page, tab);
    }
    await page.getByRole('button', { name: 'Tambah ke Antrian' }).click();
    await choose(page, 'queue-vendor', TRUCK_VENDOR.name);
    await page.getByTestId('queue-vehicle-options').waitFor();
    await expectTabletFriendly(page, 'Tambah ke Antrian');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Tambah Kendaraan' }).click();
    await page.getByRole('radio', { name: 'Laut' }).waitFor();
    await expectTabletFriendly(page, 'Tambah Kendaraan');
    await context.close();
  });

  it('the PolJak shipment form', async () => {
    const fleet = await makeVehicle({
      hubId: HUB.poljak,
      sea: true,
      flags: { ready: false, sedang_muat: true },
    });
    const { context, page } = await tablet(browser(), 'poljak');
    await page.setViewportSize(viewport);
    await openHub(page, '/hub-poljak/loading');
    await vehicleCard(page, fleet.plate).getByRole('button', { name: 'Selesai Muat' }).click();
    await page.getByTestId('shipping-dialog').waitFor();
    await expectTabletFriendly(page, 'PolJak form');
    await page.getByTestId('shipping-dialog').getByRole('button', { name: 'Batal' }).click();
    await page.getByRole('button', { name: 'Tambah Armada Laut' }).click();
    await choose(page, 'fleet-vendor', SEA_VENDOR.name);
    await expectTabletFriendly(page, 'Tambah Armada Laut');
    await context.close();
  });
});
