// A part of a screen far below the fold is drawn when the reader comes near it, not while the
// screen opens (issue 43: the dashboard's charts stand two to three screens down on a phone, and
// drawing them was the longest task of the dashboard's start).
import { useEffect, useState } from 'react';

/** How near counts: within half a screen below the viewport, so a scroll finds it drawn. */
const NEAR = '0px 0px 50% 0px';

/**
 * A ref callback for the part's box (which may mount later than the screen) and whether that
 * box has come within `NEAR` of the viewport. Once near it stays true: what is drawn is not
 * taken away on scrolling back up.
 */
export function useNearViewport<T extends Element>(): [(box: T | null) => void, boolean] {
  const [box, setBox] = useState<T | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !box) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [box, near]);
  return [setBox, near];
}
