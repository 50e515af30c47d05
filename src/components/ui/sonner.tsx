import { useEffect, type ComponentProps, type CSSProperties } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster as Sonner } from 'sonner';
import { useT } from '../../lib/i18n';

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

/**
 * The toasts in a React root of their own (issue 14, P3). A toast that has just mounted leaves
 * an update pending (sonner then measures its height in a layout effect). In the app's root the
 * next tap's synchronous render would take that update along (React renders pending default
 * updates with synchronous ones) and pay for a forced style recalculation of the whole screen
 * inside the tap; in a root of its own it renders in a task of its own.
 */
export function DetachedToaster() {
  useEffect(() => {
    const host = document.createElement('div');
    host.dataset.slot = 'toaster';
    // A modal dialog makes the page inert (pointer-events: none on the body); the toasts over it
    // stay pressable, their Urungkan above all (issue 41; the dialog leaves them be:
    // keepOpenOnToast in src/lib/dialog-toasts.ts).
    host.style.pointerEvents = 'auto';
    document.body.appendChild(host);
    const root = createRoot(host);
    root.render(<Toaster />);
    return () => {
      // Not while React commits the app's root.
      setTimeout(() => {
        root.unmount();
        host.remove();
      }, 0);
    };
  }, []);
  return null;
}
