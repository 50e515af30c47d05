// Issue 41: nothing empty leaves. Karawang's shipping form with 0 TV and 0 bracket is refused
// on the device (the message under Jumlah Smartboard, no summary, nothing sent); with one
// bracket the summary comes, and says which photos are missing; sent, the server holds the one
// shipment of that batch, one bracket (so the empty one never left the device).
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { HUB } from '../support/demo';
import { seriousViolations } from './axe';
import { choose, eventually, makeVehicle, openHub, query, tablet, tag, toast, vehicleCard } from './hub-support';

const browser = useBrowser();

const EMPTY = 'Pengiriman kosong: isi Jumlah Smartboard atau Jumlah Bracket, minimal 1.';

describe('a truck sent empty', () => {
  it('is refused by the form; with one bracket the summary says the photos are missing, and it goes', async () => {
    const truck = await makeVehicle({ hubId: HUB.karawang, flags: { ready: false, sedang_muat: true } });
    const batch = `E2E-EMPTY-${tag()}`;
    const { context, page } = await tablet(browser(), 'karawang');
    try {
      await openHub(page, '/hub-karawang/loading');
      await vehicleCard(page, truck.plate).getByRole('button', { name: 'Selesai Muat' }).click();
      const form = page.getByTestId('shipping-dialog');
      await form.waitFor();
      await choose(page, 'darat-destination', /Gudang Cikarang/);
      await form.locator('#darat-batch').fill(batch);
      // 0 and 0 as the form opens, no photo.
      expect(await form.locator('#darat-smartboard').inputValue()).toBe('0');
      expect(await form.locator('#darat-bracket').inputValue()).toBe('0');
      await form.getByTestId('shipping-submit').click();
      await form.getByTestId('error-darat-smartboard').filter({ hasText: EMPTY }).waitFor();
      expect(await form.getByTestId('shipping-summary').count()).toBe(0);
      expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

      await form.locator('#darat-bracket').fill('1');
      await form.getByTestId('shipping-submit').click();
      const summary = form.getByTestId('shipping-summary');
      await summary.filter({ hasText: batch }).waitFor();
      await expect
        .poll(() => summary.getByTestId('summary-missing').textContent())
        .toBe('Belum ada: Delivery record, BAST');
      expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
      await form.getByRole('button', { name: 'Ya, Kirim' }).click();
      await toast(page, 'Shipping record created successfully. Vehicle status updated.').waitFor();

      const sent = await eventually(async () => {
        const rows = await query<{ smartboard_quantity: number; bracket_quantity: number }>(
          'select smartboard_quantity, bracket_quantity from public.shipments where batch_number = $1',
          [batch],
        );
        return rows.length ? rows : undefined;
      });
      expect(sent).toEqual([{ smartboard_quantity: 0, bracket_quantity: 1 }]);
      // The device never sent the empty one: no command of this truck was refused.
      const refused = await query(
        `select id from public.commands where type = 'create_shipment_darat' and outcome = 'rejected'
           and payload ->> 'vehicle_id' = $1`,
        [truck.id],
      );
      expect(refused).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
