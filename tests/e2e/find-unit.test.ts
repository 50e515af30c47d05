// Issue 42, find a unit: the header search takes a TV's serial number and opens its page, where
// it is and its path (online, from the server: public.tv_unit_path); offline the page says the
// whole path needs a connection and shows what the tablet holds. A hub user of another hub is
// told the serial is not found (the server shows it nothing). A unit received whole at a POD
// reads as delivered there (custody ends at the POD). The test makes its own hub (serial
// tracking on) and serials, through the command path as an admin; the POD's unit rides a
// container of its own (its load written directly), then arrives through the POD's commands.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from '../support/browser';
import { DEMO_USERS, HUB } from '../support/demo';
import { countedReceipt } from '../support/receipt';
import * as hub from './hub-support';

const browser = useBrowser();
const tag = hub.tag();
const mine = { id: randomUUID(), name: `E2E Seri ${tag}` };
const serial = `E2E-SN-${tag}-01`;
const podSerial = `E2E-SN-${tag}-02`;
const podShipment = { id: randomUUID(), batch: `E2E-POD-${tag}` };

beforeAll(async () => {
  await hub.applyAs(DEMO_USERS.admin, 'add_hub', { hub_id: mine.id, name: mine.name, city: null });
  await hub.applyAs(DEMO_USERS.admin, 'edit_hub', { hub_id: mine.id, changes: { serial_tracking: true } });
  await hub.applyAs(DEMO_USERS.admin, 'register_serials', {
    hub_id: mine.id,
    units: [{ unit_id: randomUUID(), serial: serial.toLowerCase() }],
  });
  // One TV on its way to POD Makassar by serial, then unloaded and received there by serial.
  await hub.otwToMakassar(podShipment, { smartboard: 1, bracket: 0 }, { daysAgo: 2, dueInDays: 1 });
  await hub.query(`insert into public.tv_units (serial, state, shipment_id) values ($1, 'in_transit', $2)`, [
    podSerial,
    podShipment.id,
  ]);
  await hub.applyAs(DEMO_USERS.admin, 'pod_confirm_arrival', { shipment_id: podShipment.id });
  await hub.applyAs(DEMO_USERS.admin, 'pod_start_unloading', { shipment_id: podShipment.id });
  await hub.applyAs(DEMO_USERS.admin, 'pod_complete', {
    shipment_id: podShipment.id,
    smartboard_inventory_id: randomUUID(),
    bracket_inventory_id: randomUUID(),
    receipt: countedReceipt(1, 0, {
      receiver_name: 'Penerima E2E',
      driver_name: 'Sopir E2E',
      tv_serials: { received: [podSerial], damaged: [] },
    }),
  });
});

afterAll(async () => {
  // The hub is this test's own: out of the lists other tests read.
  await hub.query('update public.hubs set deleted = true where id = $1', [mine.id]);
});

/** Types the serial into the header's search and opens the serial's result. */
async function searchSerial(page: Page, text: string): Promise<void> {
  await page.getByTestId('global-search').fill(text);
  await page.getByTestId('search-serial-hit').click();
  await page.getByTestId('unit-page').waitFor();
}

describe('find a unit by its serial number', () => {
  it('online: the header search opens the unit, in stock at its hub, with its path', async () => {
    const { context, page } = await hub.tablet(browser(), 'admin');
    try {
      await searchSerial(page, serial.toLowerCase());
      expect(new URL(page.url()).pathname).toBe(`/unit/${serial}`);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe(`Nomor Seri ${serial}`);
      await expect.poll(() => page.getByTestId('unit-state').getAttribute('data-state')).toBe('in_stock');
      expect(await page.getByTestId('unit-state').textContent()).toContain(mine.name);
      const event = page.getByTestId('unit-event');
      await expect.poll(() => event.count()).toBe(1);
      expect(await event.getAttribute('data-kind')).toBe('registered');
      expect(await event.textContent()).toContain(`Masuk stok ${mine.name}`);

      // Offline: the tablet's own row, and plainly that the path needs a connection.
      await context.setOffline(true);
      await hub.waitOffline(page);
      await page.goto(appUrl('/'));
      await searchSerial(page, serial);
      await page.getByTestId('unit-offline').waitFor();
      await expect.poll(() => page.getByTestId('unit-state').getAttribute('data-state')).toBe('in_stock');
      expect(await page.getByTestId('unit-events').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('a unit received at a POD: delivered there, its receipt in its path', async () => {
    const [pod] = await hub.query<{ name: string }>('select name from public.hubs where id = $1', [
      HUB.makassar,
    ]);
    const { context, page } = await hub.tablet(browser(), 'admin');
    try {
      await searchSerial(page, podSerial);
      await expect.poll(() => page.getByTestId('unit-state').getAttribute('data-state')).toBe('delivered');
      const state = await page.getByTestId('unit-state').textContent();
      expect(state).toContain('Sudah sampai di POD');
      expect(state).toContain(pod!.name);
      const delivered = page.locator('[data-testid="unit-event"][data-kind="delivered"]');
      await expect.poll(() => delivered.count()).toBe(1);
      expect(await delivered.textContent()).toContain(
        `Diterima di ${pod!.name} (POD) dari pengiriman ${podShipment.batch}`,
      );
    } finally {
      await context.close();
    }
  });

  it('a hub user of another hub: the server does not show it', async () => {
    const { context, page } = await hub.tablet(browser(), 'karawang');
    try {
      await searchSerial(page, serial);
      await page.getByTestId('unit-not-found').waitFor();
      expect(await page.getByTestId('unit-not-found').textContent()).toBe(
        `Nomor seri ${serial} tidak ditemukan.`,
      );
    } finally {
      await context.close();
    }
  });
});
