// The counted receipt in e2e tests (issue 28): names typed, both signature pads drawn on
// with the mouse (signature_pad reads pointer events), a discrepancy's photo from a file.
import type { Locator, Page } from 'playwright-core';

/** A stroke across the pad, as a finger would draw. */
export async function sign(page: Page, pad: Locator): Promise<void> {
  // To the middle of the dialog's scroll, clear of its footer (sticky at the dialog's foot).
  await pad.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = await pad.boundingBox();
  if (!box) throw new Error('signature pad not on screen');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++)
    await page.mouse.move(box.x + 20 + i * 20, y + (i % 2 ? -25 : 25), { steps: 3 });
  await page.mouse.up();
}

/** Types both names and draws both signatures of the receipt form in `dialog`. */
export async function signReceipt(
  page: Page,
  dialog: Locator,
  names: { receiver?: string; driver?: string } = {},
): Promise<void> {
  await dialog.getByLabel('Nama Penerima', { exact: true }).fill(names.receiver ?? 'Penerima E2E');
  if (names.driver !== undefined) await dialog.getByLabel('Nama Sopir', { exact: true }).fill(names.driver);
  else if ((await dialog.getByLabel('Nama Sopir', { exact: true }).inputValue()) === '')
    await dialog.getByLabel('Nama Sopir', { exact: true }).fill('Sopir E2E');
  await sign(page, dialog.getByRole('img', { name: 'Tanda Tangan Penerima' }));
  await sign(page, dialog.getByRole('img', { name: 'Tanda Tangan Sopir' }));
}

/** Closes the BAST shown after a receipt once it is made. */
export async function closeBast(page: Page): Promise<void> {
  const bast = page.getByTestId('bast-dialog');
  await page.locator('[data-testid=bast-dialog][data-bast=made]').waitFor();
  await bast.locator('[data-slot=dialog-footer]').getByRole('button', { name: 'Tutup', exact: true }).click();
  await bast.waitFor({ state: 'detached' });
}
