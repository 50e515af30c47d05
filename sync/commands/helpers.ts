// Small pieces the command predictions share.
import { KEY, keyed, type MessageKey } from '../message';
import { z } from 'zod';
import type { Tables, ViewTable } from '../model/rows';
import { CommandRefused, type Refusal } from '../errors';
import type { Actor, PredictContext } from './types';
import { charLength, TEXT_BOUNDS, type TextField } from './text-bounds';

export const uuid = (message: MessageKey) => z.string({ error: message }).uuid({ error: message });

/**
 * Text as a device may send it (issue 9): C0 control characters other than
 * tab, line feed and carriage return, DEL and the C1 controls are removed (a NUL
 * from a scanner or a paste would make the server refuse the whole batch), and so
 * are the invisible format characters (zero-width ones, bidirectional marks,
 * embeddings, overrides and isolates, the soft hyphen, the BOM: a plate pasted
 * with U+200B would look like another truck's; security audit 2026-12-03); a lone
 * UTF-16 surrogate becomes U+FFFD (JSON with one cannot be parsed). The server
 * refuses what is left of such text (public.cmd_require_clean_text, the same set).
 */
export function cleanText(s: string): string {
  return (
    s
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g, '')
      // eslint-disable-next-line no-misleading-character-class -- each one is removed on its own
      .replace(/[\u00AD\u034F\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g, '')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
  );
}

/**
 * Trimmed required text with the product's message when missing or blank, and the field's
 * message when longer than its bound (public.cmd_req_text).
 */
export const requiredText = (message: MessageKey, field: TextField) =>
  z
    .string({ error: message })
    .transform((s) => cleanText(s).trim())
    .pipe(
      z
        .string()
        .min(1, { error: message })
        .refine((s) => charLength(s) <= TEXT_BOUNDS[field].max, { error: TEXT_BOUNDS[field].message }),
    );

/**
 * Trimmed optional text; missing, null or blank becomes null (spec 5); longer than the
 * field's bound is refused with its message.
 * Anything but a string or null is refused, never coerced (public.cmd_opt_text).
 */
export const optionalText = (field: TextField) =>
  z
    .string({ error: KEY.invalidCommand })
    .nullish()
    .transform((s) => {
      const clean = s == null ? '' : cleanText(s).trim();
      return clean === '' ? null : clean;
    })
    .refine((s) => s === null || charLength(s) <= TEXT_BOUNDS[field].max, {
      error: TEXT_BOUNDS[field].message,
    });

/** Whole, non-negative quantity (the forms parse input to integers first). */
export const quantity = (message: MessageKey) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(0, { error: message })
    .max(1_000_000, { error: message });

export function mayActForHub(actor: Actor, hubId: string): boolean {
  return actor.role === 'admin' || actor.role === 'tower_control' || actor.hubId === hubId;
}

export function requireHub(actor: Actor, hubId: string): void {
  if (!mayActForHub(actor, hubId)) throw new CommandRefused('forbidden', keyed('forbiddenHub'));
}

export async function mustGet<T extends ViewTable>(
  ctx: PredictContext,
  table: T,
  id: string,
  message: Refusal,
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
export const newId = () => uuid(KEY.invalidCommand);

/** An optional reference: missing or null is null. */
export const optionalUuid = (message: MessageKey) =>
  uuid(message)
    .nullish()
    .transform((s) => s ?? null);

/**
 * A calendar date as yyyy-MM-dd, a real day from 2000-01-01 to 2099-12-31
 * (public.cmd_date), else the form's message.
 */
export const isoDate = (message: MessageKey) =>
  z.string({ error: message }).refine(
    (s) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || s < '2000-01-01' || s > '2099-12-31') return false;
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    },
    { error: message },
  );

/** A whole number between min and max with a message for each side. */
export const intBetween = (min: number, max: number, lowMessage: MessageKey, highMessage: MessageKey) =>
  z
    .number({ error: lowMessage })
    .int({ error: lowMessage })
    .min(min, { error: lowMessage })
    .max(max, { error: highMessage });

/** Staff, or a hub user that has a hub (public.cmd_require_operator). */
export function requireOperator(actor: Actor): void {
  if (actor.role === 'admin' || actor.role === 'tower_control') return;
  if (actor.role === 'hub_user' && actor.hubId) return;
  throw new CommandRefused('forbidden', keyed('forbiddenAction'));
}

export function requireRole(actor: Actor, roles: readonly Actor['role'][]): void {
  if (!roles.includes(actor.role)) throw new CommandRefused('forbidden', keyed('forbiddenAction'));
}

export const isStaff = (actor: Actor) => actor.role === 'admin' || actor.role === 'tower_control';

/**
 * The live row, or: strict, a not_found refusal; not strict (replaying over
 * fresh server state), undefined, and the caller predicts nothing.
 */
export async function need<T extends ViewTable>(
  ctx: PredictContext,
  table: T,
  id: string,
  message: Refusal,
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
export function holds(condition: boolean, strict: boolean, message: Refusal): boolean {
  if (condition) return true;
  if (strict) throw new CommandRefused('precondition', message);
  return false;
}

/** A quantity taken out of stock: negated, and 0 rather than -0. */
export const negated = (n: number) => (n === 0 ? 0 : -n);
