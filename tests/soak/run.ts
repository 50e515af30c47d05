// npm run soak: the soak at size on a fresh local stack (embedded PGlite, or
// PostgreSQL with DATABASE_URL). 10 tablets (three at Karawang on the same
// vehicles, two at Cikarang, the ports, the Makassar POD and two desk users),
// 10,000 commands at SOAK_SCALE=1, kills and partitions in proportion.
// SOAK_SEED replays a run. Prints the checker's figures; exits 1 unless
// nothing was lost, doubled, stuck or diverged.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack } from '../../supabase/local/stack';
import { printReport, runSoak } from './soak';

const SCALE = Number(process.env.SOAK_SCALE ?? 1);
const SEED = Number(process.env.SOAK_SEED ?? Date.now() % 2 ** 31);

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'dermaga-soak-'));
  const stack = await startStack({ apiPort: 0, appPort: 0, dataDir, databaseUrl: process.env.DATABASE_URL });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void stack.stop().finally(() => process.exit(130)));
  }
  let ok: boolean;
  try {
    const started = Date.now();
    const report = await runSoak({
      apiUrl: stack.apiUrl,
      anonKey: stack.anonKey,
      dbUrl: stack.dbUrl,
      password: 'demo1234',
      seed: SEED,
      devices: [
        { name: 'karawang-1', email: 'karawang@demo.local' },
        { name: 'karawang-2', email: 'karawang@demo.local' },
        { name: 'karawang-3', email: 'karawang@demo.local' },
        { name: 'cikarang-1', email: 'cikarang@demo.local' },
        { name: 'cikarang-2', email: 'cikarang@demo.local' },
        { name: 'poljak-1', email: 'poljak@demo.local' },
        { name: 'polsub-1', email: 'polsub@demo.local' },
        { name: 'makassar-1', email: 'makassar@demo.local' },
        { name: 'admin-1', email: 'admin@demo.local' },
        { name: 'tower-1', email: 'tower@demo.local' },
      ],
      commands: Math.max(50, Math.round(10_000 * SCALE)),
      kills: Math.max(1, Math.round(20 * SCALE)),
      partitions: Math.max(1, Math.round(20 * SCALE)),
      faultRate: 0.25,
      log: console.log,
    });
    printReport(report, console.log);
    if (report.details.length) console.log(report.details.join('\n'));
    console.log(`[soak] engine ${stack.engine ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite')}, ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
    ok = report.lost + report.doubled + report.stuck + report.diverged === 0;
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(ok ? 0 : 1);
}

void main();
