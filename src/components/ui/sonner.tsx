// The toasts' host. sonner (about 11 KB gzip) is not on the first screen (issue 43): the toaster
// (./toaster.tsx, with sonner) is its own chunk, loaded once the app has rendered, and the first
// screen's code (the sign-in, the service worker's prompts) shows a toast through toastLater. A
// toast made before the toaster has mounted shows once it has (sonner hands a new subscriber the
// toasts still active). The screens past the first import `toast` from 'sonner' as before.
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import type { toast } from 'sonner';

type ToasterModule = typeof import('./toaster');
let loading: Promise<ToasterModule> | undefined;
function loadToaster(): Promise<ToasterModule> {
  loading ??= import('./toaster').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Shows a toast once sonner has loaded (at once when it has). */
export function toastLater(show: (toaster: typeof toast) => void): void {
  loadToaster().then(
    (module) => show(module.toast),
    (error: unknown) => console.error('toasts: could not be loaded', error),
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
    let unmounted = false;
    loadToaster().then(
      ({ Toaster }) => {
        if (!unmounted) root.render(<Toaster />);
      },
      (error: unknown) => console.error('toasts: could not be loaded', error),
    );
    return () => {
      unmounted = true;
      // Not while React commits the app's root.
      setTimeout(() => {
        root.unmount();
        host.remove();
      }, 0);
    };
  }, []);
  return null;
}
