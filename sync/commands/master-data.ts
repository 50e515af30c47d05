// Master data (spec 2.5 to 2.9, 5, 7.2): inventory, warehouses, vendors, vehicle
// types, vehicles and sea fleets (hubs: hubs.ts). Edits carry only the fields that changed
// and merge field by field on the server; deletes are soft and refused while the
// row is in use (checks the device cannot make without querying other tables
// are left to the server).
// Server side: supabase/schemas/functions/cmd_master_data.sql and cmd_vehicles.sql.
import { KEY, keyed } from '../message';
import { z } from 'zod';
import { hubKind } from '../domain/hub-type';
import { podCityOfHub } from '../domain/pod-city';
import { slug } from '../domain/text';
import type { Hub, Vehicle, Warehouse } from '../model/rows';
import {
  holds,
  isStaff,
  isoDate,
  need,
  newId,
  newRowStamp,
  optionalText,
  optionalUuid,
  quantity,
  requiredText,
  requireHub,
  requireOperator,
  requireRole,
  uuid,
} from './helpers';
import { CommandRefused, type Refusal } from '../errors';
import { defineCommand, type Actor, type PredictContext } from './types';

/** Spec 6: editing and deleting vehicles is for admin and tower control. */
const FLEET_EDITORS = ['admin', 'tower_control'] as const;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Not a duplicate the device can already see (the server refuses those with
 * code 'duplicate'): strict throws, a replay predicts nothing.
 */
export function unique(strict: boolean, taken: boolean, message: Refusal): boolean {
  return holds(!taken, strict, message);
}

/** The hub a hub user's new row goes to: the one given, else its own; only its own (spec 6). */
function hubForNewRow(actor: Actor, given: string | null): string | null {
  if (actor.role !== 'hub_user') return given;
  const hub = given ?? actor.hubId;
  if (!hub) throw new CommandRefused('forbidden', keyed('forbiddenHub'));
  requireHub(actor, hub);
  return hub;
}

/** public.cmd_require_warehouse: staff; a hub user its hub's warehouses, at a POD also its city's. */
export function mayBookAt(actor: Actor, w: Warehouse, hubs: readonly Hub[]): boolean {
  if (isStaff(actor)) return true;
  if (actor.role !== 'hub_user' || !actor.hubId) return false;
  if (w.hub_id === actor.hubId) return true;
  const mine = hubs.find((h) => h.id === actor.hubId && !h.deleted);
  if (!mine || hubKind(mine.name, mine.type) !== 'pod') return false;
  const city = slug(podCityOfHub(mine));
  return city !== null && slug(w.location) === city;
}

// add_inventory ---------------------------------------------------------------------------

export const addInventory = defineCommand({
  type: 'add_inventory',
  schema: z.object({
    inventory_id: newId(),
    warehouse_id: uuid(KEY.chooseWarehouse),
    date_recorded: isoDate(KEY.chooseDate),
    smartboard_quantity: quantity(KEY.smartboardNotNegative),
    bracket_quantity: quantity(KEY.bracketNotNegative),
    batch_number: optionalText('batch_number'),
  }),
  async predict(p, ctx, strict) {
    requireOperator(ctx.actor);
    const w = await need(ctx, 'warehouses', p.warehouse_id, keyed('warehouseNotFound'), strict);
    if (!w) return [];
    if (!mayBookAt(ctx.actor, w, await ctx.read.all('hubs'))) {
      throw new CommandRefused('forbidden', keyed('forbiddenWarehouse'));
    }
    return [
      {
        table: 'inventory',
        row: {
          ...newRowStamp(ctx, p.inventory_id),
          warehouse_id: w.id,
          date_recorded: p.date_recorded,
          smartboard_quantity: p.smartboard_quantity,
          bracket_quantity: p.bracket_quantity,
          batch_number: p.batch_number,
          shipment_id: null,
        },
      },
    ];
  },
});

// add_warehouse ---------------------------------------------------------------------------

export const addWarehouse = defineCommand({
  type: 'add_warehouse',
  schema: z.object({
    warehouse_id: newId(),
    // At most 100 characters, 'Nama terlalu panjang' (spec 8.5): the bound of every name.
    name: requiredText(KEY.warehouseNameRequired, 'name'),
    location: optionalText('location'),
    hub_id: optionalUuid(KEY.hubNotFound),
  }),
  async predict(p, ctx, strict) {
    requireOperator(ctx.actor);
    const hubId = hubForNewRow(ctx.actor, p.hub_id);
    if (hubId !== null && !(await need(ctx, 'hubs', hubId, keyed('hubNotFound'), strict))) return [];
    return [
      {
        table: 'warehouses',
        row: {
          ...newRowStamp(ctx, p.warehouse_id),
          name: p.name,
          location: p.location,
          hub_id: hubId,
          capacity: null,
        },
      },
    ];
  },
});

// vendors -----------------------------------------------------------------------------------

export const addVendor = defineCommand({
  type: 'add_vendor',
  schema: z.object({
    vendor_id: newId(),
    name: requiredText(KEY.vendorNameRequired, 'name'),
    contact_person: optionalText('contact_person'),
    phone: optionalText('phone'),
  }),
  async predict(p, ctx, strict) {
    requireOperator(ctx.actor);
    const vendors = await ctx.read.all('vendors');
    const taken = vendors.some((v) => !v.deleted && sameName(v.name, p.name));
    if (!unique(strict, taken, keyed('duplicateVendor', { name: p.name }))) return [];
    return [
      {
        table: 'vendors',
        row: {
          ...newRowStamp(ctx, p.vendor_id),
          name: p.name,
          contact_person: p.contact_person,
          phone: p.phone,
        },
      },
    ];
  },
});

export const editVendor = defineCommand({
  type: 'edit_vendor',
  schema: z.object({
    vendor_id: uuid(KEY.vendorNotFound),
    changes: z.object(
      {
        name: requiredText(KEY.vendorNameRequiredEdit, 'name').optional(),
        contact_person: optionalText('contact_person').optional(),
        phone: optionalText('phone').optional(),
      },
      { error: KEY.invalidCommand },
    ),
  }),
  async predict(p, ctx, strict) {
    requireRole(ctx.actor, ['admin']);
    const v = await need(ctx, 'vendors', p.vendor_id, keyed('vendorNotFound'), strict);
    if (!v) return [];
    const { name, contact_person, phone } = p.changes;
    if (name !== undefined) {
      const vendors = await ctx.read.all('vendors');
      const taken = vendors.some((o) => o.id !== v.id && !o.deleted && sameName(o.name, name));
      if (!unique(strict, taken, keyed('duplicateVendor', { name: name }))) return [];
    }
    return [
      {
        table: 'vendors',
        row: {
          ...v,
          ...(name !== undefined && { name }),
          ...(contact_person !== undefined && { contact_person }),
          ...(phone !== undefined && { phone }),
        },
      },
    ];
  },
});

export const deleteVendor = defineCommand({
  type: 'delete_vendor',
  schema: z.object({ vendor_id: uuid(KEY.vendorNotFound) }),
  async predict(p, ctx, strict) {
    requireRole(ctx.actor, ['admin']);
    const v = await need(ctx, 'vendors', p.vendor_id, keyed('vendorNotFound'), strict);
    if (!v) return [];
    // Refused while it has active vehicles (public.cmd_delete_vendor, same message):
    // what this device holds of them shows the refusal at once; the server decides.
    const active = (await ctx.read.vehiclesOf(v.id)).filter((x) => x.is_active && !x.deleted);
    if (strict && active.length > 0) {
      throw new CommandRefused('precondition', keyed('vendorHasVehicles', { name: v.name, count: active.length }));
    }
    return [{ table: 'vendors', row: { ...v, deleted: true } }];
  },
});

// vehicle types ------------------------------------------------------------------------------

export const addVehicleType = defineCommand({
  type: 'add_vehicle_type',
  schema: z.object({
    vehicle_type_id: newId(),
    name: requiredText(KEY.vehicleTypeNameRequired, 'name'),
  }),
  async predict(p, ctx, strict) {
    requireOperator(ctx.actor);
    const types = await ctx.read.all('vehicle_types');
    const taken = types.some((t) => !t.deleted && sameName(t.name, p.name));
    if (!unique(strict, taken, keyed('duplicateVehicleType', { name: p.name }))) return [];
    return [{ table: 'vehicle_types', row: { ...newRowStamp(ctx, p.vehicle_type_id), name: p.name } }];
  },
});

// vehicles and sea fleets ----------------------------------------------------------------------

interface NewVehicle {
  vehicle_id: string;
  vendor_id: string;
  license_plate: string;
  vehicle_type_id: string | null;
  driver_name: string | null;
  driver_phone: string | null;
  nama_kapal: string | null;
  nama_pelayaran: string | null;
  current_hub_id: string | null;
}

/** public.cmd_insert_vehicle: spec 4.1, a new vehicle is ready and active. */
async function predictNewVehicle(p: NewVehicle, ctx: PredictContext, strict: boolean) {
  requireOperator(ctx.actor);
  const hubId = hubForNewRow(ctx.actor, p.current_hub_id);
  if (!(await need(ctx, 'vendors', p.vendor_id, keyed('vendorNotFound'), strict))) return [];
  if (
    p.vehicle_type_id !== null &&
    !(await need(ctx, 'vehicle_types', p.vehicle_type_id, keyed('vehicleTypeNotFound'), strict))
  ) {
    return [];
  }
  if (hubId !== null && !(await need(ctx, 'hubs', hubId, keyed('hubNotFound'), strict))) return [];
  // A plate taken by another active vehicle is refused by the server ('duplicate').
  const row: Vehicle = {
    ...newRowStamp(ctx, p.vehicle_id),
    license_plate: p.license_plate,
    driver_name: p.driver_name,
    driver_phone: p.driver_phone,
    vehicle_type_id: p.vehicle_type_id,
    nama_kapal: p.nama_kapal,
    nama_pelayaran: p.nama_pelayaran,
    vendor_id: p.vendor_id,
    current_hub_id: hubId,
    ready: true,
    siap_muat: false,
    sedang_muat: false,
    is_active: true,
    queued_at: null,
    loading_started_at: null,
    loading_finished_at: null,
  };
  return [{ table: 'vehicles' as const, row }];
}

/**
 * The add-vehicle modal (spec 5). Laut: a sea fleet unit, the container number
 * in license_plate, no vehicle type. Darat: a truck, ship fields not kept.
 */
export const addVehicle = defineCommand({
  type: 'add_vehicle',
  schema: z
    .object({
      vehicle_id: newId(),
      vendor_id: uuid(KEY.chooseVendor),
      mode: z.enum(['darat', 'laut'], { error: KEY.invalidCommand }),
      license_plate: optionalText('license_plate'),
      vehicle_type_id: z.string().nullish(),
      driver_name: optionalText('driver_name'),
      driver_phone: optionalText('driver_phone'),
      nama_kapal: optionalText('nama_kapal'),
      nama_pelayaran: optionalText('nama_pelayaran'),
      current_hub_id: optionalUuid(KEY.hubNotFound),
    })
    .superRefine((v, issues) => {
      if (v.mode === 'laut' && (!v.nama_kapal || !v.nama_pelayaran || !v.license_plate)) {
        issues.addIssue({ code: 'custom', message: KEY.completeAllFields });
      }
      if (v.mode === 'darat' && (!v.license_plate || !UUID_RE.test(v.vehicle_type_id ?? ''))) {
        issues.addIssue({ code: 'custom', message: KEY.plateAndTypeRequired });
      }
    })
    .transform((v): NewVehicle & { mode: 'darat' | 'laut' } => ({
      vehicle_id: v.vehicle_id,
      vendor_id: v.vendor_id,
      mode: v.mode,
      license_plate: v.license_plate ?? '',
      vehicle_type_id: v.mode === 'darat' ? (v.vehicle_type_id ?? null) : null,
      driver_name: v.driver_name,
      driver_phone: v.driver_phone,
      nama_kapal: v.mode === 'laut' ? v.nama_kapal : null,
      nama_pelayaran: v.mode === 'laut' ? v.nama_pelayaran : null,
      current_hub_id: v.current_hub_id,
    })),
  predict: (p, ctx, strict) => predictNewVehicle(p, ctx, strict),
});

export const addSeaFleet = defineCommand({
  type: 'add_sea_fleet',
  schema: z.object({
    vehicle_id: newId(),
    vendor_id: uuid(KEY.seaFleetAllFields),
    nama_kapal: requiredText(KEY.seaFleetAllFields, 'nama_kapal'),
    nama_pelayaran: requiredText(KEY.seaFleetAllFields, 'nama_pelayaran'),
    container_number: requiredText(KEY.seaFleetAllFields, 'container_number'),
    current_hub_id: optionalUuid(KEY.hubNotFound),
  }),
  predict: (p, ctx, strict) =>
    predictNewVehicle(
      {
        vehicle_id: p.vehicle_id,
        vendor_id: p.vendor_id,
        license_plate: p.container_number,
        vehicle_type_id: null,
        driver_name: null,
        driver_phone: null,
        nama_kapal: p.nama_kapal,
        nama_pelayaran: p.nama_pelayaran,
        current_hub_id: p.current_hub_id,
      },
      ctx,
      strict,
    ),
});

/**
 * The vendor detail page's row edit. The queue flags and the hub belong to the
 * workflow commands. Deactivating takes the vehicle out of service (ready false;
 * refused while queued or carrying a shipment); activating makes it ready again.
 */
export const editVehicle = defineCommand({
  type: 'edit_vehicle',
  schema: z.object({
    vehicle_id: uuid(KEY.vehicleNotFound),
    changes: z.object(
      {
        license_plate: requiredText(KEY.fillAllRequiredFields, 'license_plate').optional(),
        vehicle_type_id: optionalUuid(KEY.vehicleTypeNotFound).optional(),
        driver_name: optionalText('driver_name').optional(),
        driver_phone: optionalText('driver_phone').optional(),
        nama_kapal: optionalText('nama_kapal').optional(),
        nama_pelayaran: optionalText('nama_pelayaran').optional(),
        is_active: z.boolean({ error: KEY.invalidCommand }).optional(),
      },
      { error: KEY.invalidCommand },
    ),
  }),
  async predict(p, ctx, strict) {
    requireRole(ctx.actor, FLEET_EDITORS);
    const v = await need(ctx, 'vehicles', p.vehicle_id, keyed('vehicleNotFound'), strict);
    if (!v) return [];
    const c = p.changes;
    if (
      c.vehicle_type_id &&
      !(await need(ctx, 'vehicle_types', c.vehicle_type_id, keyed('vehicleTypeNotFound'), strict))
    ) {
      return [];
    }
    const deactivating = v.is_active && c.is_active === false;
    if (
      !holds(
        !(deactivating && (v.siap_muat || v.sedang_muat)),
        strict,
        keyed('vehicleInQueue', { plate: v.license_plate }),
      )
    ) {
      return [];
    }
    const ready =
      c.is_active === false
        ? false
        : c.is_active === true && !v.is_active
          ? !(v.siap_muat || v.sedang_muat)
          : v.ready;
    const row: Vehicle = { ...v, ready };
    if (c.license_plate !== undefined) row.license_plate = c.license_plate;
    if (c.vehicle_type_id !== undefined) row.vehicle_type_id = c.vehicle_type_id;
    if (c.driver_name !== undefined) row.driver_name = c.driver_name;
    if (c.driver_phone !== undefined) row.driver_phone = c.driver_phone;
    if (c.nama_kapal !== undefined) row.nama_kapal = c.nama_kapal;
    if (c.nama_pelayaran !== undefined) row.nama_pelayaran = c.nama_pelayaran;
    if (c.is_active !== undefined) row.is_active = c.is_active;
    return [{ table: 'vehicles', row }];
  },
});

export const deleteVehicle = defineCommand({
  type: 'delete_vehicle',
  schema: z.object({ vehicle_id: uuid(KEY.vehicleNotFound) }),
  async predict(p, ctx, strict) {
    requireRole(ctx.actor, FLEET_EDITORS);
    const v = await need(ctx, 'vehicles', p.vehicle_id, keyed('vehicleNotFound'), strict);
    if (!v) return [];
    if (!holds(!(v.siap_muat || v.sedang_muat), strict, keyed('vehicleInQueue', { plate: v.license_plate }))) return [];
    // "Carrying an open shipment" needs a query over shipments: the server checks.
    return [{ table: 'vehicles', row: { ...v, deleted: true, is_active: false } }];
  },
});
