// Issue 29 acceptance: a shipment above the origin's stock is refused on the
// device (the form's message under the field, nothing queued) and, sent
// directly as a hand-made command, by the server with a code and the same
// message; the form shows the stock and a summary before sending.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { seriousViolations } from './axe';
import { signedIn } from '../support/clients';
import { DEMO_USERS, HUB, WAREHOUSE } from '../support/demo';
import * as hub from './hub-support';

const browser = useBrowser();

/** Gudang Karawang's stock on the server (its live ledger rows). */
const karawangStock = () => hub.ledgerStock(WAREHOUSE.karawang);

const figure = (text: string | null) => Number((text ?? '').replace(/\./g, ''));
const MAX = 1_000_000;
const short = (available: number) =>
  `Stok Smartboard di Gudang Karawang tidak cukup: tersedia ${available}, diminta ${MAX}.`;

describe('a shipment above the origin stock', () => {
  it('is refused by the form, under the field, with nothing queued; then the server refuses it sent directly', async () => {
    const truck = await hub.makeVehicle({ hubId: HUB.karawang, flags: { ready: false, sedang_muat: true } });
    const batch = `E2E-STOK-${hub.tag()}`;
    const { page } = await hub.tablet(browser(), 'karawang');
    await hub.openHub(page, '/hub-karawang/loading');
    await hub.vehicleCard(page, truck.plate).getByRole('button', { name: 'Selesai Muat' }).click();
    const form = page.getByTestId('shipping-dialog');
    await form.waitFor();
    await hub.waitSynced(page);

    // The stock at the origin, as the server has it (this device has nothing pending).
    const stock = await karawangStock();
    const shown = form.getByTestId('origin-stock');
    await expect.poll(() => shown.getAttribute('data-ready')).toBe('true');
    await expect
      .poll(async () => figure(await shown.getByTestId('origin-stock-smartboard').textContent()))
      .toBe(stock.tv);
    await expect
      .poll(async () => figure(await shown.getByTestId('origin-stock-bracket').textContent()))
      .toBe(stock.bracket);

    await hub.choose(page, 'darat-destination', /Gudang Cikarang/);
    await form.locator('#darat-batch').fill(batch);
    await form.locator('#darat-smartboard').fill(String(MAX));
    await form.locator('#darat-bracket').fill('1');
    await form.getByTestId('shipping-submit').click();
    await form
      .getByTestId('error-darat-smartboard')
      .filter({ hasText: short(stock.tv) })
      .waitFor();
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
    // No summary, nothing sent: the form is still open, the device has nothing pending.
    expect(await form.getByTestId('shipping-summary').count()).toBe(0);
    await hub.waitSynced(page);

    // The same refusal, word for word, from the server for a command made by hand
    // (supabase-js, apply_commands), the stock unchanged.
    const deviceMessage = await form.getByTestId('error-darat-smartboard').textContent();
    expect(deviceMessage).toBe(short(stock.tv));
    const client = await signedIn(DEMO_USERS.karawang);
    const { data: session } = await client.auth.getSession();
    const other = await hub.makeVehicle({ hubId: HUB.karawang });
    const command = {
      id: randomUUID(),
      type: 'create_shipment_darat',
      issued_at: new Date().toISOString(),
      actor: session.session!.user.id,
      payload: {
        hub_id: HUB.karawang,
        shipment_id: randomUUID(),
        vehicle_id: other.id,
        destination_warehouse_id: WAREHOUSE.cikarang,
        batch_number: `E2E-STOK-${hub.tag()}`,
        smartboard_quantity: MAX,
        bracket_quantity: 0,
        inventory_id: randomUUID(),
        image_count: 0,
      },
    };
    const { data, error } = await client.rpc('apply_commands', { commands: [command] });
    expect(error).toBeNull();
    expect((data as { results: unknown[] }).results).toEqual([
      expect.objectContaining({
        id: command.id,
        outcome: 'rejected',
        code: 'precondition',
        message: deviceMessage,
      }),
    ]);
    expect(
      await hub.query('select id from public.shipments where id = $1', [command.payload.shipment_id]),
    ).toEqual([]);
    expect(await karawangStock()).toEqual(stock);
    await client.auth.signOut();

    // A fraction is refused with its own message, not cut.
    await form.locator('#darat-smartboard').fill('2.5');
    await form.getByTestId('shipping-submit').click();
    await form
      .getByTestId('error-darat-smartboard')
      .filter({ hasText: 'Jumlah harus bilangan bulat.' })
      .waitFor();

    // Within the stock: a summary first, then it goes.
    await form.locator('#darat-smartboard').fill('2');
    await form.getByTestId('shipping-submit').click();
    const summary = form.getByTestId('shipping-summary');
    await summary.filter({ hasText: batch }).waitFor();
    await expect.poll(() => summary.textContent()).toContain('Gudang Cikarang');
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
    await form.getByRole('button', { name: 'Ya, Kirim' }).click();
    await hub.toast(page, 'Shipping record created successfully. Vehicle status updated.').waitFor();
    const [sent] = await hub.eventually(async () => {
      const rows = await hub.query<{ smartboard_quantity: number; bracket_quantity: number }>(
        'select smartboard_quantity, bracket_quantity from public.shipments where batch_number = $1',
        [batch],
      );
      return rows.length ? rows : undefined;
    });
    expect(sent).toEqual({ smartboard_quantity: 2, bracket_quantity: 1 });
    expect(await karawangStock()).toEqual({ tv: stock.tv - 2, bracket: stock.bracket - 1 });
    // Only that one: the refused attempt never reached the server.
    const commands = await hub.query('select id from public.commands where payload ->> $1 = $2', [
      'batch_number',
      batch,
    ]);
    expect(commands).toHaveLength(1);
  });
});
