// Where a sideways-scrolling box has content out of sight (useScrollEdges: the data tables' fade
// and the tab rows' arrows). The hook's wiring is exercised in Chromium by
// tests/e2e/hub-tabs-phone.test.ts and tests/e2e/legibility.test.ts; these are the rule's cases.
import { describe, expect, it } from 'vitest';
import { scrollEdgesOf } from '../../src/lib/hooks/use-scroll-edges';

describe('scrollEdgesOf', () => {
  it.each([
    ['a box whose content fits has neither edge', 0, 800, 800, false, false],
    ['content wider than the box, at its start: only the right edge', 0, 390, 620, false, true],
    ['scrolled part way: both edges', 100, 390, 620, true, true],
    ['scrolled to the end (230 = 620 - 390): only the left edge', 230, 390, 620, true, false],
    // A zoomed screen rounds scroll positions to fractions: within a pixel of an end is there.
    ['0.6 px from the start counts as at the start', 0.6, 390, 620, false, true],
    ['0.6 px short of the end counts as at the end', 229.4, 390, 620, true, false],
    ['2 px short of the end does not', 228, 390, 620, true, true],
  ])('%s', (_case, scrollLeft, clientWidth, scrollWidth, left, right) => {
    expect(scrollEdgesOf({ scrollLeft, clientWidth, scrollWidth })).toEqual({ left, right });
  });
});
