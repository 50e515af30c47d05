// Issue 29 acceptance: tower control corrects the counts of a shipment on its
// way from its detail panel (In-Transit), with a reason: the origin warehouse's
// stock on Inventory and the dashboard's figures follow; voiding it returns its
// stock and it is no longer in transit. The reason shows in its history.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from '../support/browser';
import { seriousViolations } from './axe';
import { signedIn } from '../support/clients';
import { DEMO_USERS, HUB, WAREHOUSE } from '../support/demo';
import { eventually, ledgerStock, makeVehicle, query, tablet, tag, toast } from './hub-support';

const browser = useBrowser();

/** The number a figure or badge shows ('TV Stock: 100.270' is 100270; a minus sign is kept). */
const figure = (text: string | null) =>
  Number(/-?[\d.]+$/.exec((text ?? '').trim())?.[0]?.replace(/\./g, '') ?? NaN);

const serverStock = () => ledgerStock(WAREHOUSE.karawang);

/** Gudang Karawang's badges on Inventory Master. */
async function inventoryStock(page: Page): Promise<{ tv: number; bracket: number }> {
  const card = page.locator('[data-testid=warehouse-card][data-name="Gudang Karawang"]');
  return {
    tv: figure(await card.getByTestId('warehouse-tv').textContent()),
    bracket: figure(await card.getByTestId('warehouse-bracket').textContent()),
  };
}

/** The dashboard's In-Transit card and Karawang's hub card. */
async function dashboardFigures(page: Page) {
  const karawang = page.locator('[data-testid=hub-card]', { hasText: 'Karawang' }).first();
  return {
    inTransitTv: figure(await page.getByTestId('in-transit-tv').textContent()),
    inTransitBracket: figure(await page.getByTestId('in-transit-bracket').textContent()),
    karawangTv: figure(await karawang.getByTestId('hub-stock-tv').textContent()),
  };
}

describe('a tower correction of a shipment on its way', () => {
  it('changes the origin stock on Inventory and the dashboard; voiding it returns its stock', async () => {
    // A shipment of 10 TV and 5 brackets leaves Karawang (sent by the Karawang user's client).
    const karawangUser = await signedIn(DEMO_USERS.karawang);
    const { data: session } = await karawangUser.auth.getSession();
    const truck = await makeVehicle({ hubId: HUB.karawang });
    const shipmentId = randomUUID();
    const batch = `E2E-KOREKSI-${tag()}`;
    const { data, error } = await karawangUser.rpc('apply_commands', {
      commands: [
        {
          id: randomUUID(),
          type: 'create_shipment_darat',
          issued_at: new Date().toISOString(),
          actor: session.session!.user.id,
          payload: {
            hub_id: HUB.karawang,
            shipment_id: shipmentId,
            vehicle_id: truck.id,
            destination_warehouse_id: WAREHOUSE.cikarang,
            batch_number: batch,
            smartboard_quantity: 10,
            bracket_quantity: 5,
            inventory_id: randomUUID(),
            image_count: 0,
          },
        },
      ],
    });
    expect(error).toBeNull();
    expect((data as { results: { outcome: string }[] }).results[0]!.outcome).toBe('applied');
    await karawangUser.auth.signOut();
    const stock = await serverStock();

    const { page } = await tablet(browser(), 'tower');
    // Synced: Inventory shows the server's stock, shipment included; then the dashboard's live figures.
    await page.goto(appUrl('/inventory'));
    await expect.poll(() => inventoryStock(page)).toEqual(stock);
    await page.goto(appUrl('/'));
    await page.locator('[data-testid=dashboard][data-ready=true]').waitFor();
    const before = await dashboardFigures(page);

    // Koreksi Jumlah from the detail panel: 10 -> 4 TV, 5 brackets kept.
    await page.goto(appUrl(`/in-transit-detail?open=${shipmentId}`));
    const detail = page.getByTestId('shipment-detail');
    await detail.getByRole('button', { name: 'Koreksi Jumlah' }).click();
    const dialog = page.getByTestId('correct-counts-dialog');
    await dialog.waitFor();
    await dialog.locator('#correct-smartboard').fill('4');
    // No reason: refused under the field.
    await dialog.getByRole('button', { name: 'Simpan Koreksi' }).click();
    await dialog.getByTestId('error-correct-reason').filter({ hasText: 'Alasan harus diisi.' }).waitFor();
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
    await dialog.locator('#correct-reason').fill('Salah hitung saat muat');
    await dialog.getByRole('button', { name: 'Simpan Koreksi' }).click();
    await toast(page, 'Jumlah shipment berhasil dikoreksi').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => detail.textContent()).toContain('4 TV · 5 Bracket');

    // The server's ledger: 6 TV back at Karawang.
    await eventually(async () => ((await serverStock()).tv === stock.tv + 6 ? true : undefined));
    // Its history says who and why (read from the server).
    await detail.getByTestId('history-reason').filter({ hasText: 'Salah hitung saat muat' }).waitFor();

    await page.goto(appUrl('/inventory'));
    await expect.poll(() => inventoryStock(page)).toEqual({ tv: stock.tv + 6, bracket: stock.bracket });
    await page.goto(appUrl('/'));
    await page.locator('[data-testid=dashboard][data-ready=true]').waitFor();
    await expect
      .poll(() => dashboardFigures(page))
      .toEqual({
        inTransitTv: before.inTransitTv - 6,
        inTransitBracket: before.inTransitBracket,
        karawangTv: before.karawangTv + 6,
      });

    // Batalkan Shipment: its 4 TV and 5 brackets return; it is no longer in transit.
    await page.goto(appUrl(`/in-transit-detail?open=${shipmentId}`));
    await detail.getByRole('button', { name: 'Batalkan Shipment' }).click();
    const voiding = page.getByTestId('void-shipment-dialog');
    await voiding.locator('#void-reason').fill('Dikirim karena salah input');
    await voiding.getByRole('button', { name: 'Batalkan Shipment' }).click();
    await toast(page, 'Shipment berhasil dibatalkan').waitFor();
    await eventually(async () => ((await serverStock()).tv === stock.tv + 10 ? true : undefined));
    expect(await serverStock()).toEqual({ tv: stock.tv + 10, bracket: stock.bracket + 5 });
    const [voided] = await query('select status, selesai_bongkar from public.shipments where id = $1', [
      shipmentId,
    ]);
    expect(voided).toEqual({ status: 'dibatalkan', selesai_bongkar: true });

    await page.goto(appUrl('/inventory'));
    await expect.poll(() => inventoryStock(page)).toEqual({ tv: stock.tv + 10, bracket: stock.bracket + 5 });
    await page.goto(appUrl('/'));
    await page.locator('[data-testid=dashboard][data-ready=true]').waitFor();
    await expect
      .poll(() => dashboardFigures(page))
      .toEqual({
        inTransitTv: before.inTransitTv - 10,
        inTransitBracket: before.inTransitBracket - 5,
        karawangTv: before.karawangTv + 10,
      });
  });
});
