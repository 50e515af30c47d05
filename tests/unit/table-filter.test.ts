// The data tables' text filter (src/lib/table-filter.ts).
import { describe, expect, it } from 'vitest';
import { matchesFilter } from '../../src/lib/table-filter';

const row = ['KRW-251120-08', 80, 'otw_cikarang', 'Hub Karawang → Hub Cikarang', null];

describe('matchesFilter', () => {
  it.each([
    ['', true],
    ['   ', true],
    ['krw', true],
    ['KRW-2511', true],
    ['karawang cikarang', true],
    ['cikarang karawang', true],
    ['80', true],
    ['polsub', false],
    ['krw polsub', false],
    ['null', false],
  ])('%j -> %s', (query, expected) => {
    expect(matchesFilter(row, query)).toBe(expected);
  });

  it('does not match across two values', () => {
    expect(matchesFilter(['ab', 'cd'], 'bc')).toBe(false);
  });
});
