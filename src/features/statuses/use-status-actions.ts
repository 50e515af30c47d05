// After a status change: sync at once so every screen on this device shows it
// (other devices get it at their next sync). Delete runs outside a form: the
// check that the status is unused, the procedure, and the spec 8.4 toasts.
import { t } from '../../lib/i18n';
import { useMemo } from 'react';
import { runServerAction } from '../../lib/writes/server-action';
import { useSyncEngine } from '../../lib/sync-engine';
import { deleteStatus, syncSoon } from './status-api';

export function useStatusActions() {
  const engine = useSyncEngine();
  return useMemo(() => {
    const synced = () => syncSoon(engine);
    return {
      synced,
      remove: (key: string) =>
        runServerAction(
          () => deleteStatus(key),
          { success: t('statusesScreen.success.deleted'), failure: t('statusesScreen.failure.delete') },
          synced,
        ),
    };
  }, [engine]);
}
