// Shared by the layout-shift tests (issue 43): every layout shift a start makes, as Chromium's
// Layout Instability API reports it, with the elements each one moved.
import type { Page } from 'playwright-core';

/**
 * Far under Lighthouse's "good" cumulative layout shift (0.1): what a start shows when every block
 * holds is the header's buttons settling, about 0.002. One block whose held height came a paint
 * late (a ResizeObserver's report, tried for issue 43) moved the dashboard by 0.085, under 0.1.
 */
export const HELD_CLS = 0.02;

export interface Shift {
  value: number;
  at: number;
  sources: string[];
}

/** An init script: records every layout shift without recent input from the page's first script on. */
export function recordShifts() {
  const w = window as unknown as { __shifts: Shift[] };
  w.__shifts = [];
  const describe = (node: Node | null) => {
    if (!(node instanceof Element)) return String(node?.nodeName ?? 'gone');
    const id = node.closest('[data-testid]')?.getAttribute('data-testid');
    return `${node.tagName.toLowerCase()}${id ? `@${id}` : ''}`;
  };
  type Entry = PerformanceEntry & {
    value: number;
    hadRecentInput: boolean;
    sources: Array<{ node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Entry[]) {
      if (entry.hadRecentInput) continue;
      w.__shifts.push({
        value: entry.value,
        at: Math.round(entry.startTime),
        sources: entry.sources.map(
          (s) =>
            `${describe(s.node)} y ${Math.round(s.previousRect.y)}->${Math.round(s.currentRect.y)} h ${Math.round(
              s.previousRect.height,
            )}->${Math.round(s.currentRect.height)}`,
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The shifts recorded so far, two frames after now (a render's shift is reported after its paint). */
export function shiftsSoFar(page: Page): Promise<Shift[]> {
  return page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return (window as unknown as { __shifts: Shift[] }).__shifts;
  });
}

export const totalShift = (shifts: readonly Shift[]) => shifts.reduce((sum, s) => sum + s.value, 0);
