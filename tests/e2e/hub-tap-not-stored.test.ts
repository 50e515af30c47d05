// Issue 14, P3: Proses Muat shows Sedang Muat with the vehicle within the tap, before the
// command is stored. When the device then cannot store it (IndexedDB full), the tap is taken
// back: the error toast, Siap Muat again with the vehicle in it, and nothing queued.
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { query, queuedAtKarawang, toast, vehicleCard } from './hub-support';

const browser = useBrowser();

/** From here on, every write to the engine's outbox is refused as a full disk would refuse it. */
function refuseOutboxWrites() {
  const w = window as unknown as { __moved: string[] };
  w.__moved = [];
  for (const method of ['add', 'put'] as const) {
    const original = IDBObjectStore.prototype[method];
    IDBObjectStore.prototype[method] = function (this: IDBObjectStore, ...args: unknown[]) {
      if (this.name === 'outbox')
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return (original as (...a: unknown[]) => IDBRequest).apply(this, args);
    } as never;
  }
  // Which queue tab shows the vehicle's card, each time that changes.
  new MutationObserver(() => {
    const card = document.querySelector('[data-testid=vehicle-card][data-moving]');
    const where = card?.closest('[hidden]')
      ? 'hidden'
      : (card?.closest('ul')?.getAttribute('data-testid') ?? 'none');
    if (w.__moved.at(-1) !== where) w.__moved.push(where);
  }).observe(document, { subtree: true, childList: true, attributes: true });
}

describe('a tap the device cannot store', () => {
  it('shows Sedang Muat at once, then takes it back: Siap Muat, the error, nothing queued', async () => {
    const { truck, context, page, queued } = await queuedAtKarawang(browser());
    try {
      // Marked, so the observer follows this card wherever it is drawn.
      await page.evaluate((plate) => {
        const mark = () =>
          document
            .querySelectorAll(`[data-testid=vehicle-card][data-plate="${plate}"]`)
            .forEach((card) => card.setAttribute('data-moving', ''));
        mark();
        new MutationObserver(mark).observe(document, { subtree: true, childList: true });
      }, truck.plate);
      await page.evaluate(refuseOutboxWrites);

      await queued.getByRole('button', { name: 'Proses Muat' }).click();
      await toast(page, 'Failed to update vehicle status').waitFor();
      // The toasts live in a React root of their own, outside the app's (docs/performance.md, P3).
      expect(await page.locator('body > [data-slot=toaster] [data-sonner-toast]').count()).toBeGreaterThan(0);
      expect(await page.locator('#root [data-sonner-toast]').count()).toBe(0);
      await page.waitForURL(/\/hub-karawang\/ready$/);
      await expect.poll(() => queued.isVisible()).toBe(true);
      await expect.poll(() => vehicleCard(page, truck.plate).getByTestId('vehicle-badge').textContent()).toBe(
        'Siap Muat',
      );
      await expect.poll(() => page.locator(`[data-testid=loading-list] [data-plate="${truck.plate}"]`).count()).toBe(0);

      // It was in Sedang Muat, on screen, before it came back.
      const moved = await page.evaluate(() => (window as unknown as { __moved: string[] }).__moved);
      expect(moved).toContain('loading-list');
      expect(moved.at(-1)).toBe('ready-list');
      // Nothing queued on the device, nothing changed on the server.
      await expect.poll(() => page.getByTestId('pending-badge').count()).toBe(0);
      const [row] = await query('select siap_muat, sedang_muat from public.vehicles where id = $1', [
        truck.id,
      ]);
      expect(row).toEqual({ siap_muat: true, sedang_muat: false });
    } finally {
      await context.close();
    }
  });
});
