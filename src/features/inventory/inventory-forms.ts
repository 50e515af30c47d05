// The Inventory Master's forms (spec 2.5, 5, 9) as zod schemas with the spec's
// messages, and the payloads they send (add_inventory, add_warehouse). Pure,
// unit-tested. (The cards' totals: inventory-totals.ts.) The messages are read when a value
// is checked, in the device's language (issue 30).
import { t } from '../../lib/i18n';
import { z } from 'zod';
import { mayBookAt, type Actor, type Hub, type Warehouse } from '../../../sync/pure';
import { formatStorageDate } from '../../lib/format-date';
import { KARAWANG_WAREHOUSE } from './messages';

const quantity = (message: () => string) =>
  z.number({ error: message }).int({ error: message }).min(0, { error: message });

export const inventoryFormSchema = z.object({
  warehouse_id: z.string().min(1, { error: () => t('server.chooseWarehouse') }),
  /** The day as yyyy-MM-dd (the date picker's value), '' before one is chosen. */
  date: z
    .string({ error: () => t('inventory.message.chooseDate') })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: () => t('inventory.message.chooseDate') }),
  smartboard_quantity: quantity(() => t('inventory.message.smartboardNotNegative')),
  bracket_quantity: quantity(() => t('inventory.message.bracketNotNegative')),
  batch_number: z.string(),
});
export type InventoryFormValues = z.input<typeof inventoryFormSchema>;

/** Spec 2.5: today's date and 0 quantities. */
export const inventoryDefaults = (): InventoryFormValues => ({
  warehouse_id: '',
  date: formatStorageDate(new Date()),
  smartboard_quantity: 0,
  bracket_quantity: 0,
  batch_number: '',
});

export function inventoryPayload(values: InventoryFormValues) {
  return {
    inventory_id: crypto.randomUUID(),
    warehouse_id: values.warehouse_id,
    date_recorded: values.date,
    smartboard_quantity: values.smartboard_quantity,
    bracket_quantity: values.bracket_quantity,
    batch_number: values.batch_number.trim() || null,
  };
}

export const warehouseFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: () => t('server.warehouseNameRequired') })
    .max(100, { error: () => t('server.warehouseNameTooLong') }),
  location: z.string(),
});
export type WarehouseFormValues = z.input<typeof warehouseFormSchema>;

export function warehousePayload(values: WarehouseFormValues) {
  return {
    warehouse_id: crypto.randomUUID(),
    name: values.name.trim(),
    location: values.location.trim() || null,
  };
}

/**
 * The warehouses Tambah Data Inventory offers: Gudang Karawang and those added from the dialog
 * (spec 5), each only where this user may book stock (the server's rule: mayBookAt, as
 * cmd_require_warehouse). A hub user who may book at none of them (a hub other than Karawang)
 * is offered the warehouses of its own hub (at a POD, its city's) instead: never a warehouse
 * whose booking the server refuses, and never an empty choice where one is allowed.
 */
export function bookableWarehouses(
  warehouses: readonly Warehouse[],
  actor: Actor,
  hubs: readonly Hub[],
  added: readonly string[],
): Warehouse[] {
  const live = warehouses.filter((w) => !w.deleted && mayBookAt(actor, w, hubs));
  const spec = live.filter((w) => w.name.trim() === KARAWANG_WAREHOUSE || added.includes(w.id));
  return spec.length > 0 || actor.role !== 'hub_user' ? spec : live;
}
