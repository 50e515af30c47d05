// Issue 29: tower control and admin correct the counts of a shipment sent by
// mistake, or void it, with a reason, while it is still on its way (status
// otw_*, not yet received). Server side: public.cmd_correct_shipment_counts and
// public.cmd_void_shipment in
// supabase/schemas/functions/cmd_shipment_correction.sql.
//
// A correction rewrites the shipment's counts and its stock row (taking more
// out needs the stock); a void sets the status 'dibatalkan' with
// selesai_bongkar (nothing is in transit any more, spec 4.2), takes its stock
// row away (the stock returns), puts its TV units back in the origin's stock (issue 42) and
// makes the vehicle ready again. The reason
// stays in the command: the audit trail and the shipment's history show it.
import { KEY, keyed } from '../message';
import { z } from 'zod';
import { availableStock, stockShortfalls, VOIDED_STATUS } from '../domain/stock';
import type { InventoryRow, Shipment, Warehouse } from '../model/rows';
import { holds, need, negated, requiredText, requireRole, uuid } from './helpers';
import { unitsBack } from './serials';
import { wholeQuantity } from './shipping';
import { defineCommand, type Change, type PredictContext } from './types';

const STAFF = ['admin', 'tower_control'] as const;

/** Still on its way: not received (Confirm Tiba moves it out of otw_*), not voided. */
export function isCorrectable(s: Pick<Shipment, 'status' | 'selesai_bongkar' | 'deleted'>): boolean {
  return !s.deleted && !s.selesai_bongkar && s.status.startsWith('otw_');
}

/** The shipment, once the actor may correct it (public.cmd_lock_correctable_shipment). */
async function correctable(ctx: PredictContext, shipmentId: string, strict: boolean) {
  requireRole(ctx.actor, STAFF);
  const s = await need(ctx, 'shipments', shipmentId, keyed('shipmentNotFound'), strict);
  if (!s || !holds(isCorrectable(s), strict, keyed('shipmentNotCorrectable'))) return undefined;
  return s;
}

/** The shipment's stock row and its warehouse, as the view holds them (if the reader can say). */
async function stockRowOf(
  ctx: PredictContext,
  s: Shipment,
): Promise<{ row: InventoryRow; warehouse: Warehouse } | undefined> {
  if (!ctx.read.inventoryOf) return undefined;
  const warehouses = (await ctx.read.all('warehouses')).filter((w) => w.hub_id === s.origin_hub_id);
  for (const warehouse of warehouses) {
    const rows = await ctx.read.inventoryOf(warehouse.id);
    const row = rows.find((r) => r.shipment_id === s.id && !r.deleted);
    if (row) return { row, warehouse };
  }
  return undefined;
}

export const correctShipmentCounts = defineCommand({
  type: 'correct_shipment_counts',
  schema: z.object({
    shipment_id: uuid(KEY.shipmentNotFound),
    smartboard_quantity: wholeQuantity(KEY.poljak.quantity),
    bracket_quantity: wholeQuantity(KEY.poljak.quantity),
    reason: requiredText(KEY.reasonRequired, 'reason'),
  }),
  async predict(p, ctx, strict) {
    const s = await correctable(ctx, p.shipment_id, strict);
    if (!s) return [];
    const unchanged = p.smartboard_quantity === s.smartboard_quantity && p.bracket_quantity === s.bracket_quantity;
    if (!holds(!unchanged, strict, keyed('correctionUnchanged'))) return [];
    const changes: Change[] = [];
    const stock = await stockRowOf(ctx, s);
    if (stock) {
      const extra = {
        smartboards: Math.max(p.smartboard_quantity - s.smartboard_quantity, 0),
        brackets: Math.max(p.bracket_quantity - s.bracket_quantity, 0),
      };
      const have = availableStock(await ctx.read.get('stock_balances', stock.warehouse.id));
      const short = have ? stockShortfalls(stock.warehouse, have, extra) : [];
      if (!holds(short.length === 0, strict, short[0]?.message ?? keyed('invalidCommand'))) return [];
      changes.push({
        table: 'inventory',
        row: {
          ...stock.row,
          smartboard_quantity: negated(p.smartboard_quantity),
          bracket_quantity: negated(p.bracket_quantity),
        },
      });
    }
    changes.unshift({
      table: 'shipments',
      row: { ...s, smartboard_quantity: p.smartboard_quantity, bracket_quantity: p.bracket_quantity },
    });
    return changes;
  },
});

export const voidShipment = defineCommand({
  type: 'void_shipment',
  schema: z.object({
    shipment_id: uuid(KEY.shipmentNotFound),
    reason: requiredText(KEY.reasonRequired, 'reason'),
  }),
  async predict(p, ctx, strict) {
    const s = await correctable(ctx, p.shipment_id, strict);
    if (!s) return [];
    const changes: Change[] = [
      { table: 'shipments', row: { ...s, status: VOIDED_STATUS, selesai_bongkar: true } },
    ];
    const stock = await stockRowOf(ctx, s);
    if (stock) changes.push({ table: 'inventory', row: { ...stock.row, deleted: true } });
    const v = await ctx.read.get('vehicles', s.vehicle_id);
    if (v && !v.deleted && v.is_active && !v.siap_muat && !v.sedang_muat)
      changes.push({ table: 'vehicles', row: { ...v, ready: true } });
    // Issue 42: its TVs back in the origin's stock, by serial.
    changes.push(...(await unitsBack(ctx, s)));
    return changes;
  },
});
