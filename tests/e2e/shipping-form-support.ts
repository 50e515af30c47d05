// The hub's shipping form as the hub tests fill it (hub-karawang-to-cikarang, handover-darat,
// handover-surat-jalan, handover-sea, hub-poljak-form, serial-loading, serial-handover): the
// road form to Cikarang (its TVs typed, or scanned by serial), its photos, a container photo,
// and sending it through its summary.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { png } from '../support/images';
import { choose } from './hub-support';

/** The road form to Gudang Cikarang for `batch`: 12 TVs and 7 brackets. */
export async function fillDaratToCikarang(page: Page, form: Locator, batch: string): Promise<void> {
  await choose(page, 'darat-destination', /Gudang Cikarang/);
  await form.locator('#darat-batch').fill(batch);
  await form.locator('#darat-smartboard').fill('12');
  await form.locator('#darat-bracket').fill('7');
}

/** The road form to Gudang Cikarang for `batch` with `brackets` brackets; its TVs are the serials scanned. */
export async function fillDaratScanned(
  page: Page,
  form: Locator,
  batch: string,
  brackets: number,
): Promise<void> {
  await choose(page, 'darat-destination', /Gudang Cikarang/);
  await form.locator('#darat-batch').fill(batch);
  await form.locator('#darat-bracket').fill(String(brackets));
}

/** The road form's two photos (the delivery record and the BAST), both shown as picked. */
export async function pickDaratPhotos(form: Locator): Promise<void> {
  await form.getByTestId('darat-images-input').setInputFiles([
    { name: 'delivery-record.png', mimeType: 'image/png', buffer: png(64, 48, [200, 40, 40]) },
    { name: 'bast.png', mimeType: 'image/png', buffer: png(48, 64, [40, 160, 40]) },
  ]);
  await expect.poll(() => form.getByTestId('picked-image').count()).toBe(2);
}

/** One container photo on the PolJak form. */
export async function pickContainerPhoto(form: Locator): Promise<void> {
  await form
    .getByTestId('poljak-images-input')
    .setInputFiles([{ name: 'container.png', mimeType: 'image/png', buffer: png(80, 60) }]);
}

/** Kirim; issue 29: a summary first (naming `summaryText`), then 'Ya, Kirim' sends. */
export async function sendThroughSummary(form: Locator, summaryText: string): Promise<void> {
  await form.getByTestId('shipping-submit').click();
  await form.getByTestId('shipping-summary').filter({ hasText: summaryText }).waitFor();
  await form.getByRole('button', { name: 'Ya, Kirim' }).click();
}
