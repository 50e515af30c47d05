// A collection held in memory and kept current by RxDB's change events, for
// screens that aggregate whole tables (the dashboard): the first read is one
// bulk read of the stored documents, and each later write costs only the rows
// it changed, where a live full-collection query would re-emit every document.
import { Observable } from 'rxjs';
import type { RxCollection } from 'rxdb';
import type { Hub, Shipment, StockBalance, Warehouse } from '../model/rows';
import type { DashboardInput } from '../domain/dashboard-figures';
import { stockOfBalances } from '../domain/dashboard';
import type { LocalDatabase } from './database';
import { isTombstone, readStoredDocuments } from './database';

export interface RowChange<T> {
  /** What the row was (undefined when it is new). */
  prev: T | undefined;
  /** What it is (undefined when it is gone). */
  next: T | undefined;
}

export interface LiveTable<T> {
  /** The live rows by id. The same map is updated in place: read it, don't keep it. */
  rows: ReadonlyMap<string, T>;
  /** null on the first emission (everything is new), else the rows this write changed. */
  changes: ReadonlyArray<RowChange<T>> | null;
}

/** A stored document without RxDB's own fields (what doc.toJSON() gives). */
function plainRow<T>(doc: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const key in doc) if (key[0] !== '_') row[key] = doc[key];
  return row as T;
}

interface StoredEvent {
  documentId: string;
  operation: 'INSERT' | 'UPDATE' | 'DELETE';
  documentData: Record<string, unknown>;
}

export function liveTable<T extends { id: string }>(collection: RxCollection): Observable<LiveTable<T>> {
  return new Observable<LiveTable<T>>((subscriber) => {
    const rows = new Map<string, T>();
    // Events that arrive while the first read runs are applied after it (in order).
    let pending: StoredEvent[] | null = [];
    const apply = (events: readonly StoredEvent[]) => {
      const changes: RowChange<T>[] = [];
      for (const e of events) {
        const prev = rows.get(e.documentId);
        const gone = e.operation === 'DELETE' || isTombstone(e.documentData);
        const next = gone ? undefined : plainRow<T>(e.documentData);
        if (next) rows.set(e.documentId, next);
        else rows.delete(e.documentId);
        if (prev || next) changes.push({ prev, next });
      }
      return changes;
    };
    const events = collection.eventBulks$.subscribe((bulk) => {
      const list = bulk.events as unknown as StoredEvent[];
      if (pending) {
        pending.push(...list);
        return;
      }
      const changes = apply(list);
      if (changes.length) subscriber.next({ rows, changes });
    });
    readStoredDocuments(collection).then(
      (docs) => {
        if (subscriber.closed) return;
        for (const doc of docs) {
          if (!isTombstone(doc)) rows.set(doc.id as string, plainRow<T>(doc));
        }
        apply(pending ?? []);
        pending = null;
        subscriber.next({ rows, changes: null });
      },
      (error: unknown) => subscriber.error(error),
    );
    return () => events.unsubscribe();
  });
}

/**
 * The dashboard's input, live: shipments, warehouses and hubs as arrays, and the
 * per-warehouse stock from the stock balances (issue 26: one small row per warehouse,
 * kept by the server, never a pass over every stored ledger row).
 * Emits once all four tables have been read, then after each change.
 */
export function liveDashboardInput(db: LocalDatabase): Observable<DashboardInput> {
  return new Observable<DashboardInput>((subscriber) => {
    const latest: Partial<Record<'shipments' | 'warehouses' | 'hubs', readonly unknown[]>> = {};
    let stock: ReadonlyMap<string, { tv: number; bracket: number }> | null = null;
    let emitted = false;
    const emit = () => {
      if (!stock || !latest.shipments || !latest.warehouses || !latest.hubs) return;
      // A start's step, for the bench's cold start (docs/performance.md).
      if (!emitted) globalThis.performance?.mark?.('dermaga:dashboard-read');
      emitted = true;
      subscriber.next({
        shipments: latest.shipments as Shipment[],
        warehouses: latest.warehouses as Warehouse[],
        hubs: latest.hubs as Hub[],
        stock,
      });
    };
    const subs = (['shipments', 'warehouses', 'hubs'] as const).map((name) =>
      liveTable<{ id: string }>(db[name] as unknown as RxCollection).subscribe({
        next: ({ rows }) => {
          latest[name] = [...rows.values()];
          emit();
        },
        error: (e: unknown) => subscriber.error(e),
      }),
    );
    subs.push(
      liveTable<StockBalance>(db.stock_balances as unknown as RxCollection).subscribe({
        next: ({ rows }) => {
          stock = stockOfBalances(rows.values());
          emit();
        },
        error: (e: unknown) => subscriber.error(e),
      }),
    );
    return () => subs.forEach((s) => s.unsubscribe());
  });
}
