// Where a sideways-scrolling box has content out of sight (useScrollEdges: the data tables' fade
// and the hub tab row's arrows). The hook's wiring is exercised in Chromium by
// tests/e2e/hub-tabs-phone.test.ts and tests/e2e/legibility.test.ts; these are the rule's cases.
import { describe, expect, it } from 'vitest';
import { scrollEdgesOf } from '../../src/lib/hooks/use-scroll-edges';

describe('scrollEdgesOf', () => {
  it('a box whose content fits has neither edge', () => {
    expect(scrollEdgesOf({ scrollLeft: 0, clientWidth: 800, scrollWidth: 800 })).toEqual({
      left: false,
      right: false,
    });
  });

  it('content wider than the box, at its start: only the right edge', () => {
    expect(scrollEdgesOf({ scrollLeft: 0, clientWidth: 390, scrollWidth: 620 })).toEqual({
      left: false,
      right: true,
    });
  });

  it('scrolled part way: both edges', () => {
    expect(scrollEdgesOf({ scrollLeft: 100, clientWidth: 390, scrollWidth: 620 })).toEqual({
      left: true,
      right: true,
    });
  });

  it('scrolled to the end (230 = 620 - 390): only the left edge', () => {
    expect(scrollEdgesOf({ scrollLeft: 230, clientWidth: 390, scrollWidth: 620 })).toEqual({
      left: true,
      right: false,
    });
  });

  it('a zoomed screen one fraction of a pixel short of either end counts as there', () => {
    expect(scrollEdgesOf({ scrollLeft: 0.6, clientWidth: 390, scrollWidth: 620 }).left).toBe(false);
    expect(scrollEdgesOf({ scrollLeft: 229.4, clientWidth: 390, scrollWidth: 620 }).right).toBe(false);
    expect(scrollEdgesOf({ scrollLeft: 228, clientWidth: 390, scrollWidth: 620 }).right).toBe(true);
  });
});
