// For e2e tests that hold a new device's tables mid-first-sync (issue 29): since issue 43 every
// table's first batch comes in one first_sync answer, so a test that holds pull_changes answers
// first takes its tables out of that answer, as the server leaves a table out once its row
// budget is spent (supabase/migrations/20261128030000_first_sync.sql); the device then pulls
// those tables with pull_changes, which the test holds.
import type { BrowserContext } from 'playwright-core';

export async function leaveOutOfFirstSync(context: BrowserContext, leftOut: (table: string) => boolean) {
  await context.route('**/rest/v1/rpc/first_sync', async (route) => {
    const response = await route.fetch();
    if (!response.ok()) return route.fulfill({ response });
    const answer = (await response.json()) as { tables?: Record<string, unknown> };
    for (const table of Object.keys(answer.tables ?? {})) if (leftOut(table)) delete answer.tables![table];
    await route.fulfill({
      status: response.status(),
      contentType: 'application/json',
      body: JSON.stringify(answer),
    });
  });
}
