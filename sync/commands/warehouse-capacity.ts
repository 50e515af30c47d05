// set_warehouse_capacity (issue 11): the most a warehouse holds, the maximum of
// the dashboard's hub card. Admin only (spec 6: hub management); null clears it.
// Server side: supabase/schemas/functions/cmd_warehouse_capacity.sql.
import { KEY, keyed } from '../message';
import { z } from 'zod';
import { need, quantity, requireRole, uuid } from './helpers';
import { defineCommand } from './types';

export const setWarehouseCapacity = defineCommand({
  type: 'set_warehouse_capacity',
  schema: z.object({
    warehouse_id: uuid(KEY.warehouseNotFound),
    capacity: quantity(KEY.capacityInvalid).nullable(),
  }),
  async predict(p, ctx, strict) {
    requireRole(ctx.actor, ['admin']);
    const w = await need(ctx, 'warehouses', p.warehouse_id, keyed('warehouseNotFound'), strict);
    if (!w) return [];
    return [{ table: 'warehouses', row: { ...w, capacity: p.capacity } }];
  },
});
