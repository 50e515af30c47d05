// Shared by prediction-parity.test.ts and serials-parity.test.ts: a row as the parity tests
// compare it, the device's prediction against the server's row (the server's stamps aside,
// timestamps in one form), and the server's rows as the pull sends them.
import type { TableName, Tables } from '../../sync/model/rows';
import { db } from './commands-support';
const IGNORED = new Set([
  'created_at',
  'updated_at',
  'change_xid',
  'delivery_record_image_url',
  'bast_image_url',
]);
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/;

/** The row's fields (`keys`, all of them unless told) as compared: stamps left out, timestamps as ISO. */
export function comparable(
  row: Record<string, unknown>,
  keys: string[] = Object.keys(row),
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    if (IGNORED.has(key)) continue;
    const value = row[key];
    out[key] = typeof value === 'string' && TIMESTAMP.test(value) ? new Date(value).toISOString() : value;
  }
  return out;
}

/** The server's rows of `table` matching `where` (`$1`…: `params`), as the pull sends them. */
export async function serverRows<T extends TableName>(
  table: T,
  where: string,
  params: unknown[],
): Promise<Tables[T][]> {
  const { rows } = await (
    await db()
  ).query<{ row: Tables[T] }>(
    `select to_jsonb(t) || jsonb_build_object('change_xid', t.change_xid::text) as row
     from public.${table} t where ${where} order by t.created_at, t.id`,
    params,
  );
  return rows.map((r) => r.row);
}
