// Issue 13: a short fixed-seed soak in the normal suite, on a stack of its own
// (its own process group and data; on PostgreSQL its own database), so the
// stack can be killed hard (SIGKILL) halfway and started again. Three tablets
// (two Karawang tablets on the same vehicles, one at Cikarang), each the real
// engine in its own worker behind its own faulty proxy (every fault kind,
// expired tokens among them; tokens refreshed every few seconds); a tablet
// kill and a partition; poisoned commands and photos among the commands; then
// the checker: nothing lost, doubled, stuck or diverged, and every stock balance
// equal to its ledger.
// `npm run soak` runs the full size (tests/soak/run.ts).
import { afterAll, describe, expect, it } from 'vitest';
import { FAULT_KINDS } from '../support/flaky-proxy';
import { DEMO_PASSWORD, DEMO_USERS } from '../support/demo';
import { printReport, runSoak } from '../soak/soak';
import { startSoakStack, type SoakStack } from '../soak/soak-stack';
import { POISON_KINDS } from '../soak/model';

let own: SoakStack | undefined;
afterAll(async () => own?.stop());

describe('a short soak', () => {
  it('three tablets under faults, a tablet kill, a stack SIGKILL and restart: nothing lost, doubled, stuck or diverged', async () => {
    own = await startSoakStack(process.env.DATABASE_URL || undefined, console.log);
    const report = await runSoak({
      apiUrl: own.apiUrl,
      anonKey: own.anonKey,
      dbUrl: own.dbUrl,
      jwtSecret: own.jwtSecret,
      password: DEMO_PASSWORD,
      seed: Number(process.env.SOAK_SEED ?? 1123),
      devices: [
        { name: 'karawang-1', email: DEMO_USERS.karawang },
        { name: 'karawang-2', email: DEMO_USERS.karawang },
        { name: 'cikarang-1', email: DEMO_USERS.cikarang },
      ],
      commands: 200,
      kills: 1,
      partitions: 1,
      faultRate: 0.3,
      poisonRate: 0.08,
      photoRate: 0.1,
      restartStack: own.restart,
      log: console.log,
    });
    printReport(report, console.log);
    if (report.details.length) console.log(report.details.join('\n'));
    expect(report.commands).toBeGreaterThanOrEqual(150);
    for (const kind of FAULT_KINDS) expect(report.faults[kind], kind).toBeGreaterThan(0);
    expect(report.kills).toBe(1);
    expect(report.restarts).toBe(1);
    expect(report.refreshes).toBeGreaterThan(0);
    // Every kind of poison was sent, and each was refused; none applied.
    const poisonKinds = new Set(Object.keys(report.poison).map((k) => k.split(':')[0]));
    for (const kind of POISON_KINDS) expect(poisonKinds.has(kind), kind).toBe(true);
    expect(Object.keys(report.poison).filter((k) => /APPLIED|NO OUTCOME/.test(k))).toEqual([]);
    expect(report.photos.onShipments).toBeGreaterThan(0);
    expect({ lost: report.lost, doubled: report.doubled, stuck: report.stuck, diverged: report.diverged }).toEqual({
      lost: 0,
      doubled: 0,
      stuck: 0,
      diverged: 0,
    });
    // Issue 26: every warehouse's balance is the sum of its ledger rows (and the tablets' balances are the server's: diverged).
    expect(report.balances.warehouses).toBeGreaterThan(0);
    expect(report.balances.off).toBe(0);
  }, 600_000);
});
