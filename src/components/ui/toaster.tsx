// The app's toasts (sonner) themselves: their own chunk, loaded after the first paint (issue 43,
// ./sonner.tsx), as is sonner.
import type { ComponentProps, CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';
import { useT } from '../../lib/i18n';

export { toast } from 'sonner';

/** The app's toasts (sonner), styled with the theme's tokens. */
export function Toaster(props: ComponentProps<typeof Sonner>) {
  const t = useT();
  return (
    <Sonner
      richColors
      closeButton
      containerAriaLabel={t('common.notifications')}
      toastOptions={{ closeButtonAriaLabel: t('ui.closeToast') }}
      position="top-right"
      // Below the app header, so a toast never hides the sync indicator.
      offset={{ top: '4.5rem', right: '1rem' }}
      // Phones too (sonner's own is 16px from the top there: over the header's sync status).
      mobileOffset={{ top: '4.5rem', right: '1rem', left: '1rem' }}
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          // sonner's rich colours give text of 3.1 to 4.4:1 on their backgrounds; the theme's toast
          // tokens (src/index.css) reach 7:1, black on white in high-contrast mode (issue 29).
          '--success-text': 'var(--toast-success-text)',
          '--info-text': 'var(--toast-info-text)',
          '--warning-text': 'var(--toast-warning-text)',
          '--error-text': 'var(--toast-error-text)',
        } as CSSProperties
      }
      {...props}
    />
  );
}
