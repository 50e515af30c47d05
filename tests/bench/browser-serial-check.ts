// npm run bench, issue 42: "a 200-TV truck's serials are checked against stock on a 4x-throttled
// tablet in under 100 ms per code". Hub Karawang tracks serials (set here, put back after) and
// holds STOCK units of the bench's own, registered through the server's API (register_serials as
// admin). Its tablet, after the first sync, opens the shipping form (Selesai Muat) for a truck of
// the bench's own and "Pindai TV"; a wedge scanner's burst puts 199 serials in the truck. Then,
// per sample, one more code comes through the keyboard wedge (#serial-wedge: the code, then
// Enter) and is timed in the page from the Enter's keydown (its event timeStamp) to the feedback:
// the last-scanned row's new data-seq in the DOM (a MutationObserver), with the judgement's
// `serial-scan` performance mark between them (the check done: Enter to the check, then the
// check to the DOM, which is React rendering the dialog and the form's 200-row list).
//   accepted: a serial in this hub's stock (the 200th of the truck; taken out again with its ✕
//     before the next sample, so every sample is the 200th);
//   refused: a serial this hub does not hold (not in stock: the check, no list change).
// Each unthrottled, then with the CPU throttled 4x (CDP Emulation.setCPUThrottlingRate), in the
// same run; the table prints the throttled figure against the unthrottled one and against the
// goal. The camera is not granted here (a wedge scanner alone; the scan bench measures the camera).
// BENCH_PROFILE=1: the 4x accepted samples are CPU-profiled and their self time printed.
// BENCH_ONLY=serial-check runs it alone; BENCH_ONLY=serial-scan runs it after the scanner's passes.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { DEMO_PASSWORD, DEMO_USERS, HUB, TRUCK_TYPE, TRUCK_VENDOR } from '../support/demo';
import {
  fmt,
  median,
  percentile,
  PROBES,
  printTapProfiles,
  progress,
  VIEWPORT,
  waitForSyncRound,
} from './browser-page';
import { benchStack, printTable, type BenchRow } from './table';

/** Units in Karawang's stock: the truck's 199, a fresh 200th per sample, and spare. */
const STOCK = Number(process.env.BENCH_SERIAL_STOCK ?? 400);
const IN_TRUCK = 199;
const SAMPLES = Number(process.env.BENCH_SERIAL_CHECKS ?? 30);
const THROTTLE = 4;
const GOAL_MS = 100;
const PREFIX = 'BCHK';
const PROFILE = process.env.BENCH_PROFILE === '1';

const serialOf = (n: number) => `${PREFIX}-${String(n).padStart(5, '0')}`;

/** Commands applied as a demo user through the gateway (sign-in, then apply_commands). */
async function applyAs(apiUrl: string, anonKey: string, email: string, commands: Array<[string, unknown]>) {
  const auth = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!auth.ok) throw new Error(`sign-in as ${email}: ${auth.status} ${await auth.text()}`);
  const session = (await auth.json()) as { access_token: string; user: { id: string } };
  for (const [type, payload] of commands) {
    const res = await fetch(`${apiUrl}/rest/v1/rpc/apply_commands`, {
      method: 'POST',
      headers: {
        apikey: anonKey,
        Authorization: `Bearer ${session.access_token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        commands: [
          { id: randomUUID(), type, payload, issued_at: new Date().toISOString(), actor: session.user.id },
        ],
      }),
    });
    const body = (await res.json()) as { results?: Array<{ outcome: string }> };
    if (!res.ok || body.results?.[0]?.outcome !== 'applied')
      throw new Error(`${type} as ${email}: ${res.status} ${JSON.stringify(body)}`);
  }
}

/** In the page: each Enter on the wedge (its event time) and each feedback (the DOM's new data-seq). */
function installCheckProbe() {
  const w = window as unknown as { __chk: { enter: number[]; fed: Array<{ seq: string; at: number }> } };
  w.__chk = { enter: [], fed: [] };
  addEventListener(
    'keydown',
    (e) => {
      if (e.key === 'Enter' && (e.target as HTMLElement | null)?.id === 'serial-wedge')
        w.__chk.enter.push(e.timeStamp);
    },
    true,
  );
  let last: string | null = null;
  new MutationObserver(() => {
    const seq = document.querySelector('[data-testid=serial-scan-last]')?.getAttribute('data-seq') ?? null;
    if (seq !== null && seq !== last) {
      last = seq;
      w.__chk.fed.push({ seq, at: performance.now() });
    }
  }).observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-seq'],
  });
}

interface Sample {
  /** Enter to the feedback in the DOM. */
  ms: number;
  /** Enter to the judgement (the check): event delivery and checkLoadScan. */
  checkMs: number;
  outcome: string;
  profile?: Parameters<typeof printTapProfiles>[0][number]['profile'];
}

const wedgeFocused = (page: Page) =>
  page.waitForFunction(() => document.activeElement?.id === 'serial-wedge', undefined, { timeout: 60_000 });

/** One code through the wedge, timed in the page; with `cdp`, CPU-profiled from Enter to its feedback. */
async function oneCode(page: Page, code: string, cdp?: CDPSession): Promise<Sample> {
  await wedgeFocused(page);
  const before = await page.evaluate(() => {
    performance.clearMarks('serial-scan');
    return (window as unknown as { __chk: { fed: unknown[] } }).__chk.fed.length;
  });
  await page.keyboard.insertText(code);
  if (cdp) await cdp.send('Profiler.start');
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    (n) => (window as unknown as { __chk: { fed: unknown[] } }).__chk.fed.length > n,
    before,
    { timeout: 60_000, polling: 'raf' },
  );
  const profile = cdp ? (await cdp.send('Profiler.stop')).profile : undefined;
  const sample = await page.evaluate(() => {
    const { enter, fed } = (window as unknown as { __chk: { enter: number[]; fed: Array<{ at: number }> } })
      .__chk;
    const mark = performance.getEntriesByName('serial-scan').at(-1) as PerformanceMark;
    const at = enter.at(-1)!;
    return {
      ms: fed.at(-1)!.at - at,
      checkMs: mark.startTime - at,
      outcome: (mark.detail as { outcome: string }).outcome,
    };
  });
  return { ...sample, profile };
}

/** The truck back to 199: the newest serial taken out with its ✕ in the scanner's recent list. */
async function takeOut(page: Page, serial: string) {
  const scanner = page.getByTestId('serial-scanner');
  await scanner.getByRole('button', { name: `Hapus ${serial}`, exact: true }).click();
  await scanner
    .locator(`[data-testid=serial-scan-count][data-count="${IN_TRUCK}"]`)
    .waitFor({ timeout: 60_000 });
}

interface Run {
  accepted: Sample[];
  refused: Sample[];
}

async function samples(page: Page, cdp: CDPSession, throttle: number, next: () => number): Promise<Run> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  const run: Run = { accepted: [], refused: [] };
  try {
    const profiled = PROFILE && throttle > 1 ? cdp : undefined;
    if (profiled) await cdp.send('Profiler.enable');
    for (let i = 0; i < SAMPLES; i++) {
      const serial = serialOf(next());
      const s = await oneCode(page, serial, profiled);
      if (s.outcome !== 'accepted') throw new Error(`${serial} was ${s.outcome}, not taken`);
      run.accepted.push(s);
      await takeOut(page, serial);
    }
    if (profiled) printTapProfiles(run.accepted.map((a) => ({ ms: a.ms, profile: a.profile! })));
    for (let i = 0; i < SAMPLES; i++) {
      const s = await oneCode(page, `${PREFIX}-X${throttle}-${String(i).padStart(3, '0')}`);
      if (s.outcome !== 'refused') throw new Error(`a serial not in stock was ${s.outcome}`);
      run.refused.push(s);
    }
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
  return run;
}

const summary = (xs: number[]) =>
  `median ${fmt(median(xs), 1)}, p95 ${fmt(percentile(xs, 95), 1)}, max ${fmt(Math.max(...xs), 1)}`;

/** The per-code check of a 200-TV truck (see the file's header), on a stack already started. */
export async function serialCheckBench(
  appUrl: string,
  apiUrl: string,
  anonKey: string,
  dbUrl: string,
): Promise<BenchRow[]> {
  const sql = new pg.Client({ connectionString: dbUrl });
  await sql.connect();
  const [hub] = (
    await sql.query<{ serial_tracking: boolean }>('select serial_tracking from public.hubs where id = $1', [
      HUB.karawang,
    ])
  ).rows;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const rows: BenchRow[] = [];
  try {
    await sql.query('update public.hubs set serial_tracking = true where id = $1', [HUB.karawang]);
    const units = Array.from({ length: STOCK }, (_, i) => ({
      unit_id: randomUUID(),
      serial: serialOf(i + 1),
    }));
    const chunks: Array<[string, unknown]> = [];
    for (let i = 0; i < units.length; i += 200)
      chunks.push(['register_serials', { hub_id: HUB.karawang, units: units.slice(i, i + 200) }]);
    await applyAs(apiUrl, anonKey, 'admin@demo.local', chunks);
    const plate = `BCHK ${randomUUID().slice(0, 6).toUpperCase()}`;
    await sql.query(
      `insert into public.vehicles (id, license_plate, vehicle_type_id, vendor_id, driver_name, current_hub_id,
         ready, siap_muat, sedang_muat, is_active)
       values ($1, $2, $3, $4, 'Sopir Bench', $5, false, false, true, true)`,
      [randomUUID(), plate, TRUCK_TYPE, TRUCK_VENDOR.id, HUB.karawang],
    );
    progress(`serial check: ${STOCK} units registered at Karawang, truck ${plate} loading`);

    const context = await browser.newContext({ viewport: VIEWPORT });
    // Signed in and the first sync round waited for in a page with the bench's probes, then the
    // timing in a page of its own (the probes watch every mutation: not while timing).
    const first = await context.newPage();
    await first.addInitScript(PROBES);
    await first.goto(new URL('/auth', appUrl).toString());
    await first.locator('#email').fill(DEMO_USERS.karawang);
    await first.locator('#password').fill(DEMO_PASSWORD);
    await first.locator('form button[type=submit]').click();
    await first.waitForURL(new URL('/', appUrl).toString());
    await waitForSyncRound(first, 10 * 60_000);
    await first.close();
    const page = await context.newPage();
    page.on('pageerror', (error) => progress(`page error: ${error.message}`));
    await page.goto(new URL('/hub-karawang/loading', appUrl).toString());
    await page
      .locator(`[data-testid=vehicle-card][data-plate="${plate}"]`)
      .getByRole('button', { name: 'Selesai Muat' })
      .click({ timeout: 5 * 60_000 });
    const field = page.locator('[data-testid=shipping-dialog] [data-testid=tv-serials][data-ready=true]');
    await field.waitFor({ timeout: 5 * 60_000 });
    await field.getByTestId('tv-serials-scan').click();
    await wedgeFocused(page);
    await page.evaluate(`(() => { const __name = (f) => f; (${installCheckProbe.toString()})(); })()`);
    // The truck's first 199, as one burst of the wedge (codes ended by a tab).
    const burst = units.slice(0, IN_TRUCK).map((u) => u.serial);
    await page.getByTestId('serial-wedge').fill(`${burst.join('\t')}\t`);
    await page
      .locator(`[data-testid=serial-scanner] [data-testid=serial-scan-count][data-count="${IN_TRUCK}"]`)
      .waitFor({ timeout: 5 * 60_000 });
    progress(`serial check: ${IN_TRUCK} serials in the truck`);
    const cdp = await context.newCDPSession(page);
    let n = IN_TRUCK;
    const next = () => ++n;
    const plain = await samples(page, cdp, 1, next);
    const slow = await samples(page, cdp, THROTTLE, next);
    await context.close();
    for (const [label, a, b] of [
      ['accepted (the 200th TV)', plain.accepted, slow.accepted],
      ['refused (not in this hub stock)', plain.refused, slow.refused],
    ] as const) {
      const ms = (s: Sample[]) => s.map((x) => x.ms);
      const check = (s: Sample[]) => s.map((x) => x.checkMs);
      progress(
        `serial check ${label}: unthrottled ms ${summary(ms(a))} (Enter to the check ${summary(check(a))}); ${THROTTLE}x ms ${summary(ms(b))} (Enter to the check ${summary(check(b))})`,
      );
      const slowMs = median(ms(b));
      rows.push([
        `Serial check (issue 42), a truck of ${IN_TRUCK} serials, ${STOCK} in stock: a code ${label} by the wedge, Enter to feedback, ${THROTTLE}x CPU, median of ${b.length} (p95 ${fmt(percentile(ms(b), 95), 1)} ms; Enter to the check ${fmt(median(check(b)), 1)} ms)`,
        `${fmt(slowMs, 1)} ms`,
        `unthrottled: ${fmt(median(ms(a)), 1)} ms (p95 ${fmt(percentile(ms(a), 95), 1)} ms)`,
        `${(slowMs / median(ms(a))).toFixed(2)}x`,
      ]);
      rows.push([
        `Serial check, ${label}, ${THROTTLE}x CPU: against the goal`,
        `${fmt(slowMs, 1)} ms`,
        `goal: ${GOAL_MS} ms`,
        `${(slowMs / GOAL_MS).toFixed(2)}x`,
      ]);
    }
  } finally {
    await browser.close();
    await sql.query('update public.hubs set serial_tracking = $2 where id = $1', [
      HUB.karawang,
      hub!.serial_tracking,
    ]);
    await sql.end();
  }
  return rows;
}

/** BENCH_ONLY=serial-check: the check alone, on a stack of its own. */
export async function serialCheckOnly(): Promise<void> {
  const { stack, stop } = await benchStack('dermaga-bench-serial-check');
  let rows: BenchRow[];
  try {
    rows = await serialCheckBench(stack.appUrl, stack.apiUrl, stack.anonKey, stack.dbUrl);
  } finally {
    await stop();
  }
  printTable(
    `Dermaga serial check benchmark (issue 42), ${new Date().toISOString()}, engine ${stack.engine}`,
    rows,
  );
}
