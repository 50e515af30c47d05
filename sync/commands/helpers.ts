// Small pieces the command predictions share.
import { z } from 'zod';
import type { Tables, TableName } from '../model/rows';
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
