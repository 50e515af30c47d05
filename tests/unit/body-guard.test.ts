// The gateway's scan for too deeply nested JSON (supabase/local/body-guard.ts).
import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds } from '../../supabase/local/body-guard';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('jsonDepthExceeds', () => {
  it.each([
    ['{}', 1, false],
    ['{"a":[1,{"b":[]}]}', 4, false],
    ['{"a":[1,{"b":[]}]}', 3, true],
    ['[[[]]]', 3, false],
    ['[[[[]]]]', 3, true],
    // Brackets inside strings, escaped quotes included, do not count.
    ['{"name":"[[[[[[[[[["}', 1, false],
    ['{"name":"say \\"[[[[\\" ok"}', 1, false],
    ['{"a":"\\\\"}', 1, false],
    ['{"a":"\\\\","b":[[[]]]}', 3, true],
    // Siblings do not add up: depth, not count.
    ['[[],[],[],[],[]]', 2, false],
  ])('%s with a limit of %i: %s', (text, max, exceeds) => {
    expect(jsonDepthExceeds(bytes(text), max)).toBe(exceeds);
  });

  it('finds 10,000 levels in a 20 KB body', () => {
    const deep = '{"commands":' + '['.repeat(10_000) + ']'.repeat(10_000) + '}';
    expect(jsonDepthExceeds(bytes(deep), 64)).toBe(true);
  });
});
