// For e2e tests that hold a new device's tables mid-first-sync (issue 29): since issue 43 every
// table's first batch comes in one first_sync answer, so a test that holds pull_changes answers
// first takes its tables out of that answer, as the server leaves a table out once its row
// budget is spent (supabase/migrations/20261128030000_first_sync.sql); the device then pulls
// those tables with pull_changes, which the test holds. The same for a later round's one request
// (pull_round: a changed table named without its batch, as past the server's row budget): the
// app's requests time out, and the round after a held one would otherwise bring the rows.
import type { BrowserContext } from 'playwright-core';

/**
 * The tables `leftOut` names come out of both one-request answers: a new device's first_sync
 * and a later round's pull_round (a table past the server's row budget is named without its
 * batch). A device then asks them by pull_changes, which the test holds.
 */
export async function leaveOutOfOneRequest(context: BrowserContext, leftOut: (table: string) => boolean) {
  await leaveOut(context, 'first_sync', leftOut);
  await leaveOut(context, 'pull_round', leftOut);
}

async function leaveOut(context: BrowserContext, rpc: string, leftOut: (table: string) => boolean) {
  await context.route(`**/rest/v1/rpc/${rpc}`, async (route) => {
    try {
      const response = await route.fetch();
      if (!response.ok()) return await route.fulfill({ response });
      const answer = (await response.json()) as { tables?: Record<string, unknown> };
      for (const table of Object.keys(answer.tables ?? {})) if (leftOut(table)) delete answer.tables![table];
      await route.fulfill({
        status: response.status(),
        contentType: 'application/json',
        body: JSON.stringify(answer),
      });
    } catch (error) {
      // A round's request still on its way when the test closes its context: the response is
      // disposed under it ("Response has been disposed"), and nothing is left to answer.
      if (!/disposed|closed/i.test(String(error))) throw error;
    }
  });
}
