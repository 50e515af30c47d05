// Hub management (/hubs, spec 2.8): the add form, 'Registered Hubs' with Edit
// and Delete ('Are you sure?'), and each warehouse's capacity, the maximum of
// the dashboard's hub cards. Reads the local view and dispatches commands,
// so it works offline; a hub that still has warehouses, vehicles or open
// shipments is refused with why.
import { useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import type { Hub, Warehouse } from '../../../sync/pure';
import { ConfirmDelete } from '../../components/confirm-dialog';
import { DataTable, type DataColumn } from '../../components/data-table';
import { useFormFields } from '../../components/form-fields';
import { RejectionsAlert } from '../../components/rejections-alert';
import { EditDeleteMenu, RowActionsMenu } from '../../components/row-actions-menu';
import { ScreenHeader } from '../../components/screen-header';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { formatDate, formatNumber } from '../../lib/format-date';
import { useT } from '../../lib/i18n';
import { runCommand } from '../../lib/writes/run-command';
import { useSyncEngine, useTablesArrived } from '../../lib/sync-engine';
import { sendChecked, useCommandForm } from '../../lib/writes/use-command-form';
import { ALL_ROWS, useRxQuery } from '../../lib/hooks/use-rx-query';
import { useSignedIn } from '../../lib/session/session';
import { CapacityDialog, EditHubDialog } from './hub-dialogs';
import { checkAddHub, hubTypeLabel } from './hub-forms';
import { TitledSection } from '../../components/titled-section';

const hubColumns = (t: TFunction): DataColumn<Hub>[] => [
  { id: 'name', header: t('common.name'), value: (h) => h.name },
  { id: 'city', header: t('hubsScreen.columns.city'), value: (h) => h.city ?? '-' },
  { id: 'type', header: t('common.type'), value: (h) => hubTypeLabel(h.type) },
  {
    id: 'blind',
    header: t('hubsScreen.columns.blindCount'),
    value: (h) => (h.blind_count ? t('hubsScreen.blindCountOn') : '-'),
  },
  {
    // Issue 42: TVs handled by serial at this hub.
    id: 'serials',
    header: t('hubsScreen.columns.serialTracking'),
    value: (h) => (h.serial_tracking ? t('hubsScreen.serialTrackingOn') : '-'),
  },
  {
    id: 'created',
    header: t('hubsScreen.columns.created'),
    value: (h) => h.created_at,
    cell: (h) => formatDate(h.created_at),
    oneLine: true,
  },
];

function AddHubForm() {
  const t = useT();
  const { form, onSubmit, saving } = useCommandForm({
    defaultValues: { name: '', city: '' },
    submit: (values) =>
      sendChecked('add_hub', checkAddHub(values), {
        success: t('hubsScreen.saved'),
        failure: () => t('hubsScreen.saveFailed'),
      }),
    resetOnDone: true,
  });
  const Field = useFormFields(form);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('common.addHub')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={(e) => void onSubmit(e)}
          noValidate
          className="grid gap-3 md:grid-cols-[1fr_1fr_auto] md:items-end"
          data-testid="add-hub-form"
        >
          <Field.Text name="name" id="hub-name" label={t('hubsScreen.name')} />
          <Field.Text name="city" id="hub-city" label={t('hubsScreen.city')} />
          <Button type="submit" disabled={saving} className="h-11">
            {saving ? t('common.saving') : t('common.addHub')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

type Open =
  | { kind: 'edit'; hub: Hub }
  | { kind: 'delete'; hub: Hub }
  | { kind: 'capacity'; warehouse: Warehouse }
  | null;

const HUB_TABLES = ['hubs'] as const;
const WAREHOUSE_TABLES = ['hubs', 'warehouses'] as const;

export function HubsPage() {
  const t = useT();
  const engine = useSyncEngine();
  // Tower control reads this screen; hubs and capacities are the admin's (the server checks too).
  const admin = useSignedIn().profile.role === 'admin';
  const hubs = useRxQuery('hubs', ALL_ROWS);
  const warehouses = useRxQuery('warehouses', ALL_ROWS);
  // "None" only once the tables have arrived on this device (issue 29).
  const hubsReady = useTablesArrived(HUB_TABLES) && hubs.ready;
  const warehousesReady = useTablesArrived(WAREHOUSE_TABLES) && warehouses.ready;
  const hubRows = useMemo(
    () => hubs.rows.filter((h) => !h.deleted).sort((a, b) => a.name.localeCompare(b.name)),
    [hubs.rows],
  );
  const hubName = useMemo(() => new Map(hubRows.map((h) => [h.id, h.name])), [hubRows]);
  const warehouseRows = useMemo(
    () => warehouses.rows.filter((w) => !w.deleted).sort((a, b) => a.name.localeCompare(b.name)),
    [warehouses.rows],
  );
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  const columns = useMemo(() => hubColumns(t), [t]);
  const warehouseColumns: DataColumn<Warehouse>[] = [
    { id: 'name', header: t('common.warehouse'), value: (w) => w.name },
    {
      id: 'hub',
      header: t('common.hub'),
      value: (w) => (w.hub_id ? (hubName.get(w.hub_id) ?? '-') : '-'),
    },
    {
      id: 'capacity',
      header: t('common.capacity'),
      value: (w) => w.capacity ?? '',
      cell: (w) => formatNumber(w.capacity),
    },
  ];

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-4 p-4 md:p-6" data-testid="hubs-page">
      <ScreenHeader
        title={t('screens.hubs')}
        description={admin ? t('hubsScreen.description') : t('hubsScreen.readOnly')}
      />
      <RejectionsAlert />
      {admin && <AddHubForm />}
      <TitledSection id="registered-hubs" title={t('hubsScreen.registered')} className="grid gap-2">
        <DataTable
          testId="hubs-table"
          columns={columns}
          rows={hubRows}
          rowId={(h) => h.id}
          ready={hubsReady}
          emptyText={t('hubsScreen.empty')}
          caption={t('hubsScreen.registered')}
          rowActions={
            admin
              ? (h) => (
                  <EditDeleteMenu
                    label={t('common.actionsFor', { name: h.name })}
                    onEdit={() => setOpen({ kind: 'edit', hub: h })}
                    onDelete={() => setOpen({ kind: 'delete', hub: h })}
                  />
                )
              : undefined
          }
        />
      </TitledSection>
      <Card>
        <CardHeader>
          <CardTitle>{t('hubsScreen.capacityTitle')}</CardTitle>
          <CardDescription>{t('hubsScreen.capacityDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          <DataTable
            testId="capacity-table"
            columns={warehouseColumns}
            rows={warehouseRows}
            rowId={(w) => w.id}
            ready={warehousesReady}
            emptyText={t('hubsScreen.noWarehouses')}
            caption={t('hubsScreen.capacityTitle')}
            rowActions={
              admin
                ? (w) => (
                    <RowActionsMenu
                      label={t('common.actionsFor', { name: w.name })}
                      actions={[
                        {
                          label: t('hubsScreen.setCapacity'),
                          onSelect: () => setOpen({ kind: 'capacity', warehouse: w }),
                        },
                      ]}
                    />
                  )
                : undefined
            }
          />
        </CardContent>
      </Card>
      {open?.kind === 'edit' && <EditHubDialog key={open.hub.id} hub={open.hub} onClose={close} />}
      {open?.kind === 'capacity' && (
        <CapacityDialog key={open.warehouse.id} warehouse={open.warehouse} onClose={close} />
      )}
      <ConfirmDelete
        target={open?.kind === 'delete' ? open.hub : null}
        onClose={close}
        title={t('hubsScreen.confirm')}
        description={(hub) => t('hubsScreen.confirmDescription', { name: hub.name })}
        onDelete={async (hub) => {
          await runCommand(
            engine,
            'delete_hub',
            { hub_id: hub.id },
            { success: t('hubsScreen.deleted'), failure: () => t('hubsScreen.deleteFailed') },
          );
          return true;
        }}
      />
    </div>
  );
}
