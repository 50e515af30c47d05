// Status Shipment Management (/status-shipment, spec 2.11): the statuses from
// this device's replicated view (so the table opens offline too), and for an
// admin Add, Edit and Delete through the status procedures, which need the
// server: offline the screen says so and the actions wait.
import { useMemo, useState } from 'react';
import { Plus } from 'lucide-react';
import type { ShipmentStatus } from '../../../sync/pure';
import { ConfirmDelete } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { OfflineNotice } from '../../components/needs-connection';
import { EditDeleteMenu } from '../../components/row-actions-menu';
import { Button } from '../../components/ui/button';
import { ScreenHeader } from '../../components/screen-header';
import { useT } from '../../lib/i18n';
import { useSignedIn } from '../../lib/session/session';
import { useOnline } from '../../lib/hooks/use-online';
import { ALL_ROWS, useRxQuery } from '../../lib/hooks/use-rx-query';
import { StatusDialog } from './status-dialog';
import { statusColumns } from './status-columns';
import { useStatusActions } from './use-status-actions';

type Open =
  | { kind: 'add' }
  | { kind: 'edit'; status: ShipmentStatus }
  | { kind: 'delete'; status: ShipmentStatus }
  | null;

export function StatusesPage() {
  const t = useT();
  const { profile } = useSignedIn();
  const admin = profile.role === 'admin';
  const online = useOnline();
  const statuses = useRxQuery('shipment_statuses', ALL_ROWS);
  const rows = useMemo(
    () => [...statuses.rows].sort((a, b) => a.sort_order - b.sort_order || a.key.localeCompare(b.key)),
    [statuses.rows],
  );
  const columns = useMemo(() => statusColumns(t), [t]);
  const actions = useStatusActions();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-4 p-4 md:p-6" data-testid="statuses-page">
      <ScreenHeader
        title={t('screens.statuses')}
        description={admin ? t('statusesScreen.description') : t('statusesScreen.readOnly')}
        actions={
          admin && (
            <Button onClick={() => setOpen({ kind: 'add' })} disabled={!online}>
              <Plus aria-hidden="true" />
              {t('statusesScreen.add')}
            </Button>
          )
        }
      />
      {!online && <OfflineNotice />}
      <DataTable
        testId="statuses-table"
        columns={columns}
        rows={rows}
        rowId={(s) => s.id}
        emptyText={t('statusesScreen.empty')}
        caption={t('screens.statuses')}
        rowActions={
          admin
            ? (s) => (
                <EditDeleteMenu
                  label={t('common.actionsFor', { name: s.key })}
                  disabled={!online}
                  onEdit={() => setOpen({ kind: 'edit', status: s })}
                  onDelete={() => setOpen({ kind: 'delete', status: s })}
                />
              )
            : undefined
        }
      />
      {(open?.kind === 'add' || open?.kind === 'edit') && (
        <StatusDialog
          key={open.kind === 'edit' ? open.status.id : 'add'}
          status={open.kind === 'edit' ? open.status : undefined}
          onClose={close}
          onSaved={actions.synced}
        />
      )}
      <ConfirmDelete
        target={open?.kind === 'delete' ? open.status : null}
        onClose={close}
        title={t('statusesScreen.deleteTitle')}
        description={(status) => t('statusesScreen.deleteDescription', { key: status.key })}
        onDelete={(status) => actions.remove(status.key)}
      />
    </div>
  );
}
