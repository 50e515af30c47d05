// Vendor Detail (/vendors/{vendorId}, spec 2.7, 5): the vendor's vehicles,
// land or sea by the Darat/Laut toggle, each row editable; 'Tambah Baris' adds
// an unsaved row and 'Save All Vehicles' sends every new or edited row at
// once (vehicle-rows.ts decides what and with which message). Reads the local
// view and dispatches commands, so it works offline.
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ArrowLeft, Plus, Trash2 } from 'lucide-react';
import type { VehicleType } from '../../../sync/pure';
import { AddVehicleTypeDialog } from '../../components/add-vehicle-type-dialog';
import { EmptyState } from '../../components/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { PendingBadge } from '../../components/pending-badge';
import type { PendingMarks } from '../../lib/pending-marks';
import { RejectionsAlert } from '../../components/rejections-alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { SegmentedControl } from '../../components/ui/segmented-control';
import { useT } from '../../lib/i18n';
import { useIsPending, usePendingMarks } from '../../lib/use-outbox';
import { useVendorDetailData } from './use-vendor-detail-data';
import { newRow, type Mode, type VehicleRow } from './vehicle-rows';

const SELECT =
  'h-11 w-full rounded-md border border-input bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50';

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm text-muted-foreground">
        {label}
      </label>
      {children}
    </div>
  );
}

type TextField = 'license_plate' | 'driver_name' | 'driver_phone' | 'nama_kapal' | 'nama_pelayaran';

/** One text field of a row (its id: row-{index}-{field}). */
function RowText({
  row,
  index,
  field,
  label,
  onChange,
}: {
  row: VehicleRow;
  index: number;
  field: TextField;
  label: string;
  onChange: (patch: Partial<VehicleRow>) => void;
}) {
  const id = `row-${index}-${field}`;
  return (
    <Field id={id} label={label}>
      <Input
        id={id}
        value={row[field]}
        onChange={(e) => onChange({ [field]: e.target.value })}
        className="h-11"
      />
    </Field>
  );
}

function RowEditor({
  row,
  index,
  types,
  pending,
  onChange,
  onDelete,
  onAddType,
}: {
  row: VehicleRow;
  index: number;
  types: readonly VehicleType[];
  /** The screen's markers: the row reads its saved vehicle's. */
  pending: PendingMarks;
  onChange: (patch: Partial<VehicleRow>) => void;
  onDelete: () => void;
  onAddType: () => void;
}) {
  const t = useT();
  // An unsaved row has no id yet: '' is in no command's payload.
  const waiting = useIsPending(pending, row.saved?.id ?? '');
  const id = (f: string) => `row-${index}-${f}`;
  const text = { row, index, onChange };
  return (
    // By the card's own width (a container query), not the window's: one column on a phone, two
    // on a portrait tablet (the type select kept wide), one line from 48rem (issue 29).
    <Card
      className="@container py-4"
      data-testid="vehicle-row"
      data-saved={row.saved ? 'true' : 'false'}
      data-mode={row.mode}
    >
      <CardContent className="grid gap-3 @md:grid-cols-2 @3xl:grid-cols-[repeat(4,minmax(0,1fr))_auto] @3xl:items-end">
        {row.mode === 'darat' ? (
          <>
            <RowText {...text} field="license_plate" label={t('common.licensePlate')} />
            <Field id={id('vehicle_type_id')} label={t('common.vehicleType')}>
              <div className="flex gap-2">
                <select
                  id={id('vehicle_type_id')}
                  className={SELECT}
                  value={row.vehicle_type_id}
                  onChange={(e) => onChange({ vehicle_type_id: e.target.value })}
                >
                  <option value="">{t('vendors.detail.fields.chooseType')}</option>
                  {types.map((type) => (
                    <option key={type.id} value={type.id}>
                      {type.name}
                    </option>
                  ))}
                </select>
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  className="size-11 shrink-0"
                  onClick={onAddType}
                  aria-label={t('lib.commands.add_vehicle_type')}
                >
                  <Plus aria-hidden="true" />
                </Button>
              </div>
            </Field>
            <RowText {...text} field="driver_name" label={t('common.driverName')} />
            <RowText {...text} field="driver_phone" label={t('vendors.detail.fields.driverPhone')} />
          </>
        ) : (
          <>
            <RowText {...text} field="nama_kapal" label={t('common.shipName')} />
            <RowText {...text} field="nama_pelayaran" label={t('common.shippingLine')} />
            <RowText {...text} field="license_plate" label={t('vendors.detail.fields.containerNumber')} />
            <div className="flex flex-wrap items-end gap-2 @3xl:pb-2">
              {!row.saved && <Badge variant="warning">{t('vendors.detail.unsaved')}</Badge>}
            </div>
          </>
        )}
        <div className="flex items-center justify-end gap-2 @md:@max-3xl:col-span-2">
          {row.mode === 'darat' && !row.saved && (
            <Badge variant="warning">{t('vendors.detail.unsaved')}</Badge>
          )}
          {waiting && <PendingBadge />}
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-11"
            onClick={onDelete}
            aria-label={t('vendors.detail.deleteRow', { row: row.license_plate || index + 1 })}
            data-testid="delete-row"
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

export function VendorDetailPage() {
  const t = useT();
  const { vendorId = '' } = useParams();
  const { vendor, vendorMissing, vehiclesArrived, types, allRows, saving, addRow, update, remove, saveAll } =
    useVendorDetailData(vendorId);
  const pendingMarks = usePendingMarks();
  const [mode, setMode] = useState<Mode>('darat');
  const [addingType, setAddingType] = useState<string | null>(null);
  const rows = useMemo(() => allRows.filter((r) => r.mode === mode), [allRows, mode]);

  if (vendorMissing) {
    return (
      <div
        className="mx-auto grid w-full max-w-3xl place-items-center gap-4 p-8 text-center"
        data-testid="vendor-not-found"
      >
        <h1 className="text-xl font-semibold">{t('vendors.detail.notFound')}</h1>
        <Button asChild>
          <Link to="/vendors">{t('vendors.detail.backToVendors')}</Link>
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-4 p-4 md:p-6" data-testid="vendor-detail">
      <header className="flex flex-wrap items-center gap-3">
        <Button asChild variant="outline" size="icon" className="size-11">
          <Link to="/vendors" aria-label={t('common.back')}>
            <ArrowLeft aria-hidden="true" />
          </Link>
        </Button>
        <div className="grid">
          <span className="text-sm text-muted-foreground">{t('screens.vendorDetail')}</span>
          <h1 className="text-2xl font-semibold" data-testid="vendor-name">
            {vendor?.name ?? ''}
          </h1>
        </div>
      </header>
      <RejectionsAlert />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SegmentedControl
          label={t('vendors.detail.transportType')}
          value={mode}
          options={[
            { value: 'darat', label: t('hubOps.addVehicle.modes.darat') },
            { value: 'laut', label: t('hubOps.addVehicle.modes.laut') },
          ]}
          onChange={(m) => setMode(m)}
        />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => addRow(newRow(mode))} data-testid="add-row">
            <Plus aria-hidden="true" />
            {t('vendors.detail.addRow')}
          </Button>
          <Button onClick={() => void saveAll()} disabled={saving} data-testid="save-all">
            {saving ? t('common.saving') : t('vendors.detail.saveAll')}
          </Button>
        </div>
      </div>
      {rows.length === 0 && !vehiclesArrived ? (
        <Skeleton className="h-24 w-full" data-testid="vehicles-loading" />
      ) : rows.length === 0 ? (
        <EmptyState>{mode === 'darat' ? t('vendors.detail.noLand') : t('vendors.detail.noSea')}</EmptyState>
      ) : (
        <div className="grid gap-3">
          {rows.map((row, i) => (
            <RowEditor
              key={row.key}
              row={row}
              index={i}
              types={types}
              pending={pendingMarks}
              onChange={(patch) => update(row, patch)}
              onDelete={() => void remove(row)}
              onAddType={() => setAddingType(row.key)}
            />
          ))}
        </div>
      )}
      {addingType && (
        <AddVehicleTypeDialog
          onClose={() => setAddingType(null)}
          onAdded={(typeId) => {
            const row = rows.find((r) => r.key === addingType);
            if (row) update(row, { vehicle_type_id: typeId });
          }}
        />
      )}
    </div>
  );
}
