// The one table both benchmarks print: each measure, its result, the baseline measured in the
// same run (or the goal), and their ratio; and the stack each runs on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack, type Stack } from '../../supabase/local/stack';
import { createTestDatabase } from '../support/test-database';
export type BenchRow = [measure: string, result: string, baseline: string, ratio: string];

export function printTable(title: string, rows: BenchRow[]): void {
  const header: BenchRow = ['measure', 'result', 'baseline (same run)', 'ratio'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

/** Runs a benchmark's main and exits with its outcome (the stack's processes go with it). */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

/**
 * A fresh local stack for a benchmark: the stack's own PostgreSQL in a temporary directory, or with
 * DATABASE_URL a throwaway database of its own on that server (never the database the URL
 * names: seeding it run after run would grow every table and skew the next run). `stop`
 * stops the stack and removes both; it also runs on Ctrl-C.
 */
export async function benchStack(
  prefix: string,
  // The server to make the throwaway database on (null: the stack's own); DATABASE_URL when not given.
  serverUrl: string | null = process.env.DATABASE_URL ?? null,
): Promise<{ stack: Stack; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const database = serverUrl ? await createTestDatabase(serverUrl, prefix.replace(/\W/g, '_')) : undefined;
  const stack = await startStack({ apiPort: 0, appPort: 0, dataDir, databaseUrl: database?.url });
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      await stack.stop();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void stop().finally(() => process.exit(130)));
  }
  return { stack, stop };
}
