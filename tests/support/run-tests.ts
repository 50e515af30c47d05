// `npm test` after the build (package.json), and what CI runs (.ci/run): every test project, in
// vitest processes side by side, then the short soak alone.
//   - the e2e files in TEST_E2E_SHARDS shards (3), the integration files, the unit files: five
//     jobs on TEST_LANES lanes (2, this machine's cores), longest first; each integration or e2e
//     job starts a stack of its own (its own PostgreSQL data, ports and demo rows), so no job
//     reads rows another job moved;
//   - the short soak last, alone: its tablets refresh tokens through injected faults, and on a
//     busy machine a retried refresh could come after Auth's 10 s reuse window.
// Each job's output goes to a log; a finished job prints one line, a failed one its whole log,
// and the run ends with every job's result. Arguments (npm test -- <files or flags>) run one
// plain `vitest run` with them instead.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const require = createRequire(import.meta.url);
const VITEST = join(require.resolve('vitest/package.json'), '..', 'vitest.mjs');
const positive = (name: string, fallback: number) => {
  const n = Number(process.env[name] ?? fallback);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};
const LANES = positive('TEST_LANES', 2);
const SHARDS = positive('TEST_E2E_SHARDS', 3);

interface Job {
  name: string;
  args: string[];
}
interface Result extends Job {
  status: number;
  seconds: number;
  log: string;
}

const logs = mkdtempSync(join(tmpdir(), 'dermaga-tests-'));

function run(job: Job): Promise<Result> {
  // A name as long as many files named on the command line would pass the file system's limit.
  const log = join(logs, `${job.name.replace(/\W+/g, '-').slice(0, 120)}.log`);
  const out = createWriteStream(log);
  const began = Date.now();
  console.log(`[test] ${job.name}: started`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [VITEST, 'run', ...job.args], {
      env: { ...process.env, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.once('close', (code, signal) => {
      out.end(() => {
        const result = {
          ...job,
          status: code ?? (signal ? 1 : 0),
          seconds: (Date.now() - began) / 1000,
          log,
        };
        const text = stripVTControlCharacters(readFileSync(log, 'utf8'));
        const counts =
          text.match(/^\s*(Test Files|Tests)\s+.*$/gm)?.map((l) => l.trim().replace(/\s+/g, ' ')) ?? [];
        console.log(
          `[test] ${job.name}: ${result.status === 0 ? 'passed' : `FAILED (exit ${result.status})`} in ` +
            `${result.seconds.toFixed(0)} s${counts.length ? ` (${counts.join('; ')})` : ''}`,
        );
        if (result.status !== 0) console.log(text);
        resolve(result);
      });
    });
  });
}

async function lanes(jobs: Job[], count: number): Promise<Result[]> {
  const queue = [...jobs];
  const results: Result[] = [];
  await Promise.all(
    Array.from({ length: Math.min(count, jobs.length) }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) results.push(await run(job));
    }),
  );
  return results;
}

async function main(): Promise<number> {
  const extra = process.argv.slice(2);
  if (extra.length) return (await run({ name: `vitest ${extra.join(' ')}`, args: extra })).status;

  const began = Date.now();
  const e2e = Array.from({ length: SHARDS }, (_, i) => ({
    name: `e2e ${i + 1}/${SHARDS}`,
    args: ['--project', 'e2e', ...(SHARDS > 1 ? [`--shard=${i + 1}/${SHARDS}`] : [])],
  }));
  // Longest first: the e2e shards, then integration, then unit.
  const jobs: Job[] = [...e2e.slice(0, LANES), { name: 'integration', args: ['--project', 'integration'] }];
  jobs.push(...e2e.slice(LANES), { name: 'unit', args: ['--project', 'unit'] });
  console.log(`[test] ${jobs.length} jobs on ${LANES} lanes, then the short soak alone; logs in ${logs}`);
  const results = await lanes(jobs, LANES);
  results.push(await run({ name: 'soak', args: ['--project', 'soak'] }));

  console.log(`\n[test] done in ${((Date.now() - began) / 1000).toFixed(0)} s:`);
  for (const r of results) console.log(`[test]   ${r.name}: exit ${r.status} in ${r.seconds.toFixed(0)} s`);
  const failed = results.filter((r) => r.status !== 0);
  if (!failed.length) rmSync(logs, { recursive: true, force: true });
  return failed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
