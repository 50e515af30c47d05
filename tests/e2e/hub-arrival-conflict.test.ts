// Issue 6 acceptance: two Cikarang tablets, both offline, both confirm the same
// arrival. After reconnecting, the later one is told who confirmed it first and
// both show the server's state.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import * as hub from './hub-support';
import { DEMO_USERS } from '../support/demo';

const browser = useBrowser();
const shipmentId = randomUUID();
const batch = `E2E-CNF-${hub.tag()}`;

beforeAll(async () => {
  await hub.makeOtwShipment({ id: shipmentId, batch }, { smartboard: 5, bracket: 5 });
});

async function confirmOffline(page: Page): Promise<void> {
  const card = hub.shipmentCard(page, batch);
  await card.getByRole('button', { name: 'Confirm Tiba' }).click();
  await hub.toast(page, 'Kedatangan berhasil dikonfirmasi').waitFor();
  await card.waitFor({ state: 'detached' });
  await hub.clickTab(page, 'Confirm Tiba');
  await hub.shipmentCard(page, batch).getByTestId('pending-badge').waitFor();
}

describe('two tablets confirm the same arrival offline', () => {
  it('the first to sync wins; the other is told, and both converge', async () => {
    const a = await hub.tablet(browser(), 'cikarang');
    const b = await hub.tablet(browser(), 'cikarang');
    for (const t of [a, b]) {
      await hub.openHub(t.page, '/hub-cikarang/otw');
      await hub.shipmentCard(t.page, batch).waitFor();
      await t.context.setOffline(true);
      await hub.waitOffline(t.page);
    }
    await confirmOffline(a.page);
    await confirmOffline(b.page);

    await a.context.setOffline(false);
    await hub.waitSynced(a.page);
    const [afterA] = await hub.query<{ status: string; arrival_gdt: Date }>(
      'select status, arrival_gdt from public.shipments where id = $1',
      [shipmentId],
    );
    expect(afterA!.status).toBe('confirm_tiba');

    await b.context.setOffline(false);
    const message = `Kedatangan sudah dikonfirmasi oleh ${DEMO_USERS.cikarang}`;
    await b.page.locator('[data-sonner-toast]', { hasText: message }).waitFor({ timeout: 60_000 });
    await b.page.getByTestId('rejections-alert').filter({ hasText: message }).waitFor();
    await hub.waitSynced(b.page);
    await expect.poll(() => a.page.getByTestId('rejections-alert').count()).toBe(0);

    // Both show the server's state: arrived, not pending, the same arrival time.
    // The pending marker goes with the rejection; the server's arrival time follows
    // with the pull in the same round, so the cards are polled until they agree.
    const shownOn = async (page: typeof a.page) => {
      const card = hub.shipmentCard(page, batch);
      await page.locator(`[data-testid=shipment-card][data-batch="${batch}"][data-pending=false]`).waitFor();
      return {
        status: await card.getAttribute('data-status'),
        pending: await card.getByTestId('pending-badge').count(),
        arrival: await card.getByTestId('date-tiba').textContent(),
      };
    };
    const onA = await shownOn(a.page);
    expect(onA).toEqual({ status: 'confirm_tiba', pending: 0, arrival: expect.any(String) });
    await expect.poll(() => shownOn(b.page)).toEqual(onA);
    const [server] = await hub.query<{ status: string; arrival_gdt: Date }>(
      'select status, arrival_gdt from public.shipments where id = $1',
      [shipmentId],
    );
    expect(server!.arrival_gdt.getTime()).toBe(afterA!.arrival_gdt.getTime());
    await a.context.close();
    await b.context.close();
  });
});
