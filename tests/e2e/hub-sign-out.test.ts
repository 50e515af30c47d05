// Architecture point 8 on the hub floor: signing out with a command that has
// not reached the server warns first; confirming wipes every local database.
import { beforeAll, describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from '../support/browser';
import * as hub from './hub-support';
import { HUB, TRUCK_VENDOR } from '../support/demo';

const browser = useBrowser();
let truck: { id: string; plate: string };

beforeAll(async () => {
  truck = await hub.makeVehicle({ hubId: HUB.karawang });
});

describe('signing out with unsynced work', () => {
  it('warns, then deletes every local database of the app', async () => {
    const { context, page } = await hub.tablet(browser(), 'karawang');
    await hub.openHub(page, '/hub-karawang/ready');
    const before = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));
    expect(before.some((name) => name.startsWith('dermaga'))).toBe(true);
    expect(before.some((name) => name.startsWith('rxdb-dexie-dermaga'))).toBe(true);

    await context.setOffline(true);
    await hub.waitOffline(page);
    await hub.queueVehicles(page, TRUCK_VENDOR.name, [truck.plate]);
    await hub.toast(page, '1 kendaraan berhasil ditambahkan ke antrian').waitFor();
    await hub.vehicleCard(page, truck.plate).getByTestId('pending-badge').waitFor();

    await page.getByTestId('sign-out').click();
    const warning = page.getByTestId('sign-out-warning');
    await warning.waitFor();
    await expect.poll(() => warning.textContent()).toContain('1 perubahan belum sampai ke server');
    await warning.getByRole('button', { name: 'Keluar dan hapus' }).click();
    await page.waitForURL(appUrl('/auth'));
    await page.locator('#email').waitFor();

    const left = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));
    expect(
      left.filter((name) => name.startsWith('dermaga') || name.startsWith('rxdb-dexie-dermaga')),
    ).toEqual([]);
    // The queued truck never reached the server.
    const [vehicle] = await hub.query('select ready, siap_muat from public.vehicles where id = $1', [
      truck.id,
    ]);
    expect(vehicle).toEqual({ ready: true, siap_muat: false });
    await context.close();
  });
});
