// The tables' text filter: every word of the query must appear in one of the
// row's values, ignoring case and surrounding space ('krw 12' finds KRW-1201).
import type { CsvValue } from './csv';

export function matchesFilter(values: readonly CsvValue[], query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = values
    .filter((v) => v !== null && v !== undefined)
    .map((v) => String(v).toLowerCase())
    .join('\u0000');
  return words.every((w) => haystack.includes(w));
}
