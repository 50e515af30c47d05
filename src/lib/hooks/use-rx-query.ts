// Reactive reads of the sync engine's RxDB view: the UI never fetches data
// itself (architecture point 1). Results are plain rows, re-emitted whenever a
// pull, a prediction or a rebase changes what the query matches; a tap's
// prediction shows before storage holds it (the engine's overlay).
import { useMemo } from 'react';
import type { MangoQuery } from 'rxdb';
import type { StoreTable, Tables, ViewTable } from '../../../sync/pure';
import { useSyncEngine } from '../sync-engine';
import { useObservable } from './use-observable';

const NONE: never[] = [];

/** The query for every row of a collection (the small ones: hubs, vendors, statuses, a working set's rows). */
export const ALL_ROWS = Object.freeze({ selector: Object.freeze({}) });

export interface RxRows<T> {
  rows: T[];
  /** False until the first result of the current query has arrived (and while it fails). */
  ready: boolean;
  /** Why the query failed, or null (the shell shows it too: read-error-alert.tsx). */
  error: unknown;
}

/**
 * Rows of one collection matching a Mango query. Pass null as the query while
 * what it depends on is unknown (no rows, not ready). Prefer selectors an index
 * serves: shipments [destination_hub_id, status], status, origin_hub_id;
 * vehicles vendor_id; containers shipment_id; inventory [warehouse_id, date_recorded];
 * tv_units serial, [state, serial] (issue 42).
 */
export function useRxQuery<T extends ViewTable>(
  table: T,
  query: MangoQuery<Tables[T]> | null,
): RxRows<Tables[T]> {
  const engine = useSyncEngine();
  const key = `${table}:${query ? JSON.stringify(query) : 'none'}:${engine ? 'engine' : 'none'}`;
  const { value, ready, error } = useObservable<Tables[T][]>(
    () => {
      if (!engine || !query) return null;
      return engine.live(table, query);
    },
    key,
    NONE,
  );
  return { rows: value, ready: ready && !!query, error };
}

/** Rows by id (the vehicles of a list of shipments, for example). */
export function useRxByIds<T extends ViewTable>(table: T, ids: readonly string[]): Map<string, Tables[T]> {
  const unique = [...new Set(ids)].sort();
  const { rows } = useRxQuery(
    table,
    unique.length ? ({ selector: { id: { $in: unique } } } as MangoQuery<Tables[T]>) : null,
  );
  // The same Map while the rows are the same, so the screens' memos that read it hold.
  return useMemo(() => new Map(rows.map((row) => [row.id, row])), [rows]);
}

/**
 * Every row of a table the device only reads and keeps outside RxDB (STORE_TABLES, in the
 * engine's store: the users' names), live. Deleted rows never reach the store.
 */
export function useStoredRows<T extends StoreTable>(table: T): RxRows<Tables[T]> {
  const engine = useSyncEngine();
  const { value, ready, error } = useObservable<Tables[T][]>(
    () => (engine ? engine.stored(table) : null),
    `${table}:stored:${engine ? 'engine' : 'none'}`,
    NONE,
  );
  return { rows: value, ready, error };
}
