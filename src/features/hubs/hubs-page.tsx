// Hub management (/hubs, spec 2.8): the add form, 'Registered Hubs' with Edit
// and Delete ('Are you sure?'), and each warehouse's capacity, the maximum of
// the dashboard's hub cards. Reads the local view and dispatches commands,
// so it works offline; a hub that still has warehouses, vehicles or open
// shipments is refused with why.
import { useMemo, useState } from 'react';
import type { Hub, Warehouse } from '../../../sync/pure';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataColumn } from '../../components/data-table';
import { TextField } from '../../components/form-fields';
import { RejectionsAlert } from '../../components/rejections-alert';
import { RowActionsMenu } from '../../components/row-actions-menu';
import { ScreenHeader } from '../../components/screen-header';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { formatDate, formatNumber } from '../../lib/format-date';
import { runCommand } from '../../lib/run-command';
import { useSyncEngine, useTablesArrived } from '../../lib/sync-engine';
import { useCommandForm } from '../../lib/use-command-form';
import { useRejectionToasts } from '../../lib/use-outbox';
import { useRxQuery } from '../../lib/use-rx-query';
import { useSignedIn } from '../../lib/session';
import { CapacityDialog, EditHubDialog } from './hub-dialogs';
import { checkAddHub, hubTypeLabel } from './hub-forms';
import * as M from './messages';

const ALL = { selector: {} };

const hubColumns: DataColumn<Hub>[] = [
  { id: 'name', header: M.COLUMN_NAME, value: (h) => h.name },
  { id: 'city', header: M.COLUMN_CITY, value: (h) => h.city ?? '-' },
  { id: 'type', header: M.COLUMN_TYPE, value: (h) => hubTypeLabel(h.type) },
  {
    id: 'created',
    header: M.COLUMN_CREATED,
    value: (h) => h.created_at,
    cell: (h) => formatDate(h.created_at),
  },
];

function AddHubForm() {
  const { form, onSubmit, saving } = useCommandForm({
    defaultValues: { name: '', city: '' },
    submit: (values) => {
      const checked = checkAddHub(values);
      if (!checked.ok) return checked;
      return { command: 'add_hub', payload: checked.payload, success: M.SAVED, failure: () => M.SAVE_FAILED };
    },
    resetOnDone: true,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{M.ADD_TITLE}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={(e) => void onSubmit(e)}
          noValidate
          className="grid gap-3 md:grid-cols-[1fr_1fr_auto] md:items-end"
          data-testid="add-hub-form"
        >
          <TextField form={form} name="name" id="hub-name" label={M.NAME} />
          <TextField form={form} name="city" id="hub-city" label={M.CITY} />
          <Button type="submit" disabled={saving} className="h-11">
            {saving ? 'Menyimpan...' : M.ADD}
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
  useRejectionToasts();
  const engine = useSyncEngine();
  // Tower control reads this screen; hubs and capacities are the admin's (the server checks too).
  const admin = useSignedIn().profile.role === 'admin';
  const hubs = useRxQuery('hubs', ALL);
  const warehouses = useRxQuery('warehouses', ALL);
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

  const warehouseColumns: DataColumn<Warehouse>[] = [
    { id: 'name', header: M.COLUMN_WAREHOUSE, value: (w) => w.name },
    { id: 'hub', header: M.COLUMN_HUB, value: (w) => (w.hub_id ? (hubName.get(w.hub_id) ?? '-') : '-') },
    {
      id: 'capacity',
      header: M.COLUMN_CAPACITY,
      value: (w) => w.capacity ?? '',
      cell: (w) => formatNumber(w.capacity),
    },
  ];

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-4 p-4 md:p-6" data-testid="hubs-page">
      <ScreenHeader title={M.TITLE} description={admin ? M.DESCRIPTION : M.READ_ONLY} />
      <RejectionsAlert />
      {admin && <AddHubForm />}
      <section className="grid gap-2" aria-labelledby="registered-hubs">
        <h2 id="registered-hubs" className="text-lg font-semibold">
          {M.REGISTERED}
        </h2>
        <DataTable
          testId="hubs-table"
          columns={hubColumns}
          rows={hubRows}
          rowId={(h) => h.id}
          ready={hubsReady}
          emptyText={M.EMPTY}
          caption={M.REGISTERED}
          rowActions={
            admin
              ? (h) => (
                  <RowActionsMenu
                    label={`Aksi ${h.name}`}
                    actions={[
                      { label: M.EDIT, onSelect: () => setOpen({ kind: 'edit', hub: h }) },
                      {
                        label: M.DELETE,
                        destructive: true,
                        onSelect: () => setOpen({ kind: 'delete', hub: h }),
                      },
                    ]}
                  />
                )
              : undefined
          }
        />
      </section>
      <Card>
        <CardHeader>
          <CardTitle>{M.CAPACITY_TITLE}</CardTitle>
          <CardDescription>{M.CAPACITY_DESCRIPTION}</CardDescription>
        </CardHeader>
        <CardContent>
          <DataTable
            testId="capacity-table"
            columns={warehouseColumns}
            rows={warehouseRows}
            rowId={(w) => w.id}
            ready={warehousesReady}
            emptyText={M.NO_WAREHOUSES}
            caption={M.CAPACITY_TITLE}
            rowActions={
              admin
                ? (w) => (
                    <RowActionsMenu
                      label={`Aksi ${w.name}`}
                      actions={[
                        {
                          label: M.SET_CAPACITY,
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
      <ConfirmDialog
        open={open?.kind === 'delete'}
        onOpenChange={(next) => !next && close()}
        title={M.CONFIRM}
        description={open?.kind === 'delete' ? M.confirmDescription(open.hub.name) : ''}
        confirmLabel={M.DELETE}
        onConfirm={async () => {
          if (open?.kind !== 'delete') return true;
          await runCommand(
            engine,
            'delete_hub',
            { hub_id: open.hub.id },
            { success: M.DELETED, failure: () => M.DELETE_FAILED },
          );
          return true;
        }}
      />
    </div>
  );
}
