// Issue 30: the thresholds of Perlu perhatian are set in Settings by an admin, for every
// device. A truck queued 45 minutes ago at Karawang is not on the board under a two-hour
// wait; once the admin gives Karawang 30 minutes in Settings it is, on the admin's board and
// on tower control's (another device, through the server). The thresholds as found are put
// back afterwards.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from '../support/browser';
import { HUB } from '../support/demo';
import { seriousViolations } from './axe';
import { makeVehicle, query, tablet } from './hub-support';

const browser = useBrowser();
let saved: unknown;

beforeAll(async () => {
  saved = (await query<{ value: unknown }>(`select value from public.app_settings where key = 'attention'`))[0]?.value;
  // A known start: a two-hour wait everywhere, nothing per hub.
  await query(
    `insert into public.app_settings (key, value) values ('attention', '{"waiting_minutes": 120, "waiting_by_hub": {}}')
     on conflict (key) do update set value = excluded.value`,
  );
});

afterAll(async () => {
  if (saved === undefined) await query(`delete from public.app_settings where key = 'attention'`);
  else await query(`update public.app_settings set value = $1 where key = 'attention'`, [saved]);
});

const truckOnBoard = (page: Page, id: string) =>
  page.locator(`[data-testid=attention-board] [data-testid=attention-item][data-kind=waiting_load][data-id="${id}"]`);

describe('Perlu perhatian: thresholds in Settings', () => {
  it("an admin's per-hub waiting time puts a truck on every device's board", async () => {
    const truck = await makeVehicle({ hubId: HUB.karawang, flags: { ready: false, siap_muat: true } });
    await query(`update public.vehicles set queued_at = now() - interval '45 minutes' where id = $1`, [truck.id]);

    const tower = await tablet(browser(), 'tower');
    await tower.page.goto(appUrl('/'));
    await tower.page.locator('[data-testid=attention-board][data-ready=true]').waitFor();
    await tower.page.locator(`[data-testid=attention-board]:has-text("2 jam")`).waitFor();
    expect(await truckOnBoard(tower.page, truck.id).count()).toBe(0);

    const { context, page } = await tablet(browser(), 'admin');
    await page.goto(appUrl('/settings'));
    const card = page.getByTestId('settings-attention');
    await expect.poll(() => card.getByTestId('attention-waiting').textContent()).toBe('2 jam');
    await card.getByRole('button', { name: 'Ubah batas waktu' }).click();
    const dialog = page.getByTestId('attention-settings-dialog');
    await dialog.getByLabel('Menunggu di Hub Karawang (menit)').fill('30');
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => card.getByTestId(`attention-hub-${HUB.karawang}`).textContent()).toBe('30 menit');
    const [row] = await query<{ s: { waiting_by_hub: Record<string, number> } }>('select public.attention_settings() as s');
    expect(row!.s.waiting_by_hub).toEqual({ [HUB.karawang]: 30 });

    // The admin's own board at once; tower control's once it reads the server again.
    await page.goto(appUrl('/'));
    await truckOnBoard(page, truck.id).waitFor();
    await expect
      .poll(
        async () => {
          const refresh = tower.page.getByRole('button', { name: 'Refresh Data' });
          if (await refresh.isEnabled()) await refresh.click();
          return truckOnBoard(tower.page, truck.id).count();
        },
        { timeout: 90_000, interval: 2_000 },
      )
      .toBe(1);
    await context.close();
    await tower.context.close();
  }, 240_000);
});
