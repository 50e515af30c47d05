// set_warehouse_capacity (issue 11): the most a warehouse holds, the maximum of
// the dashboard's hub card. Admin only (spec 6: hub management); null clears it.
// Server side: supabase/schemas/functions/cmd_warehouse_capacity.sql.
import { keyed } from '../message';
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { need, quantity, requireRole, uuid } from './helpers';
import { defineCommand } from './types';

export const setWarehouseCapacity = defineCommand({
  type: 'set_warehouse_capacity',
  schema: z.object({
    warehouse_id: uuid(MESSAGES.warehouseNotFound),
    capacity: quantity(MESSAGES.capacityInvalid).nullable(),
  }),
  async predict(p, ctx, strict) {
    requireRole(ctx.actor, ['admin']);
    const w = await need(ctx, 'warehouses', p.warehouse_id, keyed('warehouseNotFound'), strict);
    if (!w) return [];
    return [{ table: 'warehouses', row: { ...w, capacity: p.capacity } }];
  },
});
