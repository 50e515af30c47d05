// The hub operations forms validate by the command schemas themselves (sync's
// CATALOGUE, with the spec's messages), so a form and the command it sends can
// never disagree; only what the commands do not carry (the images' file types)
// is checked here. Errors are keyed by the payload field they belong to; 'form'
// holds those of no single field.
import { seaBatchNumber, type CommandInput, type CommandType } from '../../../sync/pure';
import { failed } from '../../lib/writes/field-errors';
import { parseQuantity } from '../../lib/quantity';
import { parseCount } from './shipping-checks';
import { tvSerialsPart } from './serial-loading';

export { checkCommand, type Checked } from '../../lib/writes/check-command';
import { checkCommand, type Checked } from '../../lib/writes/check-command';
import type { VehicleFormFields } from '../../lib/writes/master-data-forms';

export { failed };

export { parseQuantity };

const newId = () => crypto.randomUUID();

// The Karawang/Cikarang shipping form -----------------------------------------------------

/** Quantities as the form holds them: a number input's parsed value, or its text. */
type Quantity = number | string;

export interface DaratFormValues {
  destination_warehouse_id: string;
  batch_number: string;
  smartboard_quantity: Quantity;
  bracket_quantity: Quantity;
}

export type DaratPayload = CommandInput<'create_shipment_darat'>;

export function checkDaratForm(
  values: DaratFormValues,
  context: { hubId: string; vehicleId: string; imageCount: number; tvSerials?: readonly string[] },
  ids: { shipmentId: string; inventoryId: string } = { shipmentId: newId(), inventoryId: newId() },
): Checked<DaratPayload> {
  return checkCommand('create_shipment_darat', {
    hub_id: context.hubId,
    shipment_id: ids.shipmentId,
    vehicle_id: context.vehicleId,
    destination_warehouse_id: values.destination_warehouse_id,
    batch_number: values.batch_number,
    smartboard_quantity: parseCount(values.smartboard_quantity),
    bracket_quantity: parseCount(values.bracket_quantity),
    inventory_id: ids.inventoryId,
    image_count: context.imageCount,
    ...tvSerialsPart(context.tvSerials),
  });
}

// The PolJak and PolSub shipment forms ------------------------------------------------------

export type SeaForm = 'poljak' | 'polsub';

export interface SeaFormValues {
  pelayaran: string;
  nama_kapal: string;
  no_container: string;
  etd: string;
  eta: string;
  destination_hub_id: string;
  smartboard_quantity: Quantity;
  bracket_quantity: Quantity;
}

/** Both sea forms send the same payload, each under its own command. */
export type SeaPayload = CommandInput<'create_shipment_poljak'>;

export const SEA_COMMAND = {
  poljak: 'create_shipment_poljak',
  polsub: 'create_shipment_polsub',
} as const satisfies Record<SeaForm, CommandType>;

export function checkSeaForm(
  form: SeaForm,
  values: SeaFormValues,
  context: {
    hubId: string;
    vehicleId: string;
    imageCount: number;
    at: number;
    tvSerials?: readonly string[];
  },
  ids = { shipmentId: newId(), containerId: newId(), inventoryId: newId() },
): Checked<SeaPayload> {
  return checkCommand(SEA_COMMAND[form], {
    hub_id: context.hubId,
    shipment_id: ids.shipmentId,
    container_id: ids.containerId,
    inventory_id: ids.inventoryId,
    vehicle_id: context.vehicleId,
    pelayaran: values.pelayaran,
    nama_kapal: values.nama_kapal,
    no_container: values.no_container,
    etd: values.etd,
    eta: values.eta,
    destination_hub_id: values.destination_hub_id,
    smartboard_quantity: parseCount(values.smartboard_quantity),
    bracket_quantity: parseCount(values.bracket_quantity),
    image_count: context.imageCount,
    batch_number: seaBatchNumber(form, new Date(context.at).toISOString()),
    ...tvSerialsPart(context.tvSerials),
  });
}

// Modals ----------------------------------------------------------------------------------------

export { checkAddVendor, checkEditVendor, checkAddVehicleType } from '../../lib/writes/master-data-forms';

export interface AddVehicleValues extends VehicleFormFields {
  vendor_id: string;
}

export function checkAddVehicle(values: AddVehicleValues, hubId: string | null) {
  const checked = checkCommand('add_vehicle', { vehicle_id: newId(), ...values, current_hub_id: hubId });
  if (checked.ok) return checked;
  // Every message at once (issue 29): the vendor's (spec 5: asked for first), and the
  // command's one for plate and type (or the sea fields) under each field left empty.
  const { form: whole, ...errors } = checked.errors;
  if (!whole) return checked;
  const required =
    values.mode === 'laut'
      ? (['nama_kapal', 'nama_pelayaran', 'license_plate'] as const)
      : (['license_plate', 'vehicle_type_id'] as const);
  const missing = required.filter((field) => !values[field].trim());
  if (missing.length === 0) return checked;
  for (const field of missing) errors[field] ??= whole;
  return { ...checked, errors };
}

export function checkAddSeaFleet(
  values: { vendor_id: string; nama_kapal: string; nama_pelayaran: string; container_number: string },
  hubId: string | null,
) {
  return checkCommand('add_sea_fleet', { vehicle_id: newId(), ...values, current_hub_id: hubId });
}

/** Spec 5: at least one vehicle (issue 29: the list starts from the truck, the vendor is only a filter). */
export function checkQueue(vehicleIds: readonly string[], hubId: string) {
  return checkCommand('queue_vehicles', { hub_id: hubId, vehicle_ids: [...vehicleIds] });
}
