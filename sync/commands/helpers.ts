// Small pieces the command predictions share.
import { z } from 'zod';
import type { Tables, TableName } from '../model/rows';
import { MESSAGES } from '../messages';
import { CommandRefused, type Actor, type PredictContext } from './types';

export const uuid = (message: string) => z.string({ error: message }).uuid({ error: message });

/** Trimmed required text with the product's message when missing or blank. */
export const requiredText = (message: string) =>
  z
    .string({ error: message })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, { error: message }));

/** Trimmed optional text; blank becomes null (spec 5). */
export const optionalText = () =>
  z
    .string()
    .nullish()
    .transform((s) => (s == null || s.trim() === '' ? null : s.trim()));

/** Whole, non-negative quantity (the forms parse input to integers first). */
export const quantity = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(0, { error: message })
    .max(1_000_000, { error: message });

export function mayActForHub(actor: Actor, hubId: string): boolean {
  return actor.role === 'admin' || actor.role === 'tower_control' || actor.hubId === hubId;
}

export function requireHub(actor: Actor, hubId: string): void {
  if (!mayActForHub(actor, hubId))
    throw new CommandRefused('forbidden', 'Anda tidak memiliki izin untuk hub ini.');
}

export async function mustGet<T extends TableName>(
  ctx: PredictContext,
  table: T,
  id: string,
  message: string,
): Promise<Tables[T]> {
  const row = await ctx.read.get(table, id);
  if (!row || row.deleted) throw new CommandRefused('not_found', message);
  return row;
}

/** A new row's server-stamped fields until the pull brings the real ones. */
export function newRowStamp(ctx: PredictContext, id: string) {
  return {
    id,
    created_at: ctx.command.issued_at,
    updated_at: ctx.command.issued_at,
    deleted: false,
    change_xid: '0',
  };
}

/** The device's idea of "when": the time the user acted. */
export const actedAt = (ctx: PredictContext) => ctx.command.issued_at;

// ---------------------------------------------------------------------------
// Shared by the shipping, arrival, POD and master-data families.

/** An id the device makes for a new row, or any id that only a bug could get wrong. */
export const newId = () => uuid(MESSAGES.invalidCommand);

/** An optional reference: missing or null is null. */
export const optionalUuid = (message: string) =>
  uuid(message)
    .nullish()
    .transform((s) => s ?? null);

/** A calendar date as yyyy-MM-dd (a real day, year 1 or later), else the form's message. */
export const isoDate = (message: string) =>
  z.string({ error: message }).refine(
    (s) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || s < '0001-01-01') return false;
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    },
    { error: message },
  );

/** A whole number between min and max with a message for each side. */
export const intBetween = (min: number, max: number, lowMessage: string, highMessage: string) =>
  z
    .number({ error: lowMessage })
    .int({ error: lowMessage })
    .min(min, { error: lowMessage })
    .max(max, { error: highMessage });

/** Staff, or a hub user that has a hub (public.cmd_require_operator). */
export function requireOperator(actor: Actor): void {
  if (actor.role === 'admin' || actor.role === 'tower_control') return;
  if (actor.role === 'hub_user' && actor.hubId) return;
  throw new CommandRefused('forbidden', MESSAGES.forbiddenAction);
}

export function requireRole(actor: Actor, roles: readonly Actor['role'][]): void {
  if (!roles.includes(actor.role)) throw new CommandRefused('forbidden', MESSAGES.forbiddenAction);
}

export const isStaff = (actor: Actor) => actor.role === 'admin' || actor.role === 'tower_control';

/**
 * The live row, or: strict, a not_found refusal; not strict (replaying over
 * fresh server state), undefined, and the caller predicts nothing.
 */
export async function need<T extends TableName>(
  ctx: PredictContext,
  table: T,
  id: string,
  message: string,
  strict: boolean,
): Promise<Tables[T] | undefined> {
  const row = await ctx.read.get(table, id);
  if (row && !row.deleted) return row;
  if (strict) throw new CommandRefused('not_found', message);
  return undefined;
}

/**
 * A precondition: true when it holds; when not, strict throws, not strict
 * returns false and the caller predicts nothing (the server will refuse it,
 * and showing the effect meanwhile would be wrong).
 */
export function holds(condition: boolean, strict: boolean, message: string): boolean {
  if (condition) return true;
  if (strict) throw new CommandRefused('precondition', message);
  return false;
}

/** A quantity taken out of stock: negated, and 0 rather than -0. */
export const negated = (n: number) => (n === 0 ? 0 : -n);
