// Issue 30 on the handover screens: with English chosen in Settings, POD Management (its
// tabs, cards and steps), the scanner dialog with its typed batch number, the counted receipt
// (Selesai Bongkar: counts, a difference, the rules' messages, which are the commands' own and
// shown through localize()) and the receive route's refusal read in English, and no text of the
// handover catalogue that only Bahasa Indonesia has is left on them. The surat jalan print view
// stays Indonesian by design (a document), so its texts are not in the check.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handoverEn } from '../../src/lib/i18n/handover-en';
import { handoverId } from '../../src/lib/i18n/handover-id';
import { en } from '../../src/lib/i18n/en';
import { appUrl, useBrowser } from '../support/browser';
import { HUB } from '../support/demo';
import { seriousViolations } from './axe';
import { makeVehicle, query, tablet, tag, toast } from './hub-support';
import { chooseEnglish } from './language-support';
import { shownText } from './shown-text';
import { leaves, type Tree } from '../support/catalogue';

const browser = useBrowser();
const run = tag();
const onTheWay = { id: randomUUID(), batch: `E2E-LANG-OTW-${run}` };
const unloading = { id: randomUUID(), batch: `E2E-LANG-BONGKAR-${run}` };

/** The handover catalogue's Indonesian values English does not share (longer than 5 characters). */
function indonesianOnly(): string[] {
  const english = leaves(handoverEn as unknown as Tree);
  return [...leaves(handoverId as unknown as Tree)]
    .filter(([key, text]) => !key.startsWith('print.') && text !== english.get(key) && text.length > 5)
    .map(([, text]) => text.replace(/\{\{\w+\}\}/g, '\u0000'))
    .flatMap((text) => text.split('\u0000'))
    .map((part) => part.trim())
    .filter((part) => part.length > 5);
}

/**
 * What the page shows that is Indonesian only. A shipment's status label is data (the statuses
 * table, spec 2.12), shown as it is stored whatever the language: the status badges are left out.
 */
async function indonesianLeft(page: Page): Promise<string[]> {
  const shown = await shownText(page, '[data-testid=shipment-status]');
  return indonesianOnly().filter((part) => shown.includes(part));
}

beforeAll(async () => {
  // Two containers of the test's own, shipped from PolJak to POD Makassar: one on the way, one
  // being unloaded there.
  for (const [s, status, arrived] of [
    [onTheWay, 'otw_podmakasar', null],
    [unloading, 'sedang_bongkar', 'now()'],
  ] as const) {
    const vessel = await makeVehicle({ hubId: HUB.poljak, sea: true, flags: { ready: false } });
    await query(
      `insert into public.shipments (id, batch_number, vehicle_id, origin_hub_id, destination_hub_id, current_hub_id,
         smartboard_quantity, bracket_quantity, status, loading_date, etd, eta, arrival_destination, selesai_bongkar)
       values ($1, $2, $3, $4, $5, $6, 12, 4, $7, now() - interval '3 days', current_date - 3, current_date + 2,
         ${arrived ?? 'null'}, false)`,
      [s.id, s.batch, vessel.id, HUB.poljak, HUB.makassar, arrived ? HUB.makassar : HUB.poljak, status],
    );
    await query(
      `insert into public.containers (id, container_number, vessel_name, shipping_line, shipment_id)
       values ($1, $2, 'KM E2E Bahasa', 'Pelayaran E2E', $3)`,
      [randomUUID(), `LANG ${tag()}`, s.id],
    );
  }
});

// Not left on the POD page for the tests that run after: both end done.
afterAll(async () => {
  await query(
    `update public.shipments set status = 'selesai_pod', selesai_bongkar = true where id = any($1)`,
    [[onTheWay.id, unloading.id]],
  );
});

const card = (page: Page, batch: string) => page.locator(`[data-testid=pod-shipment][data-batch="${batch}"]`);

describe('the handover screens in English', () => {
  it('POD, the scanner, the counted receipt and the receive route read in English', async () => {
    const { context, page } = await tablet(browser(), 'admin');
    const E = handoverEn;

    await page.goto(appUrl('/settings'));
    await page.getByTestId('settings-page').waitFor();
    await chooseEnglish(page, page.getByTestId('settings-language'));

    // POD Management: the tabs, the description, a card on the way with its English step.
    await page.goto(appUrl('/pod'));
    await page.getByTestId('pod-page').waitFor();
    await page.getByText(E.pod.description).waitFor();
    // The tab's label (its count beside it: issue 41).
    const tabLabel = (tab: string) =>
      page.getByTestId(`pod-tab-${tab}`).getByTestId('pod-tab-label').textContent();
    await expect.poll(() => tabLabel('arrival')).toBe(E.pod.tabs.arrival);
    await expect.poll(() => tabLabel('unloading')).toBe(E.pod.tabs.unloading);
    await expect.poll(() => page.locator('label[for=pod-city]').textContent()).toBe(E.pod.chooseCity);
    const otw = card(page, onTheWay.batch);
    await otw.waitFor();
    await expect.poll(() => otw.getByTestId('pod-quantities').textContent()).toBe('12 TV · 4 Bracket');
    expect(await shownText(otw)).toContain(en.common.quantity);
    await otw.getByRole('button', { name: en.hubOps.page.tabs.arrival }).waitFor();
    expect(await indonesianLeft(page)).toEqual([]);

    // The scanner: its dialog, and a typed batch number that is not on this tablet.
    await page.getByTestId('scan-surat-jalan').filter({ hasText: en.common.scanDeliveryNote }).click();
    const scanner = page.getByTestId('qr-scanner');
    await scanner.getByRole('heading', { name: en.common.scanDeliveryNote }).waitFor();
    await scanner.getByRole('button', { name: en.common.open, exact: true }).click();
    await scanner.getByRole('alert').filter({ hasText: E.scan.batchRequired }).waitFor();
    await scanner.getByLabel(E.scan.batchLabel).fill(`NONE-${run}`);
    await scanner.getByRole('button', { name: en.common.open, exact: true }).click();
    await scanner
      .getByRole('alert')
      .filter({ hasText: E.scan.batchNotFound.replace('{{batch}}', `NONE-${run}`) })
      .waitFor();
    expect(await indonesianLeft(page)).toEqual([]);
    await scanner.getByRole('button', { name: en.common.cancel, exact: true }).click();
    await scanner.waitFor({ state: 'detached' });

    // A step in English, its toast too.
    await otw.getByRole('button', { name: en.hubOps.page.tabs.arrival }).click();
    await toast(page, en.common.arrivalConfirmed).waitFor();

    // The counted receipt: counts, a difference (two TVs short), and the rules' messages.
    await page.getByTestId('pod-tab-unloading').click();
    const bongkar = card(page, unloading.batch);
    await bongkar.getByRole('button', { name: en.lib.commands.complete_unloading }).click();
    const receipt = page.getByTestId('pod-receipt-dialog');
    await receipt.getByRole('heading', { name: en.lib.commands.complete_unloading }).waitFor();
    await receipt.getByText(E.receipt.countsTitle, { exact: true }).waitFor();
    const tvReceived = E.receipt.receivedLabel.replace('{{item}}', en.common.item.smartboard);
    await receipt.getByLabel(tvReceived, { exact: true }).fill('10');
    const short = receipt.locator('[data-testid=receipt-discrepancy][data-reason=kurang]');
    await short.waitFor();
    await expect.poll(() => short.getByTestId('receipt-discrepancy-reason').textContent()).toBe('Short');
    expect(await short.locator('legend').innerText()).toContain('TV short by 2');
    await receipt.getByTestId('pod-receipt-submit').click();
    await receipt.getByRole('alert').filter({ hasText: en.server.handover.photoRequired }).waitFor();
    await receipt.getByRole('alert').filter({ hasText: en.server.handover.receiverNameRequired }).waitFor();
    await receipt.getByRole('alert').filter({ hasText: en.server.handover.receiverSignature }).waitFor();
    expect(await indonesianLeft(page)).toEqual([]);
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
    await receipt.getByRole('button', { name: en.common.cancel, exact: true }).click();
    await receipt.waitFor({ state: 'detached' });

    // The receive route: a code of a shipment this tablet does not hold, said in English.
    await page.goto(appUrl(`/terima/${randomUUID()}?batch=NONE-${run}`));
    const refused = page.getByTestId('receive-refused');
    await refused.waitFor();
    await page.getByRole('heading', { name: E.scan.receiveTitle }).waitFor();
    await expect
      .poll(() => refused.textContent())
      .toContain(E.scan.unknownShipmentBatch.replace('{{batch}}', `NONE-${run}`));
    expect(await indonesianLeft(page)).toEqual([]);
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

    // A scanned code of a shipment on its way here opens its own view (issue 41), its step the big button.
    await page.goto(appUrl(`/terima/${onTheWay.id}`));
    await page.waitForURL((url) => url.pathname === `/pod/shipment/${onTheWay.id}`);
    await page
      .getByTestId('shipment-next')
      .getByRole('button', { name: en.lib.commands.start_unloading })
      .waitFor();
    expect(await indonesianLeft(page)).toEqual([]);

    await context.close();
  });
});
