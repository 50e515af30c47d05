// Issue 42: TVs by serial number. register_serials brings units into a hub's stock (scanned,
// typed or imported from the factory's packing list), and the shipping forms load units by
// serial (loadSerials below, called by shipping.ts); a void puts them back (unitsBack);
// remove_serials takes serials registered by mistake back out of the stock.
// Server side: supabase/schemas/functions/cmd_serials.sql (register_serials),
// cmd_serials_remove.sql (remove_serials) and
// cmd_shipping.sql / cmd_shipment_correction.sql (the forms' tv_serials, the void), the same
// checks in the same order with the same keys. The pure rules: sync/domain/serials.ts.
import { z } from 'zod';
import { checkLoadScan, MAX_SERIALS, normalizeSerial } from '../domain/serials';
import { CommandRefused, type RefusalCode } from '../errors';
import { KEY, keyed, type KeyedMessage } from '../message';
import type { Hub, Shipment, TvUnit } from '../model/rows';
import { need, newId, newRowStamp, requireHub, requireRole, uuid } from './helpers';
import { defineCommand, type Change, type PredictContext } from './types';

/** A raw serial as the refusal names it: trimmed, at most 64 characters (the server's). */
const shown = (raw: string) => raw.trim().slice(0, 64);

/** At most MAX_SERIALS in one command, refused with its number (serial.tooMany). */
const atMostMax = <T extends z.ZodType>(item: T) =>
  z.array(item, { error: KEY.invalidCommand }).refine((list) => list.length <= MAX_SERIALS, {
    error: KEY.serial.tooMany,
    params: { max: MAX_SERIALS },
  });

/** The shipping forms' serials (issue 42): what was scanned into the truck, none by default. */
export const tvSerials = () => atMostMax(z.string({ error: KEY.invalidCommand })).default([]);

/** The hub tracks serials (a row pulled before issue 42, or made in a test, does not). */
export const tracksSerials = (hub: Pick<Hub, 'serial_tracking'>) => hub.serial_tracking === true;

/**
 * Each refusal's code, as the server gives it (cmd_serials.sql); serial.alreadyRegistered is
 * the server's 'duplicate', a code the device does not give (as a duplicate name: precondition).
 */
const CODE: Record<string, RefusalCode> = {
  'serial.invalid': 'validation',
  'serial.alreadyScanned': 'validation',
  'serial.countMismatch': 'validation',
  'serial.inOpenShipment': 'conflict',
};

function refuse(strict: boolean, message: KeyedMessage): null {
  if (strict) throw new CommandRefused(CODE[message.key] ?? 'precondition', message);
  return null;
}

// register_serials: units into a hub's stock ------------------------------------------------

export const registerSerials = defineCommand({
  type: 'register_serials',
  schema: z.object({
    hub_id: uuid(KEY.hubNotFound),
    units: atMostMax(
      z.object(
        { unit_id: newId(), serial: z.string({ error: KEY.invalidCommand }) },
        { error: KEY.invalidCommand },
      ),
    ).refine((list) => list.length >= 1, { error: KEY.invalidCommand }),
  }),
  async predict(p, ctx, strict) {
    // Admin, or a hub user of this hub; tower control does not keep stock.
    requireRole(ctx.actor, ['admin', 'hub_user']);
    requireHub(ctx.actor, p.hub_id);
    const hub = await need(ctx, 'hubs', p.hub_id, keyed('hubNotFound'), strict);
    if (!hub) return [];
    if (!tracksSerials(hub)) return refuse(strict, keyed('serial.trackingOff', { hub: hub.name })) ?? [];
    // Registered already, wherever it is (on the server: unique across the company).
    const valid = p.units.map((u) => normalizeSerial(u.serial)).filter((s): s is string => s !== null);
    const known = ctx.read.unitsWithSerials ? await ctx.read.unitsWithSerials(valid) : [];
    // (This command's own units, pulled before it settled, are not "taken": a replay.)
    const own = new Set(p.units.map((u) => u.unit_id));
    const taken = new Set(known.filter((u) => !u.deleted && !own.has(u.id)).map((u) => u.serial));
    // Each unit in order: a serial, once in the list, not registered yet.
    const serials: string[] = [];
    const seen = new Set<string>();
    for (const unit of p.units) {
      const serial = normalizeSerial(unit.serial);
      const refusal =
        serial === null
          ? keyed('serial.invalid', { serial: shown(unit.serial) })
          : seen.has(serial)
            ? keyed('serial.alreadyScanned', { serial })
            : taken.has(serial)
              ? keyed('serial.alreadyRegistered', { serial })
              : null;
      if (refusal) return refuse(strict, refusal) ?? [];
      seen.add(serial!);
      serials.push(serial!);
    }
    return p.units.map((unit, i) => ({
      table: 'tv_units' as const,
      row: {
        ...newRowStamp(ctx, unit.unit_id),
        serial: serials[i]!,
        state: 'in_stock' as const,
        hub_id: hub.id,
        shipment_id: null,
        moved: false,
      },
    }));
  },
});

// remove_serials: serials registered by mistake, out of a hub's stock ------------------------

/**
 * The units taken back, each named with its serial (the trail says which serials; the server
 * checks it is the unit's): each in this hub's stock (serial.notInStock), never loaded since it
 * was registered (serial.removeMoved: tv_units.moved); soft-deleted, which frees the serial. A
 * unit this device does not hold is left to the server.
 */
export const removeSerials = defineCommand({
  type: 'remove_serials',
  schema: z.object({
    hub_id: uuid(KEY.hubNotFound),
    units: atMostMax(
      z.object(
        { unit_id: uuid(KEY.invalidCommand), serial: z.string({ error: KEY.invalidCommand }) },
        { error: KEY.invalidCommand },
      ),
    ).refine((list) => list.length >= 1 && new Set(list.map((u) => u.unit_id)).size === list.length, {
      error: KEY.invalidCommand,
    }),
  }),
  async predict(p, ctx, strict) {
    // As register_serials: admin, or a hub user of this hub.
    requireRole(ctx.actor, ['admin', 'hub_user']);
    requireHub(ctx.actor, p.hub_id);
    const hub = await need(ctx, 'hubs', p.hub_id, keyed('hubNotFound'), strict);
    if (!hub) return [];
    const changes: Change[] = [];
    for (const named of p.units) {
      const unit = await ctx.read.get('tv_units', named.unit_id);
      if (!unit) continue;
      if (unit.serial !== normalizeSerial(named.serial)) {
        if (strict) throw new CommandRefused('not_found', keyed('invalidCommand'));
        return [];
      }
      if (unit.deleted || unit.state !== 'in_stock' || unit.hub_id !== hub.id)
        return refuse(strict, keyed('serial.notInStock', { serial: unit.serial })) ?? [];
      if (unit.moved) return refuse(strict, keyed('serial.removeMoved', { serial: unit.serial })) ?? [];
      changes.push({ table: 'tv_units', row: { ...unit, deleted: true } });
    }
    return changes;
  },
});

// the shipping forms' serials -----------------------------------------------------------

/**
 * The units a shipping form loads (issue 42), checked after the form's other checks, in the
 * server's order: a hub that does not track serials takes none; one that does takes exactly
 * one serial a TV (serial.countMismatch), each one in this hub's stock, not already in this
 * truck, not on another open shipment (checkLoadScan, as the scanner checked them). The units
 * go on the shipment. Null when refused (strict throws). A reader that cannot look units up
 * leaves the checks of each serial to the server and predicts no unit.
 */
export async function loadSerials(
  ctx: PredictContext,
  strict: boolean,
  hub: Hub,
  shipment: Pick<Shipment, 'id' | 'smartboard_quantity'>,
  raw: readonly string[],
): Promise<Change[] | null> {
  if (!tracksSerials(hub)) {
    return raw.length === 0 ? [] : refuse(strict, keyed('serial.trackingOff', { hub: hub.name }));
  }
  if (raw.length !== shipment.smartboard_quantity)
    return refuse(
      strict,
      keyed('serial.countMismatch', { count: raw.length, quantity: shipment.smartboard_quantity }),
    );
  if (raw.length === 0 || !ctx.read.unitsWithSerials) return [];
  const serials = raw.map((s) => normalizeSerial(s)).filter((s): s is string => s !== null);
  const units = new Map<string, TvUnit>();
  for (const u of await ctx.read.unitsWithSerials(serials)) if (!u.deleted) units.set(u.serial, u);
  const scanned = new Set<string>();
  const changes: Change[] = [];
  for (const code of raw) {
    const serial = normalizeSerial(code);
    const unit = serial === null ? undefined : units.get(serial);
    // Already on this very shipment: its command was applied and pulled before it settled.
    const loaded = unit?.state === 'in_transit' && unit.shipment_id === shipment.id && !scanned.has(serial!);
    const refusal = loaded ? null : checkLoadScan(code, hub.id, scanned, unit);
    if (refusal) return refuse(strict, refusal);
    scanned.add(serial!);
    changes.push({
      table: 'tv_units',
      row: { ...unit!, state: 'in_transit', hub_id: null, shipment_id: shipment.id, moved: true },
    });
  }
  return changes;
}

/**
 * A voided shipment's units back in its origin's stock (issue 42; the server decides, the
 * device shows it meanwhile).
 */
export async function unitsBack(ctx: PredictContext, s: Shipment): Promise<Change[]> {
  if (!ctx.read.unitsOfShipment) return [];
  const units = await ctx.read.unitsOfShipment(s.id);
  return units
    .filter((u) => !u.deleted && u.state === 'in_transit' && u.shipment_id === s.id)
    .map((u) => ({
      table: 'tv_units' as const,
      row: { ...u, state: 'in_stock' as const, hub_id: s.origin_hub_id, shipment_id: null },
    }));
}

/**
 * A correction of a shipment carrying units (issue 42) keeps one TV a serial: a TV count other
 * than its units' is refused (serial.countMismatch); false then (strict throws).
 */
export async function unitCountHolds(
  ctx: PredictContext,
  strict: boolean,
  s: Shipment,
  smartboards: number,
): Promise<boolean> {
  if (!ctx.read.unitsOfShipment) return true;
  const units = (await ctx.read.unitsOfShipment(s.id)).filter(
    (u) => !u.deleted && u.state === 'in_transit' && u.shipment_id === s.id,
  );
  if (units.length === 0 || units.length === smartboards) return true;
  refuse(strict, keyed('serial.countMismatch', { count: units.length, quantity: smartboards }));
  return false;
}
