// A form dialog longer than a phone's screen keeps its buttons in view (FormDialog's footer
// sticks to the dialog's foot): on a 390x844 phone Tambah ke Antrian's Masukkan ke Antrian sat
// about 240 px down the dialog's own scroll, below the list of trucks. Whatever the dialog is
// scrolled to, the buttons are on screen and uncovered, and the form's last field can still be
// scrolled clear of them.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { TRUCK_VENDOR } from '../support/demo';
import { choose, openHub, tablet } from './hub-support';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

/** Whether the element is wholly on screen and is what a tap at its centre lands on. */
function tappable(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const onScreen = box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return onScreen && !!hit && el.contains(hit);
  });
}

async function scrollDialog(page: Page, dialog: Locator, to: 'top' | 'bottom'): Promise<void> {
  await dialog.evaluate((el, end) => el.scrollTo({ top: end === 'top' ? 0 : el.scrollHeight }), to);
  await page.waitForFunction(
    ({ end }) => {
      const el = document.querySelector<HTMLElement>('[data-testid=add-to-queue-dialog]')!;
      return end === 'top' ? el.scrollTop === 0 : el.scrollTop + el.clientHeight >= el.scrollHeight - 1;
    },
    { end: to },
  );
}

describe('a long form dialog on a phone', () => {
  it('Tambah ke Antrian: Batal and Masukkan ke Antrian in view and uncovered at both ends of its scroll, its last control clear of them', async () => {
    const { context, page } = await tablet(browser(), 'cikarang', PHONE);
    try {
      await openHub(page, '/hub-cikarang/ready');
      await page.getByRole('button', { name: 'Tambah ke Antrian' }).click();
      const dialog = page.getByTestId('add-to-queue-dialog');
      await choose(page, 'queue-vendor', TRUCK_VENDOR.name);
      await dialog.getByTestId('queue-vehicle-options').waitFor();
      // The case in point: the dialog is taller than the screen and scrolls.
      expect(await dialog.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
      const submit = dialog.getByTestId('queue-submit');
      const cancel = dialog.getByRole('button', { name: 'Batal' });

      for (const end of ['top', 'bottom'] as const) {
        await scrollDialog(page, dialog, end);
        expect({ end, submit: await tappable(submit), cancel: await tappable(cancel) }).toEqual({
          end,
          submit: true,
          cancel: true,
        });
      }
      // Scrolled to its end, what lies last above the footer (registering a new truck) clears it.
      expect(await tappable(dialog.getByTestId('queue-register'))).toBe(true);
    } finally {
      await context.close();
    }
  });
});
