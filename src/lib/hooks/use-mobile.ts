import { useCallback, useSyncExternalStore } from 'react';
import { COMPACT_BREAKPOINT, MOBILE_BREAKPOINT } from '../limits';

/** Whether the viewport is narrower than `width` px, following its changes (a tablet turned). */
function useNarrowerThan(width: number): boolean {
  const query = `(max-width: ${width - 1}px)`;
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Under 768px wide (spec 9): the sidebar becomes a slide-over sheet. */
export function useIsMobile(): boolean {
  return useNarrowerThan(MOBILE_BREAKPOINT);
}

/** Under 1024px wide, a tablet upright included: the sidebar is an icon rail (issue 29). */
export function useIsCompact(): boolean {
  return useNarrowerThan(COMPACT_BREAKPOINT);
}
