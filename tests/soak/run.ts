// npm run soak: the soak at size on a stack of its own (its own PostgreSQL server, or
// PostgreSQL with DATABASE_URL: a database of its own on that server), run as
// its own process group so it can be killed hard (SIGKILL) and restarted
// halfway. 10 tablets (three at Karawang on the same vehicles, two at
// Cikarang, the ports, the Makassar POD and two desk users), 10,000 commands
// at SOAK_SCALE=1, kills and partitions in proportion, a few poisoned
// commands, photos, tokens that expire every few seconds. SOAK_SEED replays a
// run. Prints the checker's figures; exits 1 unless nothing was lost,
// doubled, stuck or diverged.
import { printReport, runSoak } from './soak';
import { startSoakStack } from './soak-stack';
import { DEMO_PASSWORD, DEMO_USERS } from '../support/demo';

const SCALE = Number(process.env.SOAK_SCALE ?? 1);
const SEED = Number(process.env.SOAK_SEED ?? Date.now() % 2 ** 31);

async function main() {
  const stack = await startSoakStack(process.env.DATABASE_URL || undefined, console.log);
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
      jwtSecret: stack.jwtSecret,
      password: DEMO_PASSWORD,
      seed: SEED,
      devices: [
        { name: 'karawang-1', email: DEMO_USERS.karawang },
        { name: 'karawang-2', email: DEMO_USERS.karawang },
        { name: 'karawang-3', email: DEMO_USERS.karawang },
        { name: 'cikarang-1', email: DEMO_USERS.cikarang },
        { name: 'cikarang-2', email: DEMO_USERS.cikarang },
        { name: 'poljak-1', email: DEMO_USERS.poljak },
        { name: 'polsub-1', email: DEMO_USERS.polsub },
        { name: 'makassar-1', email: DEMO_USERS.makassar },
        { name: 'admin-1', email: DEMO_USERS.admin },
        { name: 'tower-1', email: DEMO_USERS.tower },
      ],
      commands: Math.max(50, Math.round(10_000 * SCALE)),
      kills: Math.max(1, Math.round(20 * SCALE)),
      partitions: Math.max(1, Math.round(20 * SCALE)),
      faultRate: 0.25,
      poisonRate: 0.005,
      photoRate: 0.02,
      restartStack: stack.restart,
      log: console.log,
    });
    printReport(report, console.log);
    if (report.details.length) console.log(report.details.join('\n'));
    console.log(
      `[soak] engine ${stack.engine}; restart took ${stack.restartSeconds.map((s) => s.toFixed(1)).join(', ')} s; ${((Date.now() - started) / 1000).toFixed(0)} s in all`,
    );
    ok =
      report.lost + report.doubled + report.stuck + report.diverged + report.balances.off === 0 && report.restarts === 1;
  } finally {
    await stack.stop();
  }
  process.exit(ok ? 0 : 1);
}

void main();
