// Secondary parts of a screen mount just after its first frame, so what a tap asked
// for is on screen within the tap and the rest follows a moment later (issue 14, P3).
import { startTransition, useEffect, useState } from 'react';

/** False on the first render, true from a render scheduled right after it (interruptible). */
export function useMountedAfterPaint(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setMounted(true)), 0);
    return () => clearTimeout(timer);
  }, []);
  return mounted;
}
