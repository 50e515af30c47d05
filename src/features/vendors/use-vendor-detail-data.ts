// Vendor Detail's data (spec 2.7, 5; beside VendorDetailPage, which renders it): the vendor
// (a 'not found' only when storage agrees: useConfirmedMissing), its vehicles as stored with the
// user's unsaved edits and new rows over them, the vehicle types, and the row actions: a row's
// edit, its delete, and Save All (vehicle-rows.ts decides what and with which message).
import { t } from '../../lib/i18n';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { runCommand, showError } from '../../lib/writes/run-command';
import { useSignedIn } from '../../lib/session/session';
import { useSyncEngine, useTablesArrived } from '../../lib/sync-engine';
import { useConfirmedMissing } from '../../lib/hooks/use-confirmed-missing';
import { ALL_ROWS, useRxQuery } from '../../lib/hooks/use-rx-query';
import * as M from './messages';
import { planSave, rowOf, type VehicleRow } from './vehicle-rows';

const VENDOR_TABLES = ['vendors'] as const;
const VEHICLE_TABLES = ['vehicles'] as const;

export function useVendorDetailData(vendorId: string) {
  const { profile } = useSignedIn();
  const engine = useSyncEngine();
  const vendors = useRxQuery('vendors', { selector: { id: vendorId } });
  const vehicles = useRxQuery('vehicles', { selector: { vendor_id: vendorId } });
  const types = useRxQuery('vehicle_types', ALL_ROWS);
  const vendor = vendors.rows.find((v) => !v.deleted);
  // The vendor or its vehicles missing from a device mid-first-sync may still be on their way.
  const vendorArrived = useTablesArrived(VENDOR_TABLES);
  const vendorMissing = useConfirmedMissing('vendors', vendorId, vendors.ready && !vendor && vendorArrived);
  const vehiclesArrived = useTablesArrived(VEHICLE_TABLES) && vehicles.ready;
  const [drafts, setDrafts] = useState<Record<string, VehicleRow>>({});
  const [added, setAdded] = useState<VehicleRow[]>([]);
  const [saving, setSaving] = useState(false);

  // A saved row shows its vehicle as stored, or the user's edits of it (drafts of
  // vehicles gone from the view are simply never shown). Save All takes both modes.
  const allRows = useMemo(() => {
    const saved = vehicles.rows
      .filter((v) => !v.deleted)
      .sort((a, b) => (a.license_plate ?? '').localeCompare(b.license_plate ?? ''))
      .map((v) => drafts[v.id] ?? rowOf(v));
    return [...saved, ...added];
  }, [vehicles.rows, drafts, added]);

  const update = (row: VehicleRow, patch: Partial<VehicleRow>) => {
    const next = { ...row, ...patch };
    if (row.saved) setDrafts((d) => ({ ...d, [row.key]: next }));
    else setAdded((list) => list.map((r) => (r.key === row.key ? next : r)));
  };

  const remove = async (row: VehicleRow) => {
    if (!row.saved) {
      setAdded((list) => list.filter((r) => r.key !== row.key));
      return;
    }
    await runCommand(
      engine,
      'delete_vehicle',
      { vehicle_id: row.saved.id },
      {
        success: t('vendors.detail.vehicleDeleted'),
        failure: () => t('vendors.detail.deleteFailed'),
      },
    );
  };

  const saveAll = async () => {
    const plan = planSave(allRows, { vendorId, hubId: profile.role === 'hub_user' ? profile.hubId : null });
    if (!plan.ok) {
      if (plan.message === t('vendors.detail.allSaved') || plan.message === t('vendors.detail.nothingToSave'))
        toast.info(plan.message);
      else showError(plan.message);
      return;
    }
    setSaving(true);
    let saved = 0;
    try {
      for (const c of plan.commands) {
        const result = await runCommand(engine, c.type, c.payload, {
          failure: () => t('vendors.detail.saveFailed'),
        });
        if (!result.ok) break;
        saved++;
      }
    } finally {
      setSaving(false);
    }
    // What was saved leaves the drafts; what was not stays for another try.
    const done = new Set(
      plan.commands
        .slice(0, saved)
        .map((c) => (c.type === 'edit_vehicle' ? (c.payload.vehicle_id as string) : '')),
    );
    setDrafts((d) => Object.fromEntries(Object.entries(d).filter(([id]) => !done.has(id))));
    const addedSaved = plan.commands.slice(0, saved).filter((c) => c.type === 'add_vehicle').length;
    // New rows come after the saved ones in the plan, in order: the first addedSaved are saved.
    setAdded((list) => list.slice(addedSaved));
    if (saved > 0) toast.success(M.saved(saved));
  };

  const liveTypes = useMemo(() => types.rows.filter((type) => !type.deleted), [types.rows]);
  return {
    vendor,
    vendorMissing,
    vehiclesArrived,
    types: liveTypes,
    allRows,
    saving,
    addRow: (row: VehicleRow) => setAdded((list) => [...list, row]),
    update,
    remove,
    saveAll,
  };
}
