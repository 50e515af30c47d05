// Vendors (/vendors, spec 2.6), admin only: the vendors from this device's
// replicated view (it opens and works offline), add and edit through the
// shared vendor dialog, delete with the spec's confirmation. A vendor that
// still has active vehicles is refused with why (at once when this device
// knows them, else when the server answers: docs/security.md).
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { TFunction } from 'i18next';
import { Plus } from 'lucide-react';
import type { Vendor } from '../../../sync/pure';
import { ConfirmDelete } from '../../components/confirm-dialog';
import { DataTable, type DataColumn } from '../../components/data-table';
import { RejectionsAlert } from '../../components/rejections-alert';
import { EditDeleteMenu } from '../../components/row-actions-menu';
import { ScreenHeader } from '../../components/screen-header';
import { Button } from '../../components/ui/button';
import { VendorDialog } from '../../components/vendor-dialog';
import { runCommand } from '../../lib/writes/run-command';
import { useT } from '../../lib/i18n';
import { useSyncEngine, useTablesArrived } from '../../lib/sync-engine';
import { ALL_ROWS, useRxQuery } from '../../lib/hooks/use-rx-query';

const vendorColumns = (t: TFunction): DataColumn<Vendor>[] => [
  {
    id: 'name',
    header: t('common.vendorName'),
    value: (v) => v.name,
    cell: (v) => (
      <Link
        to={`/vendors/${v.id}`}
        className="inline-flex min-h-11 items-center font-medium text-primary underline-offset-4 hover:underline"
        data-testid="vendor-link"
      >
        {v.name}
      </Link>
    ),
  },
  { id: 'contact', header: t('vendors.columns.contact'), value: (v) => v.contact_person ?? '-' },
  { id: 'phone', header: t('vendors.columns.phone'), value: (v) => v.phone ?? '-', oneLine: true },
];

type Open = { kind: 'add' } | { kind: 'edit'; vendor: Vendor } | { kind: 'delete'; vendor: Vendor } | null;

const VENDOR_TABLES = ['vendors'] as const;

export function VendorsPage() {
  const t = useT();
  const engine = useSyncEngine();
  const vendors = useRxQuery('vendors', ALL_ROWS);
  // "No vendors" only once they have arrived on this device (issue 29).
  const ready = useTablesArrived(VENDOR_TABLES) && vendors.ready;
  const rows = useMemo(
    () => vendors.rows.filter((v) => !v.deleted).sort((a, b) => a.name.localeCompare(b.name)),
    [vendors.rows],
  );
  const columns = useMemo(() => vendorColumns(t), [t]);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-4 p-4 md:p-6" data-testid="vendors-page">
      <ScreenHeader
        title={t('screens.vendors')}
        description={t('vendors.description')}
        actions={
          <Button onClick={() => setOpen({ kind: 'add' })} data-testid="add-vendor">
            <Plus aria-hidden="true" />
            {t('hubOps.page.toolbar.addVendor')}
          </Button>
        }
      />
      <RejectionsAlert />
      <DataTable
        testId="vendors-table"
        columns={columns}
        rows={rows}
        rowId={(v) => v.id}
        ready={ready}
        emptyText={t('vendors.empty')}
        caption={t('screens.vendors')}
        rowActions={(v) => (
          <EditDeleteMenu
            label={t('common.actionsFor', { name: v.name })}
            onEdit={() => setOpen({ kind: 'edit', vendor: v })}
            onDelete={() => setOpen({ kind: 'delete', vendor: v })}
          />
        )}
      />
      {open?.kind === 'add' && <VendorDialog onClose={close} />}
      {open?.kind === 'edit' && <VendorDialog key={open.vendor.id} vendor={open.vendor} onClose={close} />}
      <ConfirmDelete
        target={open?.kind === 'delete' ? open.vendor : null}
        onClose={close}
        title={t('vendors.deleteTitle')}
        description={(vendor) => t('vendors.deleteDescription', { name: vendor.name })}
        onDelete={async (vendor) => {
          // Refused: the toast says why; the dialog closes either way.
          await runCommand(
            engine,
            'delete_vendor',
            { vendor_id: vendor.id },
            {
              success: t('masterData.toast.vendorDeleted'),
              failure: () => t('masterData.failure.deleteVendor'),
            },
          );
          return true;
        }}
      />
    </div>
  );
}
