// Issue 13: a short fixed-seed soak in the normal suite. Three tablets (two
// Karawang tablets on the same vehicles, one at Cikarang) each in its own
// worker, the real engine behind its own faulty proxy; a kill and a
// partition; then the checker: nothing lost, doubled, stuck or diverged.
// `npm run soak` runs the full size (tests/soak/run.ts).
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, ownerSql, stack } from '../support/clients';
import { FAULT_KINDS } from '../support/flaky-proxy';
import { printReport, runSoak } from '../soak/soak';

describe('a short soak', () => {
  it('three tablets under faults, a kill and a partition: nothing lost, doubled, stuck or diverged', async () => {
    // The suite's seeded vehicles and shipments must come out as they went in (other tests read them).
    const seeded = async () => {
      const sql = await ownerSql();
      try {
        const { rows } = await sql.query(
          `select id::text, change_xid::text from public.vehicles where id::text like '55555555-%'
           union all select id::text, change_xid::text from public.shipments where id::text like '66666666-%' order by 1`,
        );
        return rows;
      } finally {
        await sql.end();
      }
    };
    const before = await seeded();
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
      // The suite's stack is shared: the seeded rows stay the read matrix's.
      ownRows: true,
      log: console.log,
    });
    printReport(report, console.log);
    if (report.details.length) console.log(report.details.join('\n'));
    expect(report.commands).toBeGreaterThanOrEqual(100);
    for (const kind of FAULT_KINDS) expect(report.faults[kind], kind).toBeGreaterThan(0);
    expect(report.kills).toBe(1);
    expect(await seeded()).toEqual(before);
    expect({ lost: report.lost, doubled: report.doubled, stuck: report.stuck, diverged: report.diverged }).toEqual({
      lost: 0,
      doubled: 0,
      stuck: 0,
      diverged: 0,
    });
  }, 600_000);
});
