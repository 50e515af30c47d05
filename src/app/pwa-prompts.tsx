import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { toastLater } from '../components/ui/sonner';
import { t } from '../lib/i18n';

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
    toastLater((toast) =>
      toast.success(t('shell.pwaOfflineReady'), { description: t('shell.pwaOfflineReadyDescription') }),
    );
    setOfflineReady(false);
  }, [offlineReady, setOfflineReady]);

  useEffect(() => {
    if (!needRefresh) return;
    toastLater((toast) =>
      toast.info(t('shell.pwaUpdateTitle'), {
        id: UPDATE_TOAST_ID,
        description: t('shell.pwaUpdateDescription'),
        duration: Infinity,
        action: {
          label: t('common.reload'),
          onClick: () => {
            // vite-plugin-pwa reloads on Workbox's 'controlling' only when the page was already
            // controlled at load; on a first visit it is not, so reload on the switch ourselves.
            navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
              once: true,
            });
            void updateServiceWorker(true);
          },
        },
      }),
    );
  }, [needRefresh, updateServiceWorker]);

  return null;
}
