// Tambah ke Antrian (spec 2.9, 4.1, 5, 7.2; issue 29: truck first): one
// searchable list of the trucks that can join this hub's Siap Muat queue
// (queueable-trucks.ts: those here first; at another hub only those back from this
// hub's shipment, named with where they stand; none waiting for their shipping
// form or still being unloaded), several at once; the vendor is an optional filter. The
// button names how many are chosen. On the form pattern.
// Issue 41: never a dead end. "Daftarkan kendaraan baru" opens Tambah Kendaraan on top,
// its plate the one searched for; saved, the new vehicle is queued in the same go and both
// dialogs close. The submit says Masukkan ke Antrian (the toolbar's Tambah Kendaraan registers).
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { Hub, Vehicle, Vendor } from '../../../sync/pure';
import { EmptyState } from '../../components/empty-state';
import { FormDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { ScrollArea } from '../../components/ui/scroll-area';
import { toast } from 'sonner';
import { t as translate, useT } from '../../lib/i18n';
import { permissionsOf } from '../../lib/session/roles';
import { useSignedIn } from '../../lib/session/session';
import { sendChecked, useCommandForm, type Submission } from '../../lib/writes/use-command-form';
import { useRxQuery } from '../../lib/hooks/use-rx-query';
import { useSyncEngine } from '../../lib/sync-engine';
import { runWithUndo, offerUndo } from '../../lib/writes/undo-offer';
import { AddVehicleDialog } from './add-vehicle-dialog';
import { checkQueue } from './form-validation';
import {
  arrivalsOfVehicles,
  awaitingForm,
  beingUnloaded,
  readyVehicles,
  tripsOfVehicles,
} from './hub-queries';
import { isSeaHub } from './hub-resolution';
import { useHubScope } from './hub-scope';
import { TOAST } from './messages';
import { filterTrucks, queueableTrucks, returnedTrucks } from './queueable-trucks';
import { vehicleLabel } from './use-master-data';
import { VendorFilter } from './vendor-field';

interface QueueValues {
  vehicle_ids: string[];
}

const NONE: readonly string[] = [];

/** 'Masukkan ke Antrian' (spec 5's 'Tambah Kendaraan', renamed by issue 41), with the count once some are chosen. */
export const queueSubmitLabel = (n: number) =>
  n > 0 ? translate('hubOps.addToQueue.submitCount', { n }) : translate('hubOps.addToQueue.submit');

/** The trucks this hub may queue, read live: ready ones, less those here still waiting for their form. */
function useQueueableTrucks(hub: Hub) {
  const { config, master } = useHubScope();
  const ready = useRxQuery('vehicles', readyVehicles());
  // Loaded here, form not sent: a shipment that brought it here since says it is not waiting.
  const finishedHere = useMemo(
    () => ready.rows.filter((v) => v.current_hub_id === hub.id && v.loading_finished_at),
    [ready.rows, hub.id],
  );
  const arrivals = useRxQuery(
    'shipments',
    finishedHere.length
      ? arrivalsOfVehicles(
          hub.id,
          finishedHere.map((v) => v.id),
        )
      : null,
  );
  // Loaded and now at another hub: back from this hub's shipment once its unloading is done.
  const loadedElsewhere = useMemo(
    () => ready.rows.filter((v) => v.current_hub_id && v.current_hub_id !== hub.id && v.loading_finished_at),
    [ready.rows, hub.id],
  );
  const trips = useRxQuery(
    'shipments',
    loadedElsewhere.length
      ? tripsOfVehicles(
          hub.id,
          loadedElsewhere.map((v) => v.id),
        )
      : null,
  );
  return useMemo(() => {
    // Until the arrivals are read every one of them counts as waiting (never offered by mistake);
    // one that arrived is offered once its shipment is unloaded.
    const waiting =
      finishedHere.length && !arrivals.ready
        ? finishedHere
        : [...awaitingForm(finishedHere, arrivals.rows), ...beingUnloaded(finishedHere, arrivals.rows)];
    return {
      trucks: queueableTrucks(ready.rows, {
        hubId: hub.id,
        hubType: config.hubType,
        awaitingIds: new Set(waiting.map((v) => v.id)),
        returnedIds: returnedTrucks(loadedElsewhere, hub.id, trips.rows),
        vendorName: (id) => master.vendorsById.get(id)?.name,
      }),
      loaded: ready.ready,
    };
  }, [
    ready.rows,
    ready.ready,
    finishedHere,
    arrivals.rows,
    arrivals.ready,
    loadedElsewhere,
    trips.rows,
    hub.id,
    config.hubType,
    master.vendorsById,
  ]);
}

export function AddToQueueDialog({ hub, onClose }: { hub: Hub; onClose: () => void }) {
  const t = useT();
  const { config, master } = useHubScope();
  // Spec 6: editing vendors is for admin (the server refuses everyone else).
  const mayEditVendors = permissionsOf(useSignedIn().profile.role).manageVendors;
  const sea = isSeaHub(config.hubType);
  const { trucks, loaded } = useQueueableTrucks(hub);
  const engine = useSyncEngine();
  const [vendorId, setVendorId] = useState('');
  const [search, setSearch] = useState('');
  const [registering, setRegistering] = useState(false);
  // Registered from here: queued in the same go, its toast offering Urungkan; both dialogs close.
  const queueRegistered = async (vehicleId: string) => {
    const result = await runWithUndo(
      engine,
      'queue_vehicles',
      { hub_id: hub.id, vehicle_ids: [vehicleId] },
      {
        success: TOAST.queued(1),
        failure: () => t('hubOps.messages.failure.addToQueue'),
      },
    );
    // Not queued (its refusal was shown): registered all the same, so it is on the list to pick.
    if (result.ok) onClose();
    else setRegistering(false);
  };
  const { form, onSubmit, saving } = useCommandForm<QueueValues>({
    defaultValues: { vehicle_ids: [] },
    submit: (values): Submission => {
      // Only what is still offered (a truck taken meanwhile drops out).
      const ids = values.vehicle_ids.filter((id) => trucks.some((truck) => truck.vehicle.id === id));
      return sendChecked('queue_vehicles', checkQueue(ids, hub.id), {
        failure: () => t('hubOps.messages.failure.addToQueue'),
      });
    },
    // Its success toast offers Urungkan (issue 29): the trucks leave the queue again.
    onDone: (_values, payload) => {
      const message = TOAST.queued((payload?.vehicle_ids as string[] | undefined)?.length ?? 0);
      const id = engine?.undoableCommand('queue_vehicles', hub.id);
      if (engine && id) offerUndo(engine, id, message);
      else toast.success(message);
      onClose();
    },
  });
  const selected = useWatch({ control: form.control, name: 'vehicle_ids' }) ?? NONE;
  const chosen = selected.filter((id) => trucks.some((truck) => truck.vehicle.id === id));
  const shown = filterTrucks(trucks, { vendorId, search });
  const vendors = useMemo(() => {
    const ids = new Set(trucks.map((truck) => truck.vehicle.vendor_id));
    return master.vendors.filter((v: Vendor) => ids.has(v.id));
  }, [trucks, master.vendors]);
  const toggle = (id: string, on: boolean) => {
    form.setValue('vehicle_ids', on ? [...selected, id] : selected.filter((x) => x !== id));
    if (on) form.clearErrors('vehicle_ids');
  };
  const vehiclesError = form.formState.errors.vehicle_ids?.message;
  const hubValues = { hub: hub.name };

  return (
    <FormDialog
      title={t('hubOps.page.toolbar.queue')}
      description={
        sea
          ? t('hubOps.addToQueue.descriptionSea', hubValues)
          : t('hubOps.addToQueue.descriptionLand', hubValues)
      }
      testId="add-to-queue-dialog"
      className="sm:max-w-2xl"
      onClose={onClose}
      onSubmit={onSubmit}
      saving={saving}
      submitLabel={queueSubmitLabel(chosen.length)}
      submitTestId="queue-submit"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="queue-search"
          label={sea ? t('hubOps.addToQueue.searchSea') : t('hubOps.addToQueue.searchLand')}
        >
          <Input
            id="queue-search"
            type="search"
            data-testid="queue-search"
            placeholder={t('hubOps.addToQueue.searchPlaceholder')}
            autoComplete="off"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </FormField>
        <VendorFilter
          id="queue-vendor"
          value={vendorId}
          vendors={vendors}
          onChange={setVendorId}
          editable={mayEditVendors}
        />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">
          {sea
            ? t('hubOps.addToQueue.legendSea', { n: chosen.length })
            : t('hubOps.addToQueue.legendLand', { n: chosen.length })}
        </legend>
        <ScrollArea className="h-[400px] max-h-[45svh] rounded-lg border">
          {!loaded ? null : shown.length === 0 ? (
            <div className="p-3">
              <EmptyState>
                {trucks.length === 0
                  ? sea
                    ? t('hubOps.addToQueue.noneSea', hubValues)
                    : t('hubOps.addToQueue.noneLand', hubValues)
                  : sea
                    ? t('hubOps.addToQueue.noMatchSea')
                    : t('hubOps.addToQueue.noMatchLand')}
              </EmptyState>
            </div>
          ) : (
            <ul className="grid gap-1 p-2" data-testid="queue-vehicle-options">
              {shown.map(({ vehicle: v, vendorName, here, elsewhere }) => (
                <TruckOption
                  key={v.id}
                  vehicle={v}
                  vendorName={vendorName}
                  at={here ? hub.name : elsewhere ? master.hubsById.get(elsewhere)?.name : undefined}
                  here={here}
                  checked={selected.includes(v.id)}
                  invalid={!!vehiclesError}
                  onChange={(on) => toggle(v.id, on)}
                />
              ))}
            </ul>
          )}
        </ScrollArea>
        {vehiclesError && (
          <p className="text-sm text-destructive" role="alert" data-testid="error-vehicle_ids">
            {vehiclesError}
          </p>
        )}
      </fieldset>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        {loaded && shown.length === 0 && (
          <p className="text-sm text-muted-foreground">{t('hubOps.addToQueue.registerHint')}</p>
        )}
        <Button
          type="button"
          variant={loaded && shown.length === 0 ? 'default' : 'outline'}
          className="min-h-11"
          data-testid="queue-register"
          onClick={() => setRegistering(true)}
        >
          <Plus aria-hidden="true" />
          {t('hubOps.addToQueue.register')}
        </Button>
      </div>
      {registering && (
        <AddVehicleDialog
          hub={hub}
          onClose={() => setRegistering(false)}
          queue={{ plate: search.trim(), onAdded: queueRegistered }}
        />
      )}
    </FormDialog>
  );
}

function TruckOption({
  vehicle: v,
  vendorName,
  at,
  here,
  checked,
  invalid,
  onChange,
}: {
  vehicle: Vehicle;
  vendorName: string;
  /** The name of the hub it stands at: this one, or the one it delivered this hub's shipment to. */
  at: string | undefined;
  here: boolean;
  checked: boolean;
  invalid: boolean;
  onChange: (on: boolean) => void;
}) {
  const t = useT();
  return (
    <li>
      <label
        className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md pr-2 hover:bg-accent"
        data-plate={v.license_plate}
        data-here={here ? 'true' : 'false'}
        data-at={at ?? ''}
      >
        <Checkbox
          checked={checked}
          aria-invalid={invalid || undefined}
          onCheckedChange={(on) => onChange(on === true)}
        />
        <span className="grid">
          <span className="font-medium">{vehicleLabel(v)}</span>
          <span className="text-sm text-muted-foreground">
            {[v.driver_name, vendorName, v.nama_pelayaran, at && t('hubOps.addToQueue.atHub', { hub: at })]
              .filter(Boolean)
              .join(' · ') || '\u00a0'}
          </span>
        </span>
      </label>
    </li>
  );
}
