// The POD flow (spec 2.10, 4.2, 8.5): otw_{city} -> confirm_tiba ->
// sedang_bongkar -> selesai_pod. Allowed for admin, tower_control and a hub
// user of a POD hub of the shipment's city.
// Server side: supabase/schemas/functions/cmd_pod.sql (pod_complete with its counted receipt of
// issue 28 too; the receipt's rules in cmd_handover.sql).
import { KEY, keyed, type KeyedMessage, type MessageKey } from '../message';
import { z } from 'zod';
import { hubKind } from '../domain/hub-type';
import { hubForCity, warehouseForCity } from '../domain/lookups';
import { podCityOfHub, podCityOfShipment } from '../domain/pod-city';
import { slug } from '../domain/text';
import { UNLOADED_STATUSES } from '../domain/working-set';
import type { Hub, Shipment } from '../model/rows';
import { distinctUnloadingIds, incomingRows, unloadingIds } from './arrival';
import { countedUnloading, receiptInput } from './handover-receipt';
import { actedAt, holds, isStaff, need, uuid } from './helpers';
import { CommandRefused } from '../errors';
import { defineCommand, type Actor, type Change, type PredictContext } from './types';

const byShipment = z.object({ shipment_id: uuid(KEY.shipmentNotFound) });

/** public.cmd_require_pod: staff, or a hub user whose hub is a POD of that city. */
export function mayActForPodCity(actor: Actor, city: string | null, hubs: readonly Hub[]): boolean {
  if (isStaff(actor)) return true;
  const c = slug(city);
  if (actor.role !== 'hub_user' || c === null) return false;
  const mine = hubs.find((h) => h.id === actor.hubId && !h.deleted);
  return !!mine && hubKind(mine.name, mine.type) === 'pod' && slug(podCityOfHub(mine)) === c;
}

interface PodShipment {
  shipment: Shipment;
  city: string | null;
  hubs: Hub[];
}

async function podShipment(
  ctx: PredictContext,
  shipmentId: string,
  strict: boolean,
): Promise<PodShipment | undefined> {
  const shipment = await need(ctx, 'shipments', shipmentId, keyed('shipmentNotFound'), strict);
  if (!shipment) return undefined;
  const hubs = await ctx.read.all('hubs');
  const city = podCityOfShipment(
    shipment,
    hubs.find((h) => h.id === shipment.destination_hub_id),
  );
  if (!mayActForPodCity(ctx.actor, city, hubs)) throw new CommandRefused('forbidden', keyed('forbiddenPod'));
  return { shipment, city, hubs };
}

const taken = (
  s: Shipment,
  statuses: readonly string[],
  what: MessageKey,
  otherwise: MessageKey,
): KeyedMessage =>
  statuses.includes(s.status)
    ? keyed('conflictStatus', { what: keyed(what), status: s.status })
    : keyed(otherwise);

// pod_confirm_arrival -------------------------------------------------------------------

export const podConfirmArrival = defineCommand({
  type: 'pod_confirm_arrival',
  schema: byShipment,
  async predict(p, ctx, strict) {
    const found = await podShipment(ctx, p.shipment_id, strict);
    if (!found) return [];
    const { shipment: s, city, hubs } = found;
    if (!holds(s.status.startsWith('otw_'), strict, keyed('invalidStatusFormat'))) return [];
    if (!holds(city !== null, strict, keyed('cityUnavailable')) || city === null) return [];
    // Spec 4.2: the hub whose city or name matches; none leaves the current hub as it is.
    const target = hubForCity(hubs, city, s.destination_hub_id);
    const changes: Change[] = [
      {
        table: 'shipments',
        row: {
          ...s,
          status: 'confirm_tiba',
          arrival_destination: actedAt(ctx),
          current_hub_id: target ? target.id : s.current_hub_id,
        },
      },
    ];
    if (target) {
      // Past the spec, as at the hubs: the sea fleet unit is now at the POD.
      const vehicle = await ctx.read.get('vehicles', s.vehicle_id);
      if (vehicle) changes.push({ table: 'vehicles', row: { ...vehicle, current_hub_id: target.id } });
    }
    return changes;
  },
});

// pod_start_unloading -------------------------------------------------------------------

export const podStartUnloading = defineCommand({
  type: 'pod_start_unloading',
  schema: byShipment,
  async predict(p, ctx, strict) {
    const found = await podShipment(ctx, p.shipment_id, strict);
    if (!found) return [];
    const { shipment: s, city } = found;
    if (!holds(city !== null, strict, keyed('cityUnavailable'))) return [];
    const message = taken(
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

// pod_complete --------------------------------------------------------------------------

export const podComplete = defineCommand({
  type: 'pod_complete',
  schema: byShipment
    .extend({ ...unloadingIds, receipt: receiptInput })
    .refine(distinctUnloadingIds, { error: KEY.invalidCommand }),
  async predict(p, ctx, strict) {
    const found = await podShipment(ctx, p.shipment_id, strict);
    if (!found) return [];
    const { shipment: s, city } = found;
    if (!holds(city !== null, strict, keyed('cityUnavailable')) || city === null) return [];
    const message = taken(s, UNLOADED_STATUSES, KEY.unloadingAlreadyFinished, KEY.unloadingNotStarted);
    if (!holds(s.status === 'sedang_bongkar', strict, message)) return [];
    // Issue 28: with a counted receipt, what was counted in good order is booked. Issue 42: its
    // units received whole by serial are delivered (a POD is the end of the line).
    const counted = await countedUnloading(ctx, s, p.receipt, strict, true);
    if (!counted) return [];
    const warehouse = warehouseForCity(await ctx.read.all('warehouses'), city);
    if (!holds(!!warehouse, strict, keyed('warehouseNotFoundForCity', { city })) || !warehouse) return [];

    const changes: Change[] = [
      {
        table: 'shipments',
        row: { ...s, status: 'selesai_pod', selesai_bongkar: true, unloading_finished_at: actedAt(ctx) },
      },
      ...incomingRows(ctx, counted.booked, warehouse.id, p),
      ...counted.discrepancies,
      // Issue 42: received by serial, the loaded units move (handover-serials.ts): delivered.
      ...counted.units,
    ];
    // Past the spec, as at the hubs: free again where it unloaded.
    const vehicle = await ctx.read.get('vehicles', s.vehicle_id);
    if (vehicle)
      changes.push({
        table: 'vehicles',
        row: { ...vehicle, ready: true, siap_muat: false, sedang_muat: false },
      });
    return changes;
  },
});
