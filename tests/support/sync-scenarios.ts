// Building blocks for the sync acceptance tests: reading server rows in the
// shape the device keeps them (the demo rows: tests/support/demo.ts).
import type pg from 'pg';
import { WAREHOUSE } from './demo';

/** Fields the server stamps, and the device only guesses until the pull. */
const STAMPED = new Set(['created_at', 'updated_at', 'change_xid']);

/** Normalizes a row for comparing device and server: stamped fields out, times to epoch ms. */
export function comparable(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (STAMPED.has(key) || key.startsWith('_')) continue;
    if (value instanceof Date) out[key] = value.getTime();
    else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value))
      out[key] = new Date(value).getTime();
    else out[key] = value;
  }
  return out;
}

export async function serverRows(
  sql: pg.Client,
  table: string,
  ids: string[],
): Promise<Record<string, unknown>[]> {
  const { rows } = await sql.query(
    `select to_jsonb(t) - 'change_xid' as row from public.${table} t where id = any($1) order by id`,
    [ids],
  );
  return rows.map((r) => r.row as Record<string, unknown>);
}

export async function inventorySum(
  sql: pg.Client,
  batch: string,
): Promise<{ smartboard: number; bracket: number }> {
  const { rows } = await sql.query(
    `select coalesce(sum(smartboard_quantity), 0)::int as smartboard, coalesce(sum(bracket_quantity), 0)::int as bracket
     from public.inventory where batch_number = $1 and not deleted`,
    [batch],
  );
  return rows[0];
}

/**
 * `count` empty inventory rows at the Karawang warehouse, their batch numbers starting with
 * `tag` (enough rows for a pull of several batches); `dropTaggedInventory` deletes them again.
 */
export async function insertTaggedInventory(sql: pg.Client, tag: string, count: number): Promise<void> {
  await sql.query(
    `insert into public.inventory (warehouse_id, date_recorded, smartboard_quantity, bracket_quantity, batch_number)
     select $1, current_date, 0, 0, $2 || g from generate_series(1, $3::int) g`,
    [WAREHOUSE.karawang, tag, count],
  );
}

export async function dropTaggedInventory(sql: pg.Client, tag: string): Promise<void> {
  await sql.query(`update public.inventory set deleted = true where batch_number like $1 and not deleted`, [
    `${tag}%`,
  ]);
}
