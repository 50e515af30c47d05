// The app's one date picker (src/components/date-picker.tsx) as a test drives
// it: open the field's calendar, go to the day's year and month with the
// calendar's own lists, tap the day.
import type { Page } from 'playwright-core';

/** Chooses `day` (yyyy-MM-dd) in the date picker whose id is `id`; waits for the calendar to close. */
export async function pickDate(page: Page, id: string, day: string): Promise<void> {
  const [year, month] = day.split('-').map(Number) as [number, number];
  await page.getByTestId(`${id}-trigger`).click();
  const calendar = page.getByTestId(`${id}-calendar`);
  await calendar.waitFor();
  await calendar.locator('select.rdp-years_dropdown').selectOption(String(year));
  await calendar.locator('select.rdp-months_dropdown').selectOption(String(month - 1));
  await calendar.locator(`td[data-day="${day}"] button`).click();
  await calendar.waitFor({ state: 'detached' });
}
