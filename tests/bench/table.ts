// The one table both benchmarks print: each measure, its result, the baseline measured in the
// same run (or the goal), and their ratio.
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
