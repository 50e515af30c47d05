// Issue 13: a short fixed-seed soak in the normal suite. Three tablets (two
// Karawang tablets on the same vehicles, one at Cikarang) each in its own
// worker, the real engine behind its own faulty proxy; a kill and a
// partition; then the checker: nothing lost, doubled, stuck or diverged.
// `npm run soak` runs the full size (tests/soak/run.ts).
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, stack } from '../support/clients';
import { FAULT_KINDS } from '../support/flaky-proxy';
import { printReport, runSoak } from '../soak/soak';

describe('a short soak', () => {
  it('three tablets under faults, a kill and a partition: nothing lost, doubled, stuck or diverged', async () => {
    const report = await runSoak({
      apiUrl: stack().apiUrl,
      anonKey: stack().anonKey,
      dbUrl: stack().dbUrl,
      password: DEMO_PASSWORD,
      seed: Number(process.env.SOAK_SEED ?? 1123),
      devices: [
        { name: 'karawang-1', email: 'karawang@demo.local' },
        { name: 'karawang-2', email: 'karawang@demo.local' },
        { name: 'cikarang-1', email: 'cikarang@demo.local' },
      ],
      commands: 150,
      kills: 1,
      partitions: 1,
      faultRate: 0.3,
      log: console.log,
    });
    printReport(report, console.log);
    if (report.details.length) console.log(report.details.join('\n'));
    expect(report.commands).toBeGreaterThanOrEqual(100);
    for (const kind of FAULT_KINDS) expect(report.faults[kind], kind).toBeGreaterThan(0);
    expect(report.kills).toBe(1);
    expect({ lost: report.lost, doubled: report.doubled, stuck: report.stuck, diverged: report.diverged }).toEqual({
      lost: 0,
      doubled: 0,
      stuck: 0,
      diverged: 0,
    });
  }, 600_000);
});
