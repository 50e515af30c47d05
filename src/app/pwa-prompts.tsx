import { useEffect } from 'react';
import { toast } from 'sonner';
import { useRegisterSW } from 'virtual:pwa-register/react';
import {
  PWA_OFFLINE_READY,
  PWA_OFFLINE_READY_DESCRIPTION,
  PWA_RELOAD,
  PWA_UPDATE_AVAILABLE,
  PWA_UPDATE_DESCRIPTION,
} from '../lib/messages';

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
const UPDATE_TOAST_ID = 'pwa-update';

/**
 * Registers the service worker (Workbox, via vite-plugin-pwa) and tells the user when the
 * app first works offline and when a new version waits: it takes over only on Reload, so
 * a form in progress is never swapped out from under the user.
 */
export function PwaPrompts() {
  const {
    needRefresh: [needRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      // A tablet left open for days still learns of a new deploy.
      setInterval(() => {
        if (navigator.onLine && registration.installing === null) void registration.update();
      }, UPDATE_CHECK_INTERVAL_MS);
    },
    onRegisterError(error) {
      console.error('service worker registration failed', error);
    },
  });

  useEffect(() => {
    if (!offlineReady) return;
    toast.success(PWA_OFFLINE_READY, { description: PWA_OFFLINE_READY_DESCRIPTION });
    setOfflineReady(false);
  }, [offlineReady, setOfflineReady]);

  useEffect(() => {
    if (!needRefresh) return;
    toast.info(PWA_UPDATE_AVAILABLE, {
      id: UPDATE_TOAST_ID,
      description: PWA_UPDATE_DESCRIPTION,
      duration: Infinity,
      action: {
        label: PWA_RELOAD,
        onClick: () => {
          // vite-plugin-pwa reloads on Workbox's 'controlling' only when the page was already
          // controlled at load; on a first visit it is not, so reload on the switch ourselves.
          navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
            once: true,
          });
          void updateServiceWorker(true);
        },
      },
    });
  }, [needRefresh, updateServiceWorker]);

  return null;
}
