// Building blocks for the sync acceptance tests: demo ids, and reading server
// rows in the shape the device keeps them.
import type pg from 'pg';

export const HUBS = {
  karawang: '11111111-0000-4000-8000-000000000001',
  cikarang: '11111111-0000-4000-8000-000000000002',
  poljak: '11111111-0000-4000-8000-000000000003',
  polsub: '11111111-0000-4000-8000-000000000004',
} as const;

export const WAREHOUSES = {
  karawang: '22222222-0000-4000-8000-000000000001',
  cikarang: '22222222-0000-4000-8000-000000000002',
} as const;

export const TRUK_FUSO = '44444444-0000-4000-8000-000000000001';

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
    [WAREHOUSES.karawang, tag, count],
  );
}

export async function dropTaggedInventory(sql: pg.Client, tag: string): Promise<void> {
  await sql.query(`update public.inventory set deleted = true where batch_number like $1 and not deleted`, [
    `${tag}%`,
  ]);
}
