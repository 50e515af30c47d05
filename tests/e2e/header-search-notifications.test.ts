// Issue 10: the header's search finds a shipment by its batch and opens it,
// and a vehicle by its plate; the notification badge counts this user's
// refused actions and opens them (spec 2.9's inert box and fixed "3", made real).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../support/clients';
import { appUrl, useBrowser } from '../support/browser';
import { makeVehicle, query, tablet, tag, waitOffline, waitSynced } from './hub-support';
import { DEMO_USERS, HUB } from '../support/demo';

const browser = useBrowser();

describe('header', () => {
  it('search finds a shipment by batch and opens its detail; a truck by its plate', async () => {
    const { context, page } = await tablet(browser(), 'admin');
    const [s] = await query<{ batch_number: string }>(
      `select batch_number from public.shipments where not selesai_bongkar and status = 'otw_cikarang' order by created_at limit 1`,
    );
    await page.getByTestId('global-search').fill(s!.batch_number.toLowerCase());
    await page.getByTestId('search-hit').filter({ hasText: s!.batch_number }).first().click();
    await page.getByTestId('shipment-detail').waitFor();
    await expect.poll(() => page.getByTestId('shipment-detail').textContent()).toContain(s!.batch_number);
    // Its own history, read from the server (admin and tower control): entries or the empty text, no failure.
    const history = page.getByTestId('shipment-history');
    await expect
      .poll(async () => (await history.getByTestId('history-entry').count()) > 0 || (await history.textContent())?.includes('Belum ada riwayat'))
      .toBe(true);
    await expect.poll(() => history.textContent()).not.toContain('Gagal memuat riwayat');
    await page.keyboard.press('Escape');

    const truck = await makeVehicle({ hubId: HUB.karawang });
    await expect
      .poll(async () => {
        await page.getByTestId('global-search').fill(truck.plate);
        return page.getByTestId('search-hit').filter({ hasText: truck.plate }).count();
      })
      .toBeGreaterThan(0);
    await context.close();
  });

  it('the badge counts a refused action and opens it', async () => {
    const vessel = await makeVehicle({ hubId: HUB.poljak, sea: true, flags: { ready: false } });
    const shipmentId = randomUUID();
    const batch = `E2E-BADGE-${tag()}`;
    await query(
      `insert into public.shipments (id, batch_number, vehicle_id, origin_hub_id, destination_hub_id, current_hub_id,
         smartboard_quantity, bracket_quantity, status, loading_date, selesai_bongkar)
       values ($1, $2, $3, $4, $5, $4, 5, 5, 'otw_podmakasar', now(), false)`,
      [shipmentId, batch, vessel.id, HUB.poljak, HUB.makassar],
    );
    const { context, page } = await tablet(browser(), 'makassar');
    await page.goto(appUrl('/pod'));
    const card = page.locator(`[data-testid=pod-shipment][data-batch="${batch}"]`);
    await card.waitFor();
    await expect.poll(() => page.getByTestId('notification-badge').getAttribute('data-count')).toBe('0');
    await context.setOffline(true);
    await waitOffline(page);
    await card.getByRole('button', { name: 'Confirm Tiba' }).click();
    // Meanwhile tower control confirms the same arrival from its desk.
    const tower = await signedIn(DEMO_USERS.tower);
    const { data: session } = await tower.auth.getSession();
    await tower.rpc('apply_commands', {
      commands: [
        {
          id: randomUUID(),
          type: 'pod_confirm_arrival',
          payload: { shipment_id: shipmentId },
          issued_at: new Date().toISOString(),
          actor: session.session!.user.id,
        },
      ],
    });
    await context.setOffline(false);
    await waitSynced(page);
    await expect.poll(() => page.getByTestId('notification-badge').getAttribute('data-count')).toBe('1');
    await page.getByTestId('notification-badge').click();
    await expect.poll(() => page.getByTestId('notifications').textContent()).toContain(DEMO_USERS.tower);
    await context.close();
  });
});
