// User Management (/users, admin only, spec 2.12): the users as the server
// knows them, and Add, Edit and Delete through the edge functions. All of it
// needs the server, so offline the screen says so instead.
import { useMemo, useState } from 'react';
import { Plus } from 'lucide-react';
import { ConfirmDelete } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { RequiresConnection } from '../../components/needs-connection';
import { EditDeleteMenu } from '../../components/row-actions-menu';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { ScreenHeader } from '../../components/screen-header';
import { useT } from '../../lib/i18n';
import { useSignedIn } from '../../lib/session/session';
import { ALL_ROWS, useRxQuery } from '../../lib/hooks/use-rx-query';
import { useServerQuery } from '../../lib/hooks/use-server-query';
import { listUsers, type UserRow } from './user-api';
import { userColumns } from './user-columns';
import { UserDialog } from './user-dialog';
import { useUserActions } from './use-user-actions';

type Open = { kind: 'add' } | { kind: 'edit'; user: UserRow } | { kind: 'delete'; user: UserRow } | null;

function Users() {
  const t = useT();
  const { profile } = useSignedIn();
  const users = useServerQuery('users', listUsers);
  const hubs = useRxQuery('hubs', ALL_ROWS);
  const sortedHubs = useMemo(
    () => [...hubs.rows].sort((a, b) => a.name.localeCompare(b.name, 'id')),
    [hubs.rows],
  );
  const columns = useMemo(() => userColumns(t), [t]);
  const actions = useUserActions(users.reload);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const nameOf = (u: UserRow) => u.full_name || u.email || '-';

  return (
    <>
      <div className="flex justify-end">
        <Button onClick={() => setOpen({ kind: 'add' })}>
          <Plus aria-hidden="true" />
          {t('common.addUser')}
        </Button>
      </div>
      {users.error && (
        <p className="text-sm text-destructive" role="alert">
          {t('users.failure.loadWith', { error: users.error })}
        </p>
      )}
      {users.loading && !users.data ? (
        <Spinner className="size-6" aria-label={t('screens.users')} />
      ) : (
        <DataTable
          testId="users-table"
          columns={columns}
          rows={users.data ?? []}
          rowId={(u) => u.id}
          emptyText={t('users.empty')}
          caption={t('screens.users')}
          csvName="users"
          rowActions={(u) => (
            <EditDeleteMenu
              label={t('common.actionsFor', { name: nameOf(u) })}
              onEdit={() => setOpen({ kind: 'edit', user: u })}
              onDelete={() => setOpen({ kind: 'delete', user: u })}
              // The server refuses it too: an admin cannot delete itself.
              deleteDisabled={u.user_id === profile.userId}
            />
          )}
        />
      )}
      {(open?.kind === 'add' || open?.kind === 'edit') && (
        <UserDialog
          key={open.kind === 'edit' ? open.user.id : 'add'}
          user={open.kind === 'edit' ? open.user : undefined}
          hubs={sortedHubs}
          onClose={close}
          onSaved={users.reload}
        />
      )}
      <ConfirmDelete
        target={open?.kind === 'delete' ? open.user : null}
        onClose={close}
        title={t('users.deleteTitle')}
        description={(user) => t('users.deleteDescription', { name: nameOf(user) })}
        confirmLabel={t('users.deleteTitle')}
        onDelete={(user) => actions.remove(user.user_id)}
      />
    </>
  );
}

export function UsersPage() {
  const t = useT();
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-4 p-4 md:p-6" data-testid="users-page">
      <ScreenHeader title={t('screens.users')} description={t('users.description')} />
      <RequiresConnection>
        <Users />
      </RequiresConnection>
    </div>
  );
}
