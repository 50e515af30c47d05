// Undo on the hub floor (issue 29, docs/sync.md "Undo"): undo_command reverses one floor
// command that the server applied (or may have: it was sent). The server reverses exactly
// the rows that command changed, from the images it kept (public.command_images), only for
// the user who sent it and only while those rows are still as the command left them.
// The payload also carries what this device saw before and after the command (`rows`):
// its prediction restores those, and the server trusts nothing of them.
// A command still in the outbox is not undone this way: it is withdrawn (replication/undo.ts).
// Server side: supabase/schemas/functions/cmd_undo.sql.
import { z } from 'zod';
import { MAX_SERIALS } from '../domain/serials';
import { KEY, keyed } from '../message';
import { holds, uuid } from './helpers';
import { defineCommand, type Change } from './types';
import type { TableName } from '../model/rows';

/** The floor actions that offer Urungkan (their server functions keep their images). */
export const UNDOABLE_COMMANDS = [
  'queue_vehicles',
  'start_loading',
  'remove_from_queue',
  'finish_loading',
  'confirm_arrival',
  'start_unloading',
  'complete_unloading',
  'pod_confirm_arrival',
  'pod_start_unloading',
  'pod_complete',
] as const;

const UNDOABLE = new Set<string>(UNDOABLE_COMMANDS);
export const isUndoable = (type: string) => UNDOABLE.has(type);

/** How long a floor action offers Urungkan after the tap. */
export const UNDO_WINDOW_MS = 10_000;

/**
 * The floor tables a step changes (a counted unloading makes discrepancies too: issue 28; one
 * by serial moves the shipment's TV units: issue 42).
 */
export const FLOOR_TABLES = [
  'vehicles',
  'shipments',
  'inventory',
  'discrepancies',
  'tv_units',
] as const satisfies readonly TableName[];

/**
 * The most rows an undo carries: a step's own rows (at most 20), and the TV units a receipt by
 * serial moved (at most MAX_SERIALS: a shipment is loaded by one form).
 */
export const MAX_UNDO_ROWS = 20 + MAX_SERIALS;

/** What the server stamps on every write: never compared, never restored. */
const STAMPED = new Set(['id', 'updated_at', 'change_xid', 'created_at']);

const record = z.record(z.string(), z.unknown());

export const undoRow = z.object({
  table: z.enum(FLOOR_TABLES),
  id: uuid(KEY.undoNotFound),
  /** null: the command made this row (an unloading's stock row). */
  before: record.nullable(),
  after: record,
});
export type UndoRow = z.infer<typeof undoRow>;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const isTime = (v: unknown): v is string => typeof v === 'string' && TIMESTAMP.test(v);

/** Equal values; times by the instant (the pull writes them as PostgreSQL prints them). */
function same(a: unknown, b: unknown): boolean {
  if (isTime(a) && isTime(b)) return Date.parse(a) === Date.parse(b);
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The fields the command changed (what the undo puts back). */
export function changedFields(row: UndoRow): string[] {
  if (!row.before) return [];
  const keys = new Set([...Object.keys(row.before), ...Object.keys(row.after)]);
  return [...keys].filter((k) => !STAMPED.has(k) && !same(row.before![k], row.after[k]));
}

/**
 * Is the row still as the command left it? Every field but the server's stamps, and but the
 * times the command stamped itself (the server clamps the device's clock: its exact check
 * is the server's).
 */
export function stillAsLeft(row: UndoRow, current: Record<string, unknown> | undefined): boolean {
  if (!current || current.deleted) return false;
  const own = new Set(changedFields(row).filter((k) => isTime(row.after[k])));
  return Object.keys(row.after).every((k) => STAMPED.has(k) || own.has(k) || same(current[k], row.after[k]));
}

export const undoCommand = defineCommand({
  type: 'undo_command',
  schema: z.object({
    command_id: uuid(KEY.undoNotFound),
    /** Of the undone command, for the audit trail and the shipment's history. */
    hub_id: z.string().uuid().optional(),
    shipment_id: z.string().uuid().optional(),
    rows: z.array(undoRow).max(MAX_UNDO_ROWS).default([]),
  }),
  async predict(p, ctx, strict) {
    const changes: Change[] = [];
    for (const row of p.rows) {
      const current = (await ctx.read.get(row.table, row.id)) as Record<string, unknown> | undefined;
      if (!holds(stillAsLeft(row, current), strict, keyed('undoMovedOn'))) return [];
      const restored = row.before
        ? Object.fromEntries(changedFields(row).map((k) => [k, row.before![k]]))
        : { deleted: true };
      changes.push({ table: row.table, row: { ...current!, ...restored } as never });
    }
    return changes;
  },
});
