// Issue 11: Inventory Master in Chromium (1280x800 touch) as admin@demo.local:
// the summary cards equal the warehouse cards shown, it passes an axe-core scan,
// and it opens again offline after a reload.
import { describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from '../support/browser';
import { seriousViolations } from './axe';
import { tablet, waitOffline } from './hub-support';

const browser = useBrowser();

const number = (text: string | null) => Number((text ?? '').replace(/\D+/g, ''));

describe('Inventory Master', () => {
  it('shows a card per warehouse with stock, totals that add up, no axe violations, and opens offline', async () => {
    const { context, page } = await tablet(browser(), 'admin');
    await page.goto(appUrl('/inventory'));
    const cards = page.getByTestId('warehouse-card');
    await cards.first().waitFor();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Inventory Master');
    await expect
      .poll(async () => number(await page.getByTestId('summary-warehouses').textContent()))
      .toBe(await cards.count());
    // The summary and the cards' badges agree (each read as it stands at the moment of the poll).
    await expect
      .poll(async () => {
        const badges = await page.getByTestId('warehouse-card').locator('text=/TV Stock: -?\\d+/').allTextContents();
        const tvSum = badges.reduce((sum, t) => sum + Number(t.replace(/\D+/g, '')), 0);
        return { summary: number(await page.getByTestId('summary-tv').textContent()), cards: tvSum };
      })
      .toSatisfy(({ summary, cards }: { summary: number; cards: number }) => summary === cards);
    expect(await seriousViolations(page)).toEqual([]);
    // The two dialogs too: every field has its label.
    await page.getByRole('button', { name: 'Tambah Inventory' }).click();
    await page.getByTestId('add-inventory-dialog').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Tambah Gudang Baru' }).click();
    await page.getByTestId('add-warehouse-dialog').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    await context.setOffline(true);
    await waitOffline(page);
    await page.reload();
    await page.getByTestId('warehouse-card').first().waitFor();
    await context.close();
  });
});
