// A part of a screen far below the fold is drawn when the reader comes near it, not while the
// screen opens (issue 43: the dashboard's charts stand two to three screens down on a phone, and
// drawing them was the longest task of the dashboard's start).
import { useCallback, useState } from 'react';

/** How near counts: within half a screen below the viewport, so a scroll finds it drawn. */
const NEAR = '0px 0px 50% 0px';

/**
 * A ref callback for the part's box (which may mount later than the screen) and whether that
 * box has come within `NEAR` of the viewport. Once near it stays true: what is drawn is not
 * taken away on scrolling back up. The observer lives in the ref callback (React 19 calls its
 * returned cleanup when the box goes), so mounting the box renders nothing again.
 */
export function useNearViewport<T extends Element>(): [(box: T | null) => (() => void) | undefined, boolean] {
  const [near, setNear] = useState(false);
  const observe = useCallback(
    (box: T | null) => {
      if (near || !box) return undefined;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) setNear(true);
        },
        { rootMargin: NEAR },
      );
      observer.observe(box);
      return () => observer.disconnect();
    },
    [near],
  );
  return [observe, near];
}
