// The working-set bench (issue 26), part of `npm run bench` (after the browser bench's P1 to P7),
// alone with `BENCH_ONLY=working-set npm run bench` or `npm run bench:browser -- --only working-set`.
//
// One stack on PostgreSQL (docs/performance.md says why): the same open work, then closed history
// older than the retention window grown to each size (1x: 10,000 closed shipments and 50,000 stock
// rows; then 4x; then 16x; BENCH_WS_SIZES=1,4 for fewer). At each size, in Chromium, a new Karawang
// tablet and a new admin device (browser-working-set.ts). Prints the figures by size and device,
// and each goal of the issue against the 1x figures as holds / does not hold. Nothing is asserted.
// Beside each device, the first sync as before issue 43 (the counts, then a pull a table; its
// first sync and raw fetch only), so both ratios come from one run; BENCH_WS_BEFORE=0: not.
// Serials on (issue 42): every hub tracks them and the TV units of the open work and of each 1x of
// history are seeded (working-set-seed.ts); the table prints the TV units each device received
// (BENCH_WS_SERIALS=0: no units, as before issue 42).
import pg from 'pg';
import { type Stack } from '../../supabase/local/stack';
import { HUB_SCREEN, fmt, progress } from './browser-page';
import { measureDevice, type Device, type DeviceFigures, type RoundServer } from './browser-working-set';
import { benchStack, printTable, type BenchRow } from './table';
import {
  seedHistory,
  seedOpenUnits,
  seedOpenWork,
  seedUnitHistory,
  serverCounts,
  serverUnits,
} from './working-set-seed';

const SIZES = (process.env.BENCH_WS_SIZES ?? '1,4,16').split(',').map(Number);
const RUNS = Number(process.env.BENCH_WS_RUNS ?? 3);
const DEVICES: Device[] = ['karawang', 'admin'];
const THROTTLE = 4;
const GROWTH_GOAL = 1.2;
const RAW_GOAL = 2;
const COLD_GOAL_MS = 1_500;
/** Issue 43: a hub tablet's cold start to its floor screen's first card. */
const HUB_COLD_GOAL_MS = 1_000;
const HEAP_GOAL_MB = 60;
/**
 * Also measure, at each size and for each device, the first sync as before issue 43 (the counts,
 * then a pull a table: browser-working-set.ts, OLDER_SERVER), beside the one request; 0: not.
 */
const BEFORE = process.env.BENCH_WS_BEFORE !== '0';
/**
 * Issue 42, serials on: every hub tracks serials, the open work has its units (in stock at
 * Karawang and Cikarang, on Karawang's trucks) and each 1x of history its own (delivered to
 * Makassar, or missing on a closed shipment): working-set-seed.ts. BENCH_WS_SERIALS=0: none.
 */
const SERIALS = process.env.BENCH_WS_SERIALS !== '0';
const LABEL: Record<Device, string> = { karawang: 'Karawang tablet', admin: 'admin device' };

/**
 * The server: BENCH_WS_DATABASE_URL, else DATABASE_URL, else (null) the stack's own PostgreSQL
 * server in a temporary directory, as everything else runs by default.
 */
async function serverUrl(): Promise<string | null> {
  const url = process.env.BENCH_WS_DATABASE_URL || process.env.DATABASE_URL;
  if (!url || url === 'embedded') return null;
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await probe.connect();
  } catch (error) {
    throw new Error(
      `The working-set bench runs on PostgreSQL and could not reach ${url} (${String(error)}). ` +
        "Set BENCH_WS_DATABASE_URL (or DATABASE_URL) to a server, or unset both for the stack's own.",
      { cause: error },
    );
  } finally {
    await probe.end().catch(() => undefined);
  }
  return url;
}

interface SizeFigures {
  size: number;
  server: { shipments: number; open: number; inventory: number };
  /** The server's TV units by state (empty without SERIALS). */
  units: Record<string, number>;
  seedMs: number;
  devices: DeviceFigures[];
  /** The first sync as before issue 43 (BEFORE), by device. */
  before: DeviceFigures[];
}

const round = (r: RoundServer | null) =>
  r ? `${fmt(r.ttfbMs)} ms / ${r.requests}${r.byIdRequests ? ` (${r.byIdRequests} by id)` : ''}` : 'n/a';

function figuresTable(sizes: SizeFigures[]): string {
  const header = [
    'size',
    'device',
    'server: shipments / ledger rows / TV units',
    'rows received',
    'TV units received',
    'first sync',
    'raw fetch of the same set',
    'plain IndexedDB put of its rows (every table at once)',
    'IndexedDB',
    `cold start at ${THROTTLE}x (median of ${RUNS})`,
    'JS heap',
    'server per round, ms / requests: first sync; idle round; start round (reconcile)',
  ];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => ' --- ').join('|')}|`];
  for (const s of sizes) {
    for (const d of s.devices) {
      lines.push(
        `| ${s.size}x | ${LABEL[d.device]} | ${fmt(s.server.shipments)} / ${fmt(s.server.inventory)} / ${unitsOf(s.units)} | ${fmt(d.rows)} (shipments ${fmt(d.byTable.shipments ?? 0)}, ledger ${fmt(d.byTable.inventory ?? 0)}) | ${fmt(d.byTable.tv_units ?? 0)} | ${fmt(d.firstSyncMs)} ms | ${fmt(d.rawMs)} ms for ${fmt(d.rawRows)} rows (${(d.firstSyncMs / d.rawMs).toFixed(2)}x) | ${fmt(d.floorMs)} ms | ${fmt(d.idbMb, 1)} MB | ${fmt(d.coldMs)} ms | ${fmt(d.heapMb, 1)} MB | ${round(d.firstRound)}; ${round(d.idleRound)}; ${round(d.startRound)} |`,
      );
    }
  }
  return lines.join('\n');
}

const unitsOf = (units: Record<string, number>) => {
  const all = Object.values(units).reduce((a, b) => a + b, 0);
  return all
    ? `${fmt(all)} (${Object.entries(units)
        .map(([state, n]) => `${state} ${fmt(n)}`)
        .join(', ')})`
    : '0';
};

const holds = (ok: boolean) => (ok ? 'holds' : 'does not hold');

/** Each goal, per device: growth from the smallest to the largest size, and the limits at every size. */
function goalRows(sizes: SizeFigures[]): BenchRow[] {
  const rows: BenchRow[] = [];
  const first = sizes[0]!;
  const last = sizes[sizes.length - 1]!;
  for (const device of DEVICES) {
    const base = first.devices.find((d) => d.device === device)!;
    for (const s of sizes.slice(1)) {
      const d = s.devices.find((x) => x.device === device)!;
      const grow = (label: string, value: number, from: number, unit: string, goal?: number) => {
        const ratio = value / from;
        rows.push([
          `${LABEL[device]}: ${label}, ${s.size}x history`,
          `${fmt(value, unit === 'MB' ? 1 : 0)} ${unit}`,
          `${first.size}x: ${fmt(from, unit === 'MB' ? 1 : 0)} ${unit}${goal ? ` (goal: at most ${goal}x)` : ''}`,
          `${ratio.toFixed(2)}x${goal ? `, ${holds(ratio <= goal)}` : ''}`,
        ]);
      };
      const goal = s === last ? GROWTH_GOAL : undefined;
      grow('rows received', d.rows, base.rows, 'rows', goal);
      if (SERIALS) grow('TV units received', d.byTable.tv_units ?? 0, base.byTable.tv_units ?? 0, 'rows');
      grow('first sync', d.firstSyncMs, base.firstSyncMs, 'ms', goal);
      grow('IndexedDB', d.idbMb, base.idbMb, 'MB');
      grow(`cold start (${THROTTLE}x CPU)`, d.coldMs, base.coldMs, 'ms');
      grow('JS heap', d.heapMb, base.heapMb, 'MB');
      grow('server time of the first sync round', d.firstRound.ttfbMs, base.firstRound.ttfbMs, 'ms');
      if (d.startRound && base.startRound) {
        grow('server time of a start round (reconcile)', d.startRound.ttfbMs, base.startRound.ttfbMs, 'ms');
      }
    }
    for (const s of sizes) {
      const d = s.devices.find((x) => x.device === device)!;
      const ratio = d.firstSyncMs / d.rawMs;
      const was = s.before.find((x) => x.device === device);
      if (was) {
        rows.push([
          `${LABEL[device]}: first sync as before issue 43 (the counts, then a pull a table: ${was.firstRound.requests} requests), ${s.size}x history, against a raw fetch of the same ${fmt(was.rawRows)} rows`,
          `${fmt(was.firstSyncMs)} ms`,
          `fetch: ${fmt(was.rawMs)} ms`,
          `${(was.firstSyncMs / was.rawMs).toFixed(2)}x`,
        ]);
      }
      rows.push([
        `${LABEL[device]}: first sync (one request for the counts and first batches: ${d.firstRound.requests} requests in its round), ${s.size}x history, against a raw fetch of the same ${fmt(d.rawRows)} rows`,
        `${fmt(d.firstSyncMs)} ms`,
        `fetch: ${fmt(d.rawMs)} ms (goal: at most ${RAW_GOAL}x); plain IndexedDB put of the same rows: ${fmt(d.floorMs)} ms`,
        `${ratio.toFixed(2)}x, ${holds(ratio <= RAW_GOAL)}`,
      ]);
      rows.push([
        `${LABEL[device]}: cold start to the dashboard's database figures, ${THROTTLE}x CPU, ${s.size}x history (runs: ${d.coldRuns.map((r) => fmt(r)).join(', ')} ms)`,
        `${fmt(d.coldMs)} ms`,
        `goal: ${fmt(COLD_GOAL_MS)} ms`,
        `${(d.coldMs / COLD_GOAL_MS).toFixed(2)}x, ${holds(d.coldMs <= COLD_GOAL_MS)}`,
      ]);
      if (d.hubColdRuns.length) {
        rows.push([
          `${LABEL[device]}: cold start to the hub screen's first card (${HUB_SCREEN.path}), ${THROTTLE}x CPU, ${s.size}x history (runs: ${d.hubColdRuns.map((r) => fmt(r)).join(', ')} ms)`,
          `${fmt(d.hubColdMs)} ms`,
          `goal: ${fmt(HUB_COLD_GOAL_MS)} ms`,
          `${(d.hubColdMs / HUB_COLD_GOAL_MS).toFixed(2)}x, ${holds(d.hubColdMs <= HUB_COLD_GOAL_MS)}`,
        ]);
      }
      rows.push([
        `${LABEL[device]}: JS heap after the first sync, ${s.size}x history`,
        `${fmt(d.heapMb, 1)} MB`,
        `goal: under ${HEAP_GOAL_MB} MB`,
        `${(d.heapMb / HEAP_GOAL_MB).toFixed(2)}x, ${holds(d.heapMb < HEAP_GOAL_MB)}`,
      ]);
    }
  }
  return rows;
}

/** Seeds each size in turn on one stack and measures both devices there. */
async function measureSizes(stack: Stack): Promise<SizeFigures[]> {
  const sql = new pg.Client({ connectionString: stack.dbUrl });
  await sql.connect();
  const out: SizeFigures[] = [];
  try {
    await seedOpenWork(sql);
    if (SERIALS) await seedOpenUnits(sql);
    let seeded = 0;
    for (const size of SIZES) {
      const started = performance.now();
      await seedHistory(sql, seeded, size);
      if (SERIALS) await seedUnitHistory(sql, seeded, size);
      const seedMs = performance.now() - started;
      seeded = size;
      const server = await serverCounts(sql);
      const units = await serverUnits(sql);
      progress(
        `working set ${size}x: seeded in ${fmt(seedMs)} ms; the server holds ${fmt(server.shipments)} shipments (${fmt(server.open)} open), ${fmt(server.inventory)} ledger rows, TV units ${unitsOf(units)}`,
      );
      const devices: DeviceFigures[] = [];
      const before: DeviceFigures[] = [];
      for (const device of DEVICES) {
        if (BEFORE) {
          const was = await measureDevice(stack.appUrl, stack.anonKey, device, 0, THROTTLE, true);
          progress(
            `working set ${size}x, ${device}, first sync as before issue 43: ${fmt(was.rows)} rows, first sync ${fmt(was.firstSyncMs)} ms, raw ${fmt(was.rawMs)} ms (${(was.firstSyncMs / was.rawMs).toFixed(2)}x); first round ${round(was.firstRound)}`,
          );
          before.push(was);
        }
        const d = await measureDevice(stack.appUrl, stack.anonKey, device, RUNS, THROTTLE);
        progress(
          `working set ${size}x, ${device}: ${fmt(d.rows)} rows (${JSON.stringify(d.byTable)}), first sync ${fmt(d.firstSyncMs)} ms, raw ${fmt(d.rawMs)} ms, IndexedDB ${fmt(d.idbMb, 1)} MB, heap ${fmt(d.heapMb, 1)} MB, cold ${fmt(d.coldMs)} ms; rounds: first ${round(d.firstRound)} (slowest ${d.firstRound.slowest}), idle ${round(d.idleRound)}, start ${round(d.startRound)} (slowest ${d.startRound?.slowest ?? '-'})`,
        );
        devices.push(d);
      }
      out.push({ size, server, units, seedMs, devices, before });
    }
  } finally {
    await sql.end();
  }
  return out;
}

/** The working-set bench on a stack of its own; prints its two tables. */
export async function workingSetBench(): Promise<void> {
  const url = await serverUrl();
  const { stack, stop } = await benchStack('dermaga-bench-ws', url);
  let sizes: SizeFigures[];
  try {
    sizes = await measureSizes(stack);
  } finally {
    await stop();
  }
  const title = `Dermaga working-set benchmark (issue 26), ${new Date().toISOString()}, engine ${stack.engine}, sizes ${SIZES.join('x, ')}x, serials ${SERIALS ? 'on' : 'off'}`;
  console.log(`\n${title}: figures by size\n${figuresTable(sizes)}`);
  printTable(`${title}: goals (growth from ${SIZES[0]}x)`, goalRows(sizes));
}
