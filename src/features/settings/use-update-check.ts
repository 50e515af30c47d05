// "Check for updates" through the service worker the app already registered
// (src/app/pwa-prompts.tsx): registration.update() fetches the new worker; when
// one is waiting, the existing Reload notice appears as well.
import { useCallback, useState } from 'react';
import { UPDATE_FAILED, UPDATE_NO_WORKER, UPDATE_NONE, UPDATE_OFFLINE, UPDATE_READY } from './messages';

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
    if (!navigator.onLine) return setCheck({ state: 'done', message: UPDATE_OFFLINE });
    const registration = await navigator.serviceWorker?.getRegistration();
    if (!registration) return setCheck({ state: 'done', message: UPDATE_NO_WORKER });
    setCheck({ state: 'checking' });
    try {
      await registration.update();
      await waitForInstall(registration);
      setCheck({ state: 'done', message: registration.waiting ? UPDATE_READY : UPDATE_NONE });
    } catch (error) {
      setCheck({ state: 'done', message: `${UPDATE_FAILED}: ${(error as Error).message}` });
    }
  }, []);
  return { check, run };
}
