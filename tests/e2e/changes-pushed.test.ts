// Issue 44: changes pushed, not polled. With the idle probe switched off on both devices
// (PROBE_INTERVAL_KEY '0'), tower's dashboard and a Cikarang tablet show a Karawang shipment
// only because the database poked their topics and they pulled: the time from its commit to
// each screen is printed (median over 10; the goal is under 1 s, not asserted here). With
// the tablet's WebSocket cut at the fault proxy, a change still arrives through the safety
// probe, and one committed while the socket is down arrives once it is joined again.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedIn, stack } from '../support/clients';
import { newContext, useBrowser, waitForShell } from '../support/browser';
import { FlakyProxy } from '../support/flaky-proxy';
import { DEMO_PASSWORD, DEMO_USERS, HUB, WAREHOUSE, type DemoUser } from '../support/demo';
import { makeVehicle, shipmentCard, tag, waitFirstSync } from './hub-support';

const browser = useBrowser();

/** A signed-in device at `origin` (the app, or the fault proxy in front of it), probes set. */
async function device(b: Browser, user: DemoUser, origin: string, probes: { probeMs: number; safetyMs?: number }) {
  const context = await newContext(b, { hasTouch: true, baseURL: origin });
  await context.addInitScript(
    ([probe, safety]) => {
      localStorage.setItem('dermaga-probe-interval', String(probe));
      if (safety !== undefined) localStorage.setItem('dermaga-safety-probe', String(safety));
    },
    [probes.probeMs, probes.safetyMs] as const,
  );
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[${user}] page error`, error));
  await page.goto(new URL('/auth', origin).toString());
  await page.locator('#email').fill(DEMO_USERS[user]);
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.locator('form button[type=submit]').click();
  await waitForShell(page);
  await waitFirstSync(page);
  return { context, page };
}

async function shipToCikarang(): Promise<{ batch: string; committed: number }> {
  const truck = await makeVehicle({ hubId: HUB.karawang });
  const client = await signedIn(DEMO_USERS.karawang);
  const { data: session } = await client.auth.getSession();
  const batch = `PUSH-${tag()}`;
  const { data, error } = await client.rpc('apply_commands', {
    commands: [
      {
        id: randomUUID(),
        type: 'create_shipment_darat',
        actor: session.session!.user.id,
        issued_at: new Date().toISOString(),
        payload: {
          hub_id: HUB.karawang,
          shipment_id: randomUUID(),
          vehicle_id: truck.id,
          destination_warehouse_id: WAREHOUSE.cikarang,
          batch_number: batch,
          smartboard_quantity: 2,
          bracket_quantity: 1,
          inventory_id: randomUUID(),
          image_count: 0,
        },
      },
    ],
  });
  const committed = Date.now();
  if (error) throw new Error(error.message);
  expect((data as { results: Array<{ outcome: string }> }).results[0]!.outcome).toBe('applied');
  return { batch, committed };
}

const figure = async (page: Page, testId: string) =>
  Number((await page.getByTestId(testId).textContent())?.replace(/\./g, ''));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('changes pushed to the devices (issue 44)', () => {
  it('tower and a Cikarang tablet show a Karawang shipment after its commit with the idle probe off (median of 10 printed)', async () => {
    const tower = await device(browser(), 'tower', stack().appUrl, { probeMs: 0 });
    const cikarang = await device(browser(), 'cikarang', stack().appUrl, { probeMs: 0 });
    await tower.page.goto(new URL('/', stack().appUrl).toString());
    await tower.page.locator('[data-testid=dashboard][data-ready=true]').waitFor();
    // The pokes the tablet's Realtime socket receives (none would come on a device that polls).
    const pokes: string[] = [];
    cikarang.page.on('websocket', (ws) =>
      ws.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.includes('"poke"')) pokes.push(frame.payload);
      }),
    );
    await cikarang.page.goto(new URL('/hub-cikarang/otw', stack().appUrl).toString());
    await cikarang.page.locator('[data-testid=hub-operations]:not([data-hub-id=""])').waitFor();
    const towerMs: number[] = [];
    const tabletMs: number[] = [];
    for (let i = 0; i < 10; i++) {
      const before = await figure(tower.page, 'in-transit-shipments');
      const { batch, committed } = await shipToCikarang();
      await Promise.all([
        expect
          .poll(() => figure(tower.page, 'in-transit-shipments'), { interval: 20, timeout: 120_000 })
          .toBeGreaterThan(before)
          .then(() => towerMs.push(Date.now() - committed)),
        shipmentCard(cikarang.page, batch)
          .waitFor({ timeout: 120_000 })
          .then(() => tabletMs.push(Date.now() - committed)),
      ]);
    }
    console.log(
      `[push] commit to screen, ms: tower ${towerMs.join(', ')} (median ${median(towerMs)}); ` +
        `Cikarang tablet ${tabletMs.join(', ')} (median ${median(tabletMs)})`,
    );
    expect(towerMs).toHaveLength(10);
    expect(tabletMs).toHaveLength(10);
    expect(pokes.some((p) => p.includes(`dermaga:hub:${HUB.cikarang}`))).toBe(true);
    // A poke names its scope and carries no row.
    expect(pokes.every((p) => !p.includes('PUSH-'))).toBe(true);
    await tower.context.close();
    await cikarang.context.close();
    // Ten shipments made and watched one after another: on a loaded CI machine about a minute.
  }, 300_000);

  it('with the socket cut at the proxy, a change arrives through the safety probe', async () => {
    const proxy = await new FlakyProxy(stack().appUrl).start();
    const cikarang = await device(browser(), 'cikarang', proxy.url, { probeMs: 0, safetyMs: 3_000 });
    await cikarang.page.goto(new URL('/hub-cikarang/otw', proxy.url).toString());
    await cikarang.page.locator('[data-testid=hub-operations]:not([data-hub-id=""])').waitFor();
    await expect.poll(() => proxy.webSocketsOpened).toBeGreaterThan(0);
    proxy.webSockets = 'refuse';
    proxy.cutWebSockets();
    // The client tries again and is refused: no socket is open when the change is committed.
    await expect.poll(() => proxy.webSocketsRefused, { timeout: 60_000 }).toBeGreaterThan(0);
    expect(proxy.openWebSockets).toBe(0);
    const { batch, committed } = await shipToCikarang();
    await shipmentCard(cikarang.page, batch).waitFor({ timeout: 120_000 });
    console.log(`[push] socket cut: the shipment showed ${Date.now() - committed} ms after its commit (safety probe 3 s)`);
    await cikarang.context.close();
  });

  it('a change committed while the socket is down shows once it is joined again, with no probe at all', async () => {
    const proxy = await new FlakyProxy(stack().appUrl).start();
    // The safety probe at its minute: within this test only a rejoin's round can bring it.
    const cikarang = await device(browser(), 'cikarang', proxy.url, { probeMs: 0 });
    await cikarang.page.goto(new URL('/hub-cikarang/otw', proxy.url).toString());
    await cikarang.page.locator('[data-testid=hub-operations]:not([data-hub-id=""])').waitFor();
    await expect.poll(() => proxy.webSocketsOpened).toBeGreaterThan(0);
    const opened = proxy.webSocketsOpened;
    proxy.webSockets = 'refuse';
    proxy.cutWebSockets();
    const missed = await shipToCikarang();
    proxy.webSockets = 'pass';
    await expect.poll(() => proxy.webSocketsOpened, { timeout: 60_000 }).toBeGreaterThan(opened);
    const reopened = Date.now();
    await shipmentCard(cikarang.page, missed.batch).waitFor({ timeout: 120_000 });
    console.log(`[push] after the socket came back, the shipment missed meanwhile showed in ${Date.now() - reopened} ms`);
    // And pokes flow again on the new socket.
    const next = await shipToCikarang();
    await shipmentCard(cikarang.page, next.batch).waitFor({ timeout: 120_000 });
    console.log(`[push] the next one showed ${Date.now() - next.committed} ms after its commit`);
    await cikarang.context.close();
  });

  it("Settings' diagnostics show the socket, the probe now and the safety probe", async () => {
    const admin = await device(browser(), 'admin', stack().appUrl, { probeMs: 2_500 });
    await admin.page.goto(new URL('/settings', stack().appUrl).toString());
    await admin.page.locator('[data-testid=change-watch][data-socket=live]').waitFor();
    expect(await admin.page.getByTestId('change-socket').textContent()).toBe('Tersambung');
    // Joined: the 2.5 s probe gives way to the safety probe.
    expect(await admin.page.getByTestId('change-probe').textContent()).toBe('tiap 60 detik');
    expect(await admin.page.getByTestId('change-safety-probe').textContent()).toBe('tiap 60 detik');
    await admin.context.close();
  });
});
