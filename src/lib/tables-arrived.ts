// Whether the tables a figure or a list is computed from have arrived on this device (issue 29):
// until they have, a 0 or "tidak ada ..." would be a false fact on a new tablet's first sync, so
// screens show a skeleton or a dash instead. Screens ask through useTablesArrived()
// (sync-engine.tsx).
import type { SyncStatus, TableName } from '../../sync/pure';

/**
 * A table has arrived once this device finished a sync round (every table was pulled to its
 * end then), or, during the first one, once its first pull reached its end. Tables the round
 * does not list were pulled before or hold nothing for this user. Before the round has said
 * which tables it pulls (the engine opening, a failed round), nothing is known to have arrived.
 * 'all': every table this device reads.
 */
export function tablesArrived(
  status: Pick<SyncStatus, 'lastSyncedAt' | 'firstSync'>,
  tables: readonly TableName[] | 'all',
): boolean {
  if (status.lastSyncedAt !== null) return true;
  const progress = status.firstSync;
  if (progress === null) return false;
  if (tables === 'all') return progress.every((p) => p.arrived);
  return tables.every((table) => progress.find((p) => p.table === table)?.arrived ?? true);
}
