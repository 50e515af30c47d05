// The "Surat jalan siap" step after a shipping form (issue 28), for the e2e tests that ship:
// wait for the document, take its PDF through Unduh / Bagikan (Chromium on Linux has no
// share sheet for files, so it downloads), close the step.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';

export const suratJalanDialog = (page: Page) => page.getByTestId('surat-jalan-dialog');

/** Waits until the surat jalan is made; its PDF's bytes, as the user downloads them. */
export async function downloadSuratJalan(page: Page): Promise<{ bytes: Uint8Array; name: string }> {
  const dialog = suratJalanDialog(page);
  await page.locator('[data-testid=surat-jalan-dialog][data-state-doc=made]').waitFor();
  const download = page.waitForEvent('download');
  await dialog.getByTestId('surat-jalan-share').click();
  const file = await download;
  return { bytes: new Uint8Array(await readFile((await file.path())!)), name: file.suggestedFilename() };
}

/** Closes the step (Tutup). */
export async function closeSuratJalan(page: Page): Promise<void> {
  const dialog = suratJalanDialog(page);
  // The footer's Tutup; the corner's X is named Tutup too.
  await dialog
    .locator('[data-slot=dialog-footer]')
    .getByRole('button', { name: 'Tutup', exact: true })
    .click();
  await dialog.waitFor({ state: 'detached' });
}
