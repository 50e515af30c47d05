// Issue 41, queueing without dead ends: Tambah ke Antrian with no truck to offer for what was
// typed (the plate of a truck not registered yet) registers it and queues it in one go, and
// its buttons say which is which: the toolbar's Tambah Kendaraan registers a vehicle, the
// dialog's own button queues (Masukkan ke Antrian).
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { HUB, TRUCK_VENDOR } from '../support/demo';
import { seriousViolations } from './axe';
import { choose, eventually, openHub, query, tablet, tag, toast } from './hub-support';

const browser = useBrowser();

describe('Tambah ke Antrian with nothing to offer', () => {
  it('registers the truck typed and queues it in one go', async () => {
    const plate = `E2E Q${tag()}`;
    const { context, page } = await tablet(browser(), 'karawang');
    try {
      await openHub(page, '/hub-karawang/ready');
      await page.getByRole('button', { name: 'Tambah ke Antrian' }).click();
      const dialog = page.getByTestId('add-to-queue-dialog');
      await dialog.waitFor();
      // Its own button queues; it does not say what the toolbar's register button says.
      await expect.poll(() => dialog.getByTestId('queue-submit').textContent()).toBe('Masukkan ke Antrian');
      await dialog.getByTestId('queue-search').fill(plate);
      // Nothing to tick: none ready here at all, or none matching the plate typed.
      await dialog
        .getByText(/^Tidak ada kendaraan yang (siap untuk antrian di Hub Karawang|cocok dengan pencarian)\.$/)
        .waitFor();
      expect(await dialog.locator('label[data-plate]').count()).toBe(0);

      // The way on: register the truck typed, here.
      await dialog.getByRole('button', { name: 'Daftarkan kendaraan baru' }).click();
      const register = page.getByTestId('add-vehicle-dialog');
      await register.getByRole('heading', { name: 'Daftarkan Kendaraan Baru' }).waitFor();
      await expect.poll(() => register.locator('#vehicle-plate').inputValue()).toBe(plate);
      await choose(page, 'vehicle-vendor', TRUCK_VENDOR.name);
      await register.locator('#vehicle-driver').fill('Sopir Antri');
      expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
      await register.getByRole('button', { name: 'Daftarkan & Masukkan Antrian' }).click();

      // Both dialogs close; the truck is in Siap Muat, with Urungkan on offer.
      await register.waitFor({ state: 'detached' });
      await dialog.waitFor({ state: 'detached' });
      await page.locator(`[data-testid=ready-list] [data-plate="${plate}"]`).waitFor();
      await toast(page, '1 kendaraan berhasil ditambahkan ke antrian')
        .getByRole('button', { name: 'Urungkan' })
        .waitFor();
      const row = await eventually(async () => {
        const [v] = await query<{ siap_muat: boolean; ready: boolean; current_hub_id: string; driver_name: string }>(
          'select siap_muat, ready, current_hub_id, driver_name from public.vehicles where license_plate = $1',
          [plate],
        );
        return v?.siap_muat ? v : undefined;
      });
      expect(row).toEqual({ siap_muat: true, ready: false, current_hub_id: HUB.karawang, driver_name: 'Sopir Antri' });
    } finally {
      await context.close();
    }
  });
});
