// Issue 30 acceptance: "Perlu perhatian" for tower control. A shipment whose ETA has
// passed, a truck waiting to load past its hub's threshold and a hub device that has not
// synced (its last sync set back on the server) each appear on the dashboard's board and
// in the bell, and each leaves when handled: the shipment arrives, the truck is loaded,
// the device syncs again. Past each threshold as the server has it now (read first), so
// whatever an admin set does not matter.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from '../support/browser';
import { DEMO_USERS, HUB, WAREHOUSE } from '../support/demo';
import { seriousViolations } from './axe';
import { applyAs, eventually, makeVehicle, query, tablet, tag, waitFirstSync } from './hub-support';

const browser = useBrowser();

const onBoard = (page: Page, kind: string, id: string) =>
  page.locator(
    `[data-testid=attention-board] [data-testid=attention-item][data-kind=${kind}][data-id="${id}"]`,
  );

/** Present (1) or gone (0), polled: the board follows pulls, the server's reports and a clock. */
async function expectOnBoard(page: Page, kind: string, id: string, count: 0 | 1) {
  await expect
    .poll(
      async () => {
        // The server's reports are read every 30 s and after a sync round: ask for one now and then.
        if (count === 1 || kind === 'device' || kind === 'evidence') {
          const refresh = page.getByRole('button', { name: 'Refresh Data' });
          if (await refresh.isEnabled()) await refresh.click();
        }
        return onBoard(page, kind, id).count();
      },
      { timeout: 90_000, interval: 2_000 },
    )
    .toBe(count);
}

describe('Perlu perhatian', () => {
  it('lists a passed ETA, a truck waiting too long and a silent hub device for tower, until each is handled', async () => {
    const [settings] = await query<{ s: Record<string, unknown> }>('select public.attention_settings() as s');
    const t = settings!.s as {
      eta_grace_minutes: number;
      waiting_minutes: number;
      waiting_by_hub: Record<string, number>;
      device_silent_minutes: number;
    };
    const waitKarawang = t.waiting_by_hub[HUB.karawang] ?? t.waiting_minutes;
    const [karawangUser] = await query<{ user_id: string }>(
      'select user_id from public.profiles where email = $1',
      [DEMO_USERS.karawang],
    );

    // A hub device that synced once (its report), then went quiet: the page closes, its storage stays.
    const started = new Date();
    const hub = await tablet(browser(), 'karawang');
    const device = await eventually(async () => {
      const rows = await query<{ device_id: string }>(
        'select device_id from public.device_sync_reports where user_id = $1 and last_sync_at >= $2',
        [karawangUser!.user_id, started],
      );
      return rows[0]?.device_id;
    });
    await hub.page.close();
    await query(
      `update public.device_sync_reports set last_sync_at = now() - make_interval(mins => $2) where device_id = $1`,
      [device, t.device_silent_minutes + 60],
    );

    // A shipment on its way to Cikarang whose ETA day ended days ago.
    const truck = await makeVehicle({ hubId: HUB.karawang, flags: { ready: false } });
    const shipmentId = randomUUID();
    await query(
      `insert into public.shipments (id, batch_number, vehicle_id, origin_hub_id, destination_hub_id, current_hub_id,
         smartboard_quantity, bracket_quantity, status, loading_date, eta, selesai_bongkar)
       values ($1, $2, $3, $4, $5, $4, 4, 2, 'otw_cikarang', now(),
               (now() at time zone 'Asia/Jakarta')::date - 2 - ($6::int / 1440), false)`,
      [shipmentId, `E2E-ETA-${tag()}`, truck.id, HUB.karawang, HUB.cikarang, t.eta_grace_minutes],
    );

    // A truck queued at Karawang longer than Karawang's threshold.
    const waiting = await makeVehicle({ hubId: HUB.karawang, flags: { ready: false, siap_muat: true } });
    await query(`update public.vehicles set queued_at = now() - make_interval(mins => $2) where id = $1`, [
      waiting.id,
      waitKarawang + 30,
    ]);

    const { context, page } = await tablet(browser(), 'tower');
    await page.goto(appUrl('/'));
    await page.locator('[data-testid=attention-board][data-ready=true]').waitFor();
    await expectOnBoard(page, 'eta', shipmentId, 1);
    await expectOnBoard(page, 'waiting_load', waiting.id, 1);
    await expectOnBoard(page, 'device', device, 1);
    // Each links to where it is handled (tower control may not open Users: the device is plain text).
    expect(await onBoard(page, 'eta', shipmentId).locator('a').getAttribute('href')).toBe(
      `/in-transit-detail?open=${shipmentId}`,
    );
    expect(await onBoard(page, 'waiting_load', waiting.id).locator('a').getAttribute('href')).toBe(
      '/hub-karawang/ready',
    );
    expect(await onBoard(page, 'device', device).textContent()).toContain(DEMO_USERS.karawang);

    // The bell lists the same.
    await expect
      .poll(async () => Number(await page.getByTestId('notification-badge').getAttribute('data-attention')))
      .toBeGreaterThanOrEqual(3);
    await page.getByTestId('notification-badge').click();
    const bell = page.getByTestId('bell-attention-list');
    for (const id of [shipmentId, waiting.id, device]) await bell.locator(`[data-id="${id}"]`).waitFor();
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
    await page.keyboard.press('Escape');

    // Handled: the shipment arrives, the truck starts loading, the device syncs again.
    await applyAs(DEMO_USERS.cikarang, 'confirm_arrival', { hub_id: HUB.cikarang, shipment_id: shipmentId });
    await applyAs(DEMO_USERS.karawang, 'start_loading', { hub_id: HUB.karawang, vehicle_id: waiting.id });
    const again = await hub.context.newPage();
    await again.goto(appUrl('/'));
    await waitFirstSync(again);
    await expectOnBoard(page, 'eta', shipmentId, 0);
    await expectOnBoard(page, 'waiting_load', waiting.id, 0);
    await expectOnBoard(page, 'device', device, 0);
    // The same device, reported again (not a new one).
    const [row] = await query<{ age: number }>(
      'select extract(epoch from now() - last_sync_at)::int as age from public.device_sync_reports where device_id = $1',
      [device],
    );
    expect(row!.age).toBeLessThan(t.device_silent_minutes * 60);
    await hub.context.close();
    await context.close();
  }, 240_000);

  it('lists a counted receipt whose signatures have not arrived past the device threshold, until they arrive', async () => {
    const [settings] = await query<{ minutes: number }>(
      "select (public.attention_settings() ->> 'device_silent_minutes')::int as minutes",
    );
    const [cikarangUser] = await query<{ user_id: string }>(
      'select user_id from public.profiles where email = $1',
      [DEMO_USERS.cikarang],
    );
    // A shipment unloaded at Cikarang, counted longer ago than the threshold; its two signatures
    // named by the receipt and never stored (the counting tablet went away before uploading).
    const truck = await makeVehicle({ hubId: HUB.cikarang, flags: { ready: false } });
    const shipmentId = randomUUID();
    const batch = `E2E-BUKTI-${tag()}`;
    const signatures = [randomUUID(), randomUUID()] as const;
    await query(
      `insert into public.shipments (id, batch_number, vehicle_id, origin_hub_id, destination_hub_id, current_hub_id,
         smartboard_quantity, bracket_quantity, status, loading_date, selesai_bongkar, unloading_finished_at)
       values ($1, $2, $3, $4, $5, $5, 4, 2, 'selesai', now() - interval '1 day', true, now())`,
      [shipmentId, batch, truck.id, HUB.karawang, HUB.cikarang],
    );
    try {
      await query(
        `insert into public.shipment_receipts (id, shipment_id, warehouse_id, smartboard_sent, bracket_sent,
           smartboard_received, bracket_received, smartboard_damaged, bracket_damaged, receiver_name, driver_name,
           receiver_signature_id, driver_signature_id, signed_at, counted_by, received_at)
         values ($1, $2, $3, 4, 2, 4, 2, 0, 0, 'Penerima Uji', 'Sopir Uji', $4, $5, now(), $6,
                 now() - make_interval(mins => $7))`,
        [
          randomUUID(),
          shipmentId,
          WAREHOUSE.cikarang,
          ...signatures,
          cikarangUser!.user_id,
          settings!.minutes + 30,
        ],
      );

      const { context, page } = await tablet(browser(), 'tower');
      await page.goto(appUrl('/'));
      await page.locator('[data-testid=attention-board][data-ready=true]').waitFor();
      await expectOnBoard(page, 'evidence', shipmentId, 1);
      const item = onBoard(page, 'evidence', shipmentId);
      expect(await item.textContent()).toContain(batch);
      expect(await item.textContent()).toContain('Hub Cikarang');
      // Handled where it was counted: the shipment's own view at Cikarang.
      expect(await item.locator('a').getAttribute('href')).toBe(`/hub-cikarang/shipment/${shipmentId}`);

      // The signatures arrive (attach_document's rows, as the tablet's upload queue ends).
      for (const [i, id] of signatures.entries()) {
        await query(
          `insert into public.shipment_documents (id, shipment_id, kind, path, mime, size_bytes, sha256, device_time, uploaded_by)
           values ($1, $2, $3, $4, 'image/png', 512, repeat('ab', 32), now(), $5)`,
          [
            id,
            shipmentId,
            i === 0 ? 'signature_receiver' : 'signature_driver',
            `shipments/${shipmentId}/documents/${id}.png`,
            cikarangUser!.user_id,
          ],
        );
      }
      await expectOnBoard(page, 'evidence', shipmentId, 0);
      await context.close();
    } finally {
      await query('delete from public.shipments where id = $1', [shipmentId]);
    }
  }, 240_000);
});
