// A block whose height waits for data (a list or a section drawn from the local database)
// holds, until its data is there, the height it had when this device last drew it at the same
// width (issue 43): the blocks under it do not move when it arrives (Lighthouse's layout
// shift). Kept in localStorage under an app key, so sign-out wipes it; the first start at a
// width has no height to hold, and the block's own placeholder stands.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { HELD_HEIGHTS_KEY } from '../lib/session/storage-keys';

/** Each block's height (px) by its width ("390px"), the last few widths it was drawn at. */
type Held = Record<string, Record<string, number>>;

/** Widths kept per block: a tablet's two orientations and a window or two. */
const WIDTHS_KEPT = 4;

function readHeld(): Held {
  try {
    const held = JSON.parse(localStorage.getItem(HELD_HEIGHTS_KEY) ?? '{}') as unknown;
    return typeof held === 'object' && held !== null ? (held as Held) : {};
  } catch {
    return {};
  }
}

function keep(id: string, width: string, height: number): void {
  const held = readHeld();
  const widths = held[id] ?? {};
  if (widths[width] === height) return;
  delete widths[width];
  widths[width] = height;
  // The latest widths last (string keys keep their insertion order unless they look like integers,
  // so the widths are written as "390px").
  held[id] = Object.fromEntries(Object.entries(widths).slice(-WIDTHS_KEPT));
  try {
    localStorage.setItem(HELD_HEIGHTS_KEY, JSON.stringify(held));
  } catch {
    // A full storage costs the next start its held height, nothing else.
  }
}

const px = (width: number) => `${Math.round(width)}px`;

export function HeldHeight({
  id,
  ready,
  className,
  children,
}: {
  /** The block's name in the kept heights. */
  id: string;
  /** Its data is there: its height is its own, and is kept for the next start. */
  ready: boolean;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [minHeight, setMinHeight] = useState<number | undefined>(undefined);
  // Before the first paint: the height to hold at this width while the data is not there.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (!ready) {
      setMinHeight(readHeld()[id]?.[px(element.getBoundingClientRect().width)]);
      return;
    }
    setMinHeight(undefined);
    const observer = new ResizeObserver(() => {
      const { width, height } = element.getBoundingClientRect();
      if (width > 0 && height > 0) keep(id, px(width), Math.round(height));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [id, ready]);
  return (
    <div ref={ref} className={className} style={!ready && minHeight ? { minHeight } : undefined}>
      {children}
    </div>
  );
}
