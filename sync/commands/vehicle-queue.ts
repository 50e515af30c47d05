// The vehicle queue at a hub (spec 4.1): queue, Proses Muat, remove, finish loading.
// Server side: supabase/schemas/functions/cmd_vehicle_queue.sql.
import { KEY, keyed } from '../message';
import { z } from 'zod';
import { actedAt, holds, mustGet, requireHub, uuid } from './helpers';
import { CommandRefused } from '../errors';
import { defineCommand, type Change } from './types';

const hubId = uuid(KEY.hubIdUnavailable);
const vehicleId = uuid(KEY.vehicleNotFound);

export const queueVehicles = defineCommand({
  type: 'queue_vehicles',
  schema: z.object({
    hub_id: hubId,
    vehicle_ids: z
      .array(uuid(KEY.chooseAtLeastOneVehicle), { error: KEY.chooseAtLeastOneVehicle })
      .min(1, {
        error: KEY.chooseAtLeastOneVehicle,
      }),
  }),
  async predict(p, ctx, strict) {
    requireHub(ctx.actor, p.hub_id);
    const hub = await mustGet(ctx, 'hubs', p.hub_id, keyed('hubNotFound'));
    const changes: Change[] = [];
    for (const id of p.vehicle_ids) {
      const v = await ctx.read.get('vehicles', id);
      if (!v || v.deleted) {
        if (strict) throw new CommandRefused('not_found', keyed('vehicleNotFound'));
        continue;
      }
      const seaHub = hub.type === 'poljak' || hub.type === 'polsub';
      // The server refuses the whole command when one vehicle does not fit, so
      // a replay that no longer fits predicts nothing at all.
      if (
        !holds(v.is_active && v.ready, strict, keyed('vehicleNotReady', { plate: v.license_plate }))
      ) {
        return [];
      }
      if (
        !holds(!seaHub || !!v.nama_kapal?.trim(), strict, keyed('notSeaFleet', { plate: v.license_plate }))
      ) {
        return [];
      }
      changes.push({
        table: 'vehicles',
        row: {
          ...v,
          siap_muat: true,
          ready: false,
          sedang_muat: false,
          current_hub_id: p.hub_id,
          queued_at: actedAt(ctx),
          loading_started_at: null,
          loading_finished_at: null,
        },
      });
    }
    return changes;
  },
});

const vehicleAtHub = z.object({ hub_id: hubId, vehicle_id: vehicleId });

export const startLoading = defineCommand({
  type: 'start_loading',
  schema: vehicleAtHub,
  async predict(p, ctx, strict) {
    requireHub(ctx.actor, p.hub_id);
    const v = await mustGet(ctx, 'vehicles', p.vehicle_id, keyed('vehicleNotFound'));
    const queuedHere = v.siap_muat && v.current_hub_id === p.hub_id;
    if (!holds(queuedHere, strict, keyed('notInReadyQueue', { plate: v.license_plate })))
      return [];
    return [
      {
        table: 'vehicles',
        row: { ...v, siap_muat: false, sedang_muat: true, ready: false, loading_started_at: actedAt(ctx) },
      },
    ];
  },
});

export const removeFromQueue = defineCommand({
  type: 'remove_from_queue',
  schema: vehicleAtHub,
  async predict(p, ctx, strict) {
    requireHub(ctx.actor, p.hub_id);
    const v = await mustGet(ctx, 'vehicles', p.vehicle_id, keyed('vehicleNotFound'));
    const inQueueHere = (v.siap_muat || v.sedang_muat) && v.current_hub_id === p.hub_id;
    if (!holds(inQueueHere, strict, keyed('notInQueue', { plate: v.license_plate }))) return [];
    return [
      {
        table: 'vehicles',
        row: {
          ...v,
          siap_muat: false,
          sedang_muat: false,
          ready: true,
          queued_at: null,
          loading_started_at: null,
          loading_finished_at: null,
        },
      },
    ];
  },
});

export const finishLoading = defineCommand({
  type: 'finish_loading',
  schema: vehicleAtHub,
  async predict(p, ctx, strict) {
    requireHub(ctx.actor, p.hub_id);
    const v = await mustGet(ctx, 'vehicles', p.vehicle_id, keyed('vehicleNotFound'));
    const loadingHere = v.sedang_muat && v.current_hub_id === p.hub_id;
    if (!holds(loadingHere, strict, keyed('notLoadingHere', { plate: v.license_plate })))
      return [];
    return [
      {
        table: 'vehicles',
        row: { ...v, sedang_muat: false, siap_muat: false, ready: true, loading_finished_at: actedAt(ctx) },
      },
    ];
  },
});
