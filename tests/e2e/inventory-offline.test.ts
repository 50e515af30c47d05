// Issue 11 (part): Inventory Master on a tablet with no signal. admin@demo.local,
// offline, opens Tambah Data Inventory, is told the spec's messages for a blank
// warehouse name and an empty warehouse choice, adds a warehouse from inside
// the dialog (it stays open, the new warehouse is chosen), then books stock into
// Gudang Karawang with a day picked in the calendar; online again, the server
// has both rows (date yyyy-MM-dd, null location) and the cards show the totals.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from '../support/browser';
import { choose, eventually, query, tablet, tag, toast, waitOffline, waitSynced } from './hub-support';
import { HUB, WAREHOUSE } from '../support/demo';

const browser = useBrowser();

describe('Inventory Master offline', () => {
  it('adds a warehouse and stock with a calendar date while offline; the server has them after sync', async () => {
    const { context, page } = await tablet(browser(), 'admin');
    await page.goto(appUrl('/inventory'));
    await page.locator('[data-testid=inventory-page][data-ready=true]').waitFor();
    const karawangCard = page.locator('[data-testid=warehouse-card][data-name="Gudang Karawang"]');
    await karawangCard.waitFor();
    const tvBefore = Number(
      (await karawangCard.getByTestId('warehouse-tv').textContent())!.replace(/\D/g, ''),
    );

    await context.setOffline(true);
    await waitOffline(page);
    await page.getByRole('button', { name: 'Tambah Inventory' }).click();
    const dialog = page.getByTestId('add-inventory-dialog');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect
      .poll(() => dialog.getByTestId('error-inventory-warehouse').textContent())
      .toBe('Pilih gudang');

    await dialog.getByRole('button', { name: 'Tambah Gudang Baru' }).click();
    const add = page.getByTestId('add-warehouse-dialog');
    await add.getByRole('button', { name: 'Tambah Gudang' }).click();
    await expect
      .poll(() => add.getByTestId('error-warehouse-name').textContent())
      .toBe('Nama gudang harus diisi');
    const name = `Gudang Uji ${tag()}`;
    await add.getByLabel('Nama Gudang').fill(`  ${name}  `);
    await add.getByRole('button', { name: 'Tambah Gudang' }).click();
    await toast(page, 'Gudang berhasil ditambahkan').waitFor();
    // It stays open with an empty form; the parent has the new warehouse chosen.
    await expect.poll(() => add.getByLabel('Nama Gudang').inputValue()).toBe('');
    await add.getByRole('button', { name: 'Batal' }).click();
    await add.waitFor({ state: 'detached' });
    await expect.poll(() => dialog.locator('#inventory-warehouse').textContent()).toContain(name);

    await choose(page, 'inventory-warehouse', /^Gudang Karawang/);
    await dialog.getByTestId('inventory-date-trigger').click();
    const calendar = page.getByTestId('inventory-date-calendar');
    await calendar.getByRole('button', { name: /15/ }).first().click();
    const shown = await dialog.getByTestId('inventory-date-trigger').textContent();
    expect(shown).toMatch(/^15\/\d{2}\/\d{4}$/);
    const [dd, mm, yyyy] = shown!.split('/');
    await dialog.getByLabel('Jumlah Smartboard').fill('7');
    await dialog.getByLabel('Jumlah Bracket').fill(''); // empty parses to 0 (spec 5)
    const batch = `INV-${tag()}`;
    await dialog.getByLabel('Nomor Batch (Opsional)').fill(batch);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.waitFor({ state: 'detached' });
    await toast(page, 'Inventory berhasil ditambahkan').waitFor();
    await expect
      .poll(async () =>
        Number((await karawangCard.getByTestId('warehouse-tv').textContent())!.replace(/\D/g, '')),
      )
      .toBe(tvBefore + 7);

    await context.setOffline(false);
    await waitSynced(page);
    const [warehouse] = await eventually(async () => {
      const rows = await query<{ name: string; location: string | null }>(
        'select name, location from public.warehouses where name = $1',
        [name],
      );
      return rows.length ? rows : undefined;
    });
    expect(warehouse).toEqual({ name, location: null });
    const [stock] = await eventually(async () => {
      const rows = await query<{
        warehouse_id: string;
        date: string;
        smartboard_quantity: number;
        bracket_quantity: number;
      }>(
        `select warehouse_id, date_recorded::text as date, smartboard_quantity, bracket_quantity
         from public.inventory where batch_number = $1`,
        [batch],
      );
      return rows.length ? rows : undefined;
    });
    expect(stock).toEqual({
      warehouse_id: WAREHOUSE.karawang,
      date: `${yyyy}-${mm}-${dd}`,
      smartboard_quantity: 7,
      bracket_quantity: 0,
    });
    await context.close();
  });

  it("offers a hub user outside Karawang its own hub's warehouse, never one the server refuses, and books there", async () => {
    // A warehouse of the test's own at Cikarang (other files count Gudang Cikarang's stock, and pick
    // it by /Gudang Cikarang/: its name must not match).
    const own = { id: randomUUID(), name: `Rak Uji ${tag()}` };
    await query('insert into public.warehouses (id, name, hub_id) values ($1, $2, $3)', [
      own.id,
      own.name,
      HUB.cikarang,
    ]);
    const { context, page } = await tablet(browser(), 'cikarang');
    await page.goto(appUrl('/inventory'));
    await page.locator('[data-testid=inventory-page][data-ready=true]').waitFor();
    await page.getByRole('button', { name: 'Tambah Inventory' }).click();
    const dialog = page.getByTestId('add-inventory-dialog');
    await page.getByTestId('inventory-warehouse').click();
    await page.getByRole('option', { name: own.name }).waitFor();
    await page.getByRole('option', { name: /^Gudang Cikarang( \(.*\))?$/ }).waitFor();
    // Gudang Karawang would be refused ("Anda tidak memiliki izin untuk gudang ini."): not offered.
    expect(await page.getByRole('option', { name: /^Gudang Karawang/ }).count()).toBe(0);
    await page.getByRole('option', { name: own.name }).click();
    await dialog.getByLabel('Jumlah Smartboard').fill('3');
    const batch = `INV-${tag()}`;
    await dialog.getByLabel('Nomor Batch (Opsional)').fill(batch);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.waitFor({ state: 'detached' });
    await toast(page, 'Inventory berhasil ditambahkan').waitFor();
    await waitSynced(page);
    const [stock] = await eventually(async () => {
      const rows = await query<{ warehouse_id: string; smartboard_quantity: number }>(
        'select warehouse_id, smartboard_quantity from public.inventory where batch_number = $1',
        [batch],
      );
      return rows.length ? rows : undefined;
    });
    expect(stock).toEqual({ warehouse_id: own.id, smartboard_quantity: 3 });
    await context.close();
  });
});
