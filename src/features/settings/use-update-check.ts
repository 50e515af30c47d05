// "Check for updates" through the service worker the app already registered
// (src/app/pwa-prompts.tsx): registration.update() fetches the new worker; when
// one is waiting, the existing Reload notice appears as well.
import { useCallback, useState } from 'react';
import { t } from '../../lib/i18n';

export type UpdateCheck = { state: 'idle' } | { state: 'checking' } | { state: 'done'; message: string };

function waitForInstall(registration: ServiceWorkerRegistration): Promise<void> {
  const installing = registration.installing;
  if (!installing) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      if (
        installing.state === 'installed' ||
        installing.state === 'redundant' ||
        installing.state === 'activated'
      ) {
        installing.removeEventListener('statechange', done);
        resolve();
      }
    };
    installing.addEventListener('statechange', done);
    done();
  });
}

export function useUpdateCheck(): { check: UpdateCheck; run: () => Promise<void> } {
  const [check, setCheck] = useState<UpdateCheck>({ state: 'idle' });
  const run = useCallback(async () => {
    if (!navigator.onLine) return setCheck({ state: 'done', message: t('settings.updateOffline') });
    const registration = await navigator.serviceWorker?.getRegistration();
    if (!registration) return setCheck({ state: 'done', message: t('settings.updateNoWorker') });
    setCheck({ state: 'checking' });
    try {
      await registration.update();
      await waitForInstall(registration);
      setCheck({
        state: 'done',
        message: registration.waiting ? t('settings.updateReady') : t('settings.updateNone'),
      });
    } catch (error) {
      setCheck({ state: 'done', message: `${t('settings.updateFailed')}: ${(error as Error).message}` });
    }
  }, []);
  return { check, run };
}
