// Issue 26: the retention window of the devices' working set is set in Settings by an admin,
// for every device. Out of range, the form refuses it in the server's words before sending;
// a valid value is the server's at once. The window as found is put back afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from '../support/browser';
import { RETENTION_DAYS_MESSAGE } from '../../sync/domain/working-set';
import { seriousViolations } from './axe';
import { query, tablet } from './hub-support';

const browser = useBrowser();
let saved: unknown;

beforeAll(async () => {
  saved = (await query<{ value: unknown }>(`select value from public.app_settings where key = 'working_set'`))[0]?.value;
  await query(`delete from public.app_settings where key = 'working_set'`);
});

afterAll(async () => {
  if (saved === undefined) await query(`delete from public.app_settings where key = 'working_set'`);
  else
    await query(
      `insert into public.app_settings (key, value) values ('working_set', $1)
       on conflict (key) do update set value = excluded.value`,
      [saved],
    );
});

describe('Settings: Riwayat di perangkat', () => {
  it('an admin sets the retention window; out of range the form refuses it', async () => {
    const { context, page } = await tablet(browser(), 'admin');
    await page.goto(appUrl('/settings'));
    const card = page.getByTestId('settings-working-set');
    await expect.poll(() => card.getByTestId('working-set-days').textContent()).toBe('14 hari');
    await card.getByRole('button', { name: 'Ubah masa simpan' }).click();
    const dialog = page.getByTestId('working-set-dialog');
    const field = dialog.getByLabel('Simpan pengiriman selesai dan stok (hari)');

    await field.fill('400');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.getByText(RETENTION_DAYS_MESSAGE).waitFor();
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

    await field.fill('21');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => card.getByTestId('working-set-days').textContent()).toBe('21 hari');
    const [row] = await query<{ s: { retention_days: number } }>('select public.working_set_settings() as s');
    expect(row!.s).toEqual({ retention_days: 21 });
    await context.close();
  });
});
