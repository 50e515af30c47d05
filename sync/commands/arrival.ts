// Arrival at a hub (spec 4.2, 4.3, 7.2): Confirm Tiba, Mulai Bongkar, Selesai
// Bongkar. First writer wins on the server; a late tablet's command is refused
// with code 'conflict' naming who did it first and when (the device cannot know
// who, so its own strict check says only that the state has moved on).
// Server side: supabase/schemas/functions/cmd_arrival.sql (complete_unloading with its counted
// receipt of issue 28 too; the receipt's rules in cmd_handover.sql).
import { KEY, keyed, type KeyedMessage, type MessageKey } from '../message';
import { z } from 'zod';
import { hubKind } from '../domain/hub-type';
import { firstWarehouseOf } from '../domain/lookups';
import { jakartaDate } from '../domain/time';
import { UNLOADED_STATUSES } from '../domain/working-set';
import type { InventoryRow, Shipment } from '../model/rows';
import { countedUnloading, receiptInput } from './handover-receipt';
import { actedAt, holds, need, newId, newRowStamp, optionalText, requireHub, uuid } from './helpers';
import { defineCommand, type Change, type PredictContext } from './types';

const hubId = uuid(KEY.hubIdUnavailable);
const shipmentId = uuid(KEY.shipmentNotFound);
const atHub = z.object({ hub_id: hubId, shipment_id: shipmentId });

/** The shipment bound for this hub (public.cmd_lock_arriving_shipment), or nothing to predict. */
async function arriving(
  ctx: PredictContext,
  p: { hub_id: string; shipment_id: string },
  strict: boolean,
): Promise<Shipment | undefined> {
  const s = await need(ctx, 'shipments', p.shipment_id, keyed('shipmentNotFound'), strict);
  if (!s) return undefined;
  // Who may act is decided by where the shipment goes, whatever hub the payload names.
  requireHub(ctx.actor, s.destination_hub_id);
  if (!holds(s.destination_hub_id === p.hub_id, strict, keyed('shipmentNotForHub'))) return undefined;
  const destination = await ctx.read.get('hubs', s.destination_hub_id);
  if (
    !holds(
      !destination || hubKind(destination.name, destination.type) !== 'pod',
      strict,
      keyed('podShipmentElsewhere'),
    )
  ) {
    return undefined;
  }
  return s;
}

/** The later steps' refusal: taken already (the server names who and when), or not yet possible. */
function stateMessage(
  s: Shipment,
  takenWhen: readonly string[],
  taken: MessageKey,
  notYet: MessageKey,
): KeyedMessage {
  return takenWhen.includes(s.status)
    ? keyed('conflictStatus', { what: keyed(taken), status: s.status })
    : keyed(notYet);
}

/** Spec 7.2: one incoming row per item type, each only when above zero. */
export function incomingRows(
  ctx: PredictContext,
  s: Shipment,
  warehouseId: string,
  ids: { smartboard_inventory_id: string; bracket_inventory_id: string },
): Change[] {
  const row = (id: string, smartboards: number, brackets: number): Change => ({
    table: 'inventory',
    row: {
      ...newRowStamp(ctx, id),
      warehouse_id: warehouseId,
      date_recorded: jakartaDate(actedAt(ctx)),
      smartboard_quantity: smartboards,
      bracket_quantity: brackets,
      batch_number: s.batch_number,
      shipment_id: s.id,
    } satisfies InventoryRow,
  });
  const changes: Change[] = [];
  if (s.smartboard_quantity > 0) changes.push(row(ids.smartboard_inventory_id, s.smartboard_quantity, 0));
  if (s.bracket_quantity > 0) changes.push(row(ids.bracket_inventory_id, 0, s.bracket_quantity));
  return changes;
}

/** The inventory ids of an unloading: two different ids made on the device. */
export const unloadingIds = {
  smartboard_inventory_id: newId(),
  bracket_inventory_id: newId(),
};
export const distinctUnloadingIds = (p: { smartboard_inventory_id: string; bracket_inventory_id: string }) =>
  p.smartboard_inventory_id !== p.bracket_inventory_id;

// confirm_arrival: otw_* -> confirm_tiba ----------------------------------------------

export const confirmArrival = defineCommand({
  type: 'confirm_arrival',
  schema: atHub,
  async predict(p, ctx, strict) {
    const s = await arriving(ctx, p, strict);
    if (!s) return [];
    const inTransit = s.status.startsWith('otw_');
    const message = stateMessage(
      s,
      ['confirm_tiba', 'sedang_bongkar', 'selesai', 'selesai_pod'],
      KEY.arrivalAlreadyConfirmed,
      KEY.notInTransit,
    );
    if (!holds(inTransit, strict, message)) return [];
    const changes: Change[] = [
      {
        table: 'shipments',
        row: {
          ...s,
          status: 'confirm_tiba',
          arrival_gdt: actedAt(ctx),
          current_hub_id: s.destination_hub_id,
        },
      },
    ];
    // Spec 4.2: the vehicle is now at the destination.
    const vehicle = await ctx.read.get('vehicles', s.vehicle_id);
    if (vehicle)
      changes.push({ table: 'vehicles', row: { ...vehicle, current_hub_id: s.destination_hub_id } });
    return changes;
  },
});

// start_unloading: confirm_tiba -> sedang_bongkar -------------------------------------

export const startUnloading = defineCommand({
  type: 'start_unloading',
  schema: atHub,
  async predict(p, ctx, strict) {
    const s = await arriving(ctx, p, strict);
    if (!s) return [];
    const message = stateMessage(
      s,
      ['sedang_bongkar', 'selesai', 'selesai_pod'],
      KEY.unloadingAlreadyStarted,
      KEY.arrivalNotConfirmed,
    );
    if (!holds(s.status === 'confirm_tiba', strict, message)) return [];
    return [
      { table: 'shipments', row: { ...s, status: 'sedang_bongkar', unloading_started_at: actedAt(ctx) } },
    ];
  },
});

// complete_unloading: sedang_bongkar -> selesai ----------------------------------------

export const completeUnloading = defineCommand({
  type: 'complete_unloading',
  schema: atHub
    .extend({ notes: optionalText('notes'), ...unloadingIds, receipt: receiptInput })
    .refine(distinctUnloadingIds, { error: KEY.invalidCommand }),
  async predict(p, ctx, strict) {
    const s = await arriving(ctx, p, strict);
    if (!s) return [];
    const message = stateMessage(s, UNLOADED_STATUSES, KEY.unloadingAlreadyFinished, KEY.unloadingNotStarted);
    if (!holds(s.status === 'sedang_bongkar', strict, message)) return [];
    // Issue 28: with a counted receipt, what was counted in good order is booked.
    const counted = await countedUnloading(ctx, s, p.receipt, strict);
    if (!counted) return [];
    const warehouse = firstWarehouseOf(await ctx.read.all('warehouses'), s.destination_hub_id);
    if (!holds(!!warehouse, strict, keyed('hubWarehouseMissing')) || !warehouse) return [];

    const changes: Change[] = [
      {
        table: 'shipments',
        row: {
          ...s,
          status: 'selesai',
          selesai_bongkar: true,
          notes: p.notes,
          unloading_finished_at: actedAt(ctx),
        },
      },
      ...incomingRows(ctx, counted.booked, warehouse.id, p),
      ...counted.discrepancies,
      // Issue 42: received by serial, the loaded units move (handover-serials.ts).
      ...counted.units,
    ];
    // Spec 4.2: the vehicle is free again, where it unloaded.
    const vehicle = await ctx.read.get('vehicles', s.vehicle_id);
    if (vehicle)
      changes.push({
        table: 'vehicles',
        row: { ...vehicle, ready: true, siap_muat: false, sedang_muat: false },
      });
    return changes;
  },
});
