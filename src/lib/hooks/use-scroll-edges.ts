// Whether a box that scrolls sideways has content out of sight beyond its left and right edges,
// kept as it scrolls, resizes or its content grows. The one way the screens find where to draw a
// fade or an arrow: the data tables' right edge (data-table.tsx) and the rows of tabs, the hub's
// and the POD screen's (tab-row-frame.tsx); src/index.css draws each from its own attribute.
import { useLayoutEffect, useState, type RefObject } from 'react';

export interface ScrollEdges {
  left: boolean;
  right: boolean;
}

const NONE: ScrollEdges = { left: false, right: false };

/** A pixel of slack: a zoomed screen rounds scroll positions to fractions. */
export function scrollEdgesOf(
  box: Pick<HTMLElement, 'scrollLeft' | 'clientWidth' | 'scrollWidth'>,
): ScrollEdges {
  return {
    left: box.scrollLeft > 1,
    right: box.scrollLeft + box.clientWidth < box.scrollWidth - 1,
  };
}

/**
 * The edges of `box`, or of the element in it that `selector` names when the box wraps the one
 * that scrolls. Measured before the first paint (a layout effect), so a row that fits never
 * shows a fade for a frame; the screen renders again only when an edge changes.
 */
export function useScrollEdges(box: RefObject<HTMLElement | null>, selector?: string): ScrollEdges {
  const [edges, setEdges] = useState(NONE);
  useLayoutEffect(() => {
    const outer = box.current;
    const scroller = outer && selector ? outer.querySelector<HTMLElement>(selector) : outer;
    if (!scroller) return;
    const update = () => {
      const next = scrollEdgesOf(scroller);
      setEdges((was) => (was.left === next.left && was.right === next.right ? was : next));
    };
    update();
    // The box's own size, and its content's: a tab's count arriving or a table's rows widen it.
    const resized = new ResizeObserver(update);
    resized.observe(scroller);
    for (const child of scroller.children) resized.observe(child);
    // A child added later (a tab, a table's body) is observed too; one taken away is measured.
    const added = new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes) if (node instanceof Element) resized.observe(node);
      update();
    });
    added.observe(scroller, { childList: true });
    scroller.addEventListener('scroll', update, { passive: true });
    return () => {
      resized.disconnect();
      added.disconnect();
      scroller.removeEventListener('scroll', update);
    };
  }, [box, selector]);
  return edges;
}
