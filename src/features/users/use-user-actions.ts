// Delete runs outside a form: the edge function, the spec 8.6 toasts, and the
// list read again from the server.
import { useMemo } from 'react';
import { runServerAction } from '../../lib/writes/server-action';
import { t } from '../../lib/i18n';
import { deleteUser } from './user-api';

export function useUserActions(reload: () => void) {
  return useMemo(
    () => ({
      remove: (userId: string) =>
        runServerAction(
          () => deleteUser(userId),
          { success: t('users.success.deleted'), failure: t('users.failure.delete') },
          reload,
        ),
    }),
    [reload],
  );
}
