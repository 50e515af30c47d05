// The vendor, vehicle-type and vehicle forms, shared by the hub screens and the vendor
// screens: checked by their commands' schemas (check-command.ts).
import type { CommandInput } from '../../../sync/pure';
import { checkCommand, type Checked } from './check-command';
import type { FieldErrors } from './field-errors';

const newId = () => crypto.randomUUID();

/**
 * A vehicle's fields as a form holds them, '' where empty: the hub's Tambah Kendaraan
 * (features/hub-ops) and a row of Vendor Detail's vehicles (features/vendors).
 */
export interface VehicleFormFields {
  mode: 'darat' | 'laut';
  license_plate: string;
  vehicle_type_id: string;
  driver_name: string;
  driver_phone: string;
  nama_kapal: string;
  nama_pelayaran: string;
}

export function checkAddVendor(values: { name: string; contact_person: string; phone: string }) {
  return checkCommand('add_vendor', { vendor_id: newId(), ...values });
}

/** Only the fields that changed travel (they merge field by field on the server). */
export function checkEditVendor(
  vendor: { id: string; name: string; contact_person: string | null; phone: string | null },
  values: { name: string; contact_person: string; phone: string },
): Checked<CommandInput<'edit_vendor'>> | { ok: true; payload: null } {
  const changes: CommandInput<'edit_vendor'>['changes'] = {};
  if (values.name !== vendor.name) changes.name = values.name;
  if (values.contact_person !== (vendor.contact_person ?? '')) changes.contact_person = values.contact_person;
  if (values.phone !== (vendor.phone ?? '')) changes.phone = values.phone;
  if (Object.keys(changes).length === 0) return { ok: true, payload: null };
  const checked = checkCommand('edit_vendor', { vendor_id: vendor.id, changes });
  if (checked.ok) return checked;
  // The edit's messages belong to the fields inside `changes`.
  const errors: FieldErrors = {};
  for (const [key, message] of Object.entries(checked.errors))
    errors[key === 'changes' ? 'name' : key] = message;
  return { ...checked, errors };
}

export function checkAddVehicleType(values: { name: string }) {
  return checkCommand('add_vehicle_type', { vehicle_type_id: newId(), ...values });
}
