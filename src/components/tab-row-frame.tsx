// The frame of a row of tabs that scrolls sideways on a narrow screen (issue 41): the current
// tab is kept in view (after a reload, a tap, or the counts arriving), and an edge with tabs
// beyond it shows a fade into the row's colour and an arrow ([data-tabs-frame] in
// src/index.css), so a phone's row says it scrolls. The hub's tabs (links, the current one
// aria-current) and the POD screen's (Radix tabs, the current one aria-selected) both sit in it.
import { useLayoutEffect, type ReactNode, type RefObject } from 'react';
import { useScrollEdges } from '../lib/hooks/use-scroll-edges';

/** Clear of an edge's fade (2.75rem) when a tab is scrolled into view. */
const CLEAR_OF_FADE = 48;

export function TabRowFrame({
  row,
  current,
  counts,
  testId,
  children,
}: {
  /** The element that scrolls: the row of tabs itself, inside the frame. */
  row: RefObject<HTMLElement | null>;
  /** The current tab; when it changes, it is scrolled into view. */
  current: string;
  /**
   * The tabs' counts (compared by identity: an object kept while they hold, or one string of
   * them): a tab widened by its count arriving or growing (9 to 10) is kept in view too.
   */
  counts?: unknown;
  testId?: string;
  children: ReactNode;
}) {
  useLayoutEffect(() => {
    const box = row.current;
    const tab = box?.querySelector<HTMLElement>('[aria-current=page], [role=tab][aria-selected=true]');
    if (!box || !tab) return;
    const [outer, inner] = [box.getBoundingClientRect(), tab.getBoundingClientRect()];
    // Within the row only, never the page; a tab under an edge's fade is not in view either (the
    // first or last tab scrolls the row to its end, the fade gone).
    if (inner.left < outer.left + CLEAR_OF_FADE)
      box.scrollBy({ left: inner.left - outer.left - CLEAR_OF_FADE });
    else if (inner.right > outer.right - CLEAR_OF_FADE)
      box.scrollBy({ left: inner.right - outer.right + CLEAR_OF_FADE });
  }, [row, current, counts]);
  const edges = useScrollEdges(row);
  return (
    <div
      className="relative min-w-0"
      data-tabs-frame=""
      data-more-left={String(edges.left)}
      data-more-right={String(edges.right)}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
