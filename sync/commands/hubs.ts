// Hubs (spec 2.8, 5; admin only): add, edit field by field (name, city and, issue 41, whether
// the hub counts blind; issue 42, whether it tracks TV serials), delete softly while nothing
// hangs on it.
// Server side: supabase/schemas/functions/cmd_hubs.sql (add_hub, edit_hub with blind_count,
// delete_hub).
import { KEY, keyed } from '../message';
import { z } from 'zod';
import { CommandRefused } from '../errors';
import { need, newId, newRowStamp, optionalText, requiredText, requireRole, uuid } from './helpers';
import { sameName, unique } from './master-data';
import { defineCommand } from './types';

// hubs (admin only) ------------------------------------------------------------------------------

export const addHub = defineCommand({
  type: 'add_hub',
  schema: z.object({
    hub_id: newId(),
    name: requiredText(KEY.hubNameRequired, 'name'),
    city: optionalText('city'),
  }),
  async predict(p, ctx, strict) {
    requireRole(ctx.actor, ['admin']);
    const hubs = await ctx.read.all('hubs');
    const taken = hubs.some((h) => !h.deleted && sameName(h.name, p.name));
    if (!unique(strict, taken, keyed('duplicateHub', { name: p.name }))) return [];
    // Spec 5: new hubs get type 'hub'.
    return [
      {
        table: 'hubs',
        row: {
          ...newRowStamp(ctx, p.hub_id),
          name: p.name,
          city: p.city,
          type: 'hub',
          blind_count: false,
          serial_tracking: false,
        },
      },
    ];
  },
});

export const editHub = defineCommand({
  type: 'edit_hub',
  schema: z.object({
    hub_id: uuid(KEY.hubNotFound),
    changes: z.object(
      {
        name: requiredText(KEY.hubNameRequired, 'name').optional(),
        city: optionalText('city').optional(),
        // Issue 41: the hub counts blind (supabase/schemas/functions/cmd_hubs.sql).
        blind_count: z.boolean({ error: KEY.invalidCommand }).optional(),
        // Issue 42: TVs at the hub are handled by serial (cmd_hubs.sql).
        serial_tracking: z.boolean({ error: KEY.invalidCommand }).optional(),
      },
      { error: KEY.invalidCommand },
    ),
  }),
  async predict(p, ctx, strict) {
    requireRole(ctx.actor, ['admin']);
    const hub = await need(ctx, 'hubs', p.hub_id, keyed('hubNotFound'), strict);
    if (!hub) return [];
    const { name, city, blind_count, serial_tracking } = p.changes;
    if (name !== undefined) {
      const hubs = await ctx.read.all('hubs');
      const taken = hubs.some((h) => h.id !== hub.id && !h.deleted && sameName(h.name, name));
      if (!unique(strict, taken, keyed('duplicateHub', { name: name }))) return [];
    }
    return [
      {
        table: 'hubs',
        row: {
          ...hub,
          ...(name !== undefined && { name }),
          ...(city !== undefined && { city }),
          ...(blind_count !== undefined && { blind_count }),
          ...(serial_tracking !== undefined && { serial_tracking }),
        },
      },
    ];
  },
});

export const deleteHub = defineCommand({
  type: 'delete_hub',
  schema: z.object({ hub_id: uuid(KEY.hubNotFound) }),
  async predict(p, ctx, strict) {
    requireRole(ctx.actor, ['admin']);
    const hub = await need(ctx, 'hubs', p.hub_id, keyed('hubNotFound'), strict);
    if (!hub) return [];
    // Warehouses are local master data, so that refusal shows at once; vehicles,
    // open shipments and users are checked by the server.
    const warehouses = await ctx.read.all('warehouses');
    if (strict && warehouses.some((w) => !w.deleted && w.hub_id === hub.id)) {
      throw new CommandRefused('precondition', keyed('hubHasWarehouses', { name: hub.name }));
    }
    return [{ table: 'hubs', row: { ...hub, deleted: true } }];
  },
});
