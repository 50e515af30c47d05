// Vendor Detail's rows (spec 2.7, 5): what Save All Vehicles sends. A row is a
// vehicle of the vendor (saved, possibly edited) or a new one ('Tambah Baris').
// Pure, so every message is unit-tested (tests/unit/vendors-forms.test.ts).
import { t } from '../../lib/i18n';
import type { AnyCommand, Vehicle } from '../../../sync/pure';
import { checkCommand } from '../../lib/writes/check-command';
import type { VehicleFormFields } from '../../lib/writes/master-data-forms';
import * as M from './messages';

export type Mode = VehicleFormFields['mode'];

export interface VehicleRow extends VehicleFormFields {
  key: string;
  /** The saved vehicle, or null for a row not saved yet. */
  saved: Vehicle | null;
}

export const modeOf = (v: Vehicle): Mode => ((v.nama_kapal ?? '').trim() ? 'laut' : 'darat');

export function rowOf(v: Vehicle): VehicleRow {
  return {
    key: v.id,
    saved: v,
    mode: modeOf(v),
    license_plate: v.license_plate ?? '',
    vehicle_type_id: v.vehicle_type_id ?? '',
    driver_name: v.driver_name ?? '',
    driver_phone: v.driver_phone ?? '',
    nama_kapal: v.nama_kapal ?? '',
    nama_pelayaran: v.nama_pelayaran ?? '',
  };
}

export function newRow(mode: Mode): VehicleRow {
  return {
    key: crypto.randomUUID(),
    saved: null,
    mode,
    license_plate: '',
    vehicle_type_id: '',
    driver_name: '',
    driver_phone: '',
    nama_kapal: '',
    nama_pelayaran: '',
  };
}

const FIELDS = [
  'license_plate',
  'vehicle_type_id',
  'driver_name',
  'driver_phone',
  'nama_kapal',
  'nama_pelayaran',
] as const;

/** The fields of a saved row that differ from its vehicle. */
export function changesOf(row: VehicleRow): Record<string, string | null> {
  if (!row.saved) return {};
  const fresh = rowOf(row.saved);
  const changes: Record<string, string | null> = {};
  for (const f of FIELDS)
    if (row[f] !== fresh[f]) changes[f] = f === 'vehicle_type_id' ? row[f] || null : row[f];
  return changes;
}

export const isPending = (row: VehicleRow) => !row.saved || Object.keys(changesOf(row)).length > 0;

/** Spec 5: plate required; driver name in darat mode; ship name in laut mode. */
export const isComplete = (row: VehicleRow) =>
  row.license_plate.trim() !== '' &&
  (row.mode === 'darat' ? row.driver_name.trim() !== '' : row.nama_kapal.trim() !== '');

/** What Save All Vehicles sends for one row. */
export type VehicleCommand = Extract<AnyCommand, { type: 'add_vehicle' | 'edit_vehicle' }>;

export type SavePlan = { ok: true; commands: VehicleCommand[] } | { ok: false; message: string };

/** What Save All Vehicles sends for these rows, or the message that stops it. */
export function planSave(
  rows: readonly VehicleRow[],
  context: { vendorId: string; hubId: string | null },
): SavePlan {
  if (rows.length === 0) return { ok: false, message: t('vendors.detail.nothingToSave') };
  const pending = rows.filter(isPending);
  if (pending.length === 0) return { ok: false, message: t('vendors.detail.allSaved') };
  const commands: VehicleCommand[] = [];
  for (const row of pending) {
    if (!isComplete(row)) return { ok: false, message: M.requiredFor(row.license_plate) };
    const candidate: VehicleCommand = row.saved
      ? { type: 'edit_vehicle', payload: { vehicle_id: row.saved.id, changes: changesOf(row) } }
      : {
          type: 'add_vehicle',
          payload: {
            vehicle_id: crypto.randomUUID(),
            vendor_id: context.vendorId,
            mode: row.mode,
            license_plate: row.license_plate,
            vehicle_type_id: row.mode === 'darat' ? row.vehicle_type_id || null : null,
            driver_name: row.driver_name,
            driver_phone: row.driver_phone,
            nama_kapal: row.mode === 'laut' ? row.nama_kapal : '',
            nama_pelayaran: row.mode === 'laut' ? row.nama_pelayaran : '',
            current_hub_id: context.hubId,
          },
        };
    // The command's own rules too (a land vehicle needs its type, a ship its company).
    const checked = checkCommand(candidate.type, candidate.payload);
    if (!checked.ok) return { ok: false, message: `${checked.first} (${M.withPlate(row.license_plate)})` };
    commands.push(candidate);
  }
  return { ok: true, commands };
}
