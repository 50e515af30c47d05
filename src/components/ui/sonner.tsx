import type { ComponentProps, CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';

/** The app's toasts (sonner), styled with the theme's tokens. */
export function Toaster(props: ComponentProps<typeof Sonner>) {
  return (
    <Sonner
      richColors
      closeButton
      position="top-right"
      // Below the app header, so a toast never hides the sync indicator.
      offset={{ top: '4.5rem', right: '1rem' }}
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
        } as CSSProperties
      }
      {...props}
    />
  );
}
