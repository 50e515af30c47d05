// What a tap shows before the device's storage holds it. A dispatch's predicted rows are
// held in memory from the moment they are known until the view (RxDB on IndexedDB) has
// them, and every live query shows them on top of the view: the effect of a tap is on
// screen within the task of the tap, not after the write lock (a sync round may hold it)
// and two IndexedDB transactions (issue 14, P3). The durable path is unchanged: the
// command and its prediction are written as before, and a dispatch that fails takes its
// rows back out of the overlay. docs/sync.md, "What a tap shows at once".
import { BehaviorSubject, Observable } from 'rxjs';
import {
  getQueryMatcher,
  getSortComparator,
  normalizeMangoQuery,
  type MangoQuery,
  type RxCollection,
} from 'rxdb';
import type { Change, StateReader } from '../commands/types';
import type { Tables, ViewTable } from '../model/rows';

interface Entry {
  commandId: string;
  changes: readonly Change[];
  /** The view holds these rows now: a live query that has emitted since no longer needs them. */
  written: boolean;
}

/** How long written rows stay for queries that have not emitted since (their rows equal the view's). */
const WRITTEN_KEPT_MS = 1_000;

type Row = Change['row'];

export class PredictionOverlay {
  private entries: Entry[] = [];
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  /** Emits after every change of the entries, with the tables it touched. */
  readonly changed$ = new BehaviorSubject<ReadonlySet<ViewTable>>(new Set());

  /**
   * `present` wraps each change of what is shown: the app makes React render it at once
   * (flushSync) instead of in a later task.
   */
  constructor(private readonly present: (apply: () => void) => void = (apply) => apply()) {}

  /** A dispatch's predicted rows, shown from now on (`then` runs in the same presentation). */
  add(commandId: string, changes: readonly Change[], then?: () => void): void {
    this.present(() => {
      this.entries.push({ commandId, changes, written: false });
      this.emit(changes);
      then?.();
    });
  }

  /** The view holds the command's rows: queries drop them as they emit, all of them soon. */
  written(commandId: string): void {
    const entry = this.entries.find((e) => e.commandId === commandId);
    if (!entry) return;
    entry.written = true;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.drop(commandId);
    }, WRITTEN_KEPT_MS);
    this.timers.add(timer);
  }

  /** The command's rows leave the overlay (its dispatch failed, or they are long written). */
  drop(commandId: string): void {
    const entry = this.entries.find((e) => e.commandId === commandId);
    if (!entry) return;
    this.present(() => {
      this.entries = this.entries.filter((e) => e !== entry);
      this.emit(entry.changes);
    });
  }

  /** Entries the view holds now (a query emitting after this has them in its rows). */
  writtenEntries(): readonly object[] {
    return this.entries.filter((e) => e.written);
  }

  /** The table's rows in the overlay, the last change of each row winning, `skip` left out. */
  rowsOf<T extends ViewTable>(table: T, skip?: ReadonlySet<object>): Map<string, Tables[T]> {
    const rows = new Map<string, Tables[T]>();
    for (const entry of this.entries) {
      if (skip?.has(entry)) continue;
      for (const change of entry.changes)
        if (change.table === table) rows.set(change.row.id, change.row as Tables[T]);
    }
    return rows;
  }

  /** Reads of a prediction made before the view holds the earlier ones: the overlay first. */
  reader(view: StateReader): StateReader {
    return {
      get: async (table, id) => {
        const row = this.rowsOf(table).get(id);
        if (row) return (row.deleted ? undefined : structuredClone(row)) as never;
        return view.get(table, id);
      },
      all: async (table) => overlaid(await view.all(table), this.rowsOf(table), () => true) as never,
      vehiclesOf: async (vendorId) =>
        overlaid(await view.vehiclesOf(vendorId), this.rowsOf('vehicles'), (v) => v.vendor_id === vendorId),
      inventoryOf: view.inventoryOf
        ? async (warehouseId) =>
            overlaid(
              await view.inventoryOf!(warehouseId),
              this.rowsOf('inventory'),
              (r) => r.warehouse_id === warehouseId,
            )
        : undefined,
      shipmentsWithBatch: view.shipmentsWithBatch
        ? async (batch) =>
            overlaid(
              await view.shipmentsWithBatch!(batch),
              this.rowsOf('shipments'),
              (r) => r.batch_number === batch,
            )
        : undefined,
      unitsWithSerials: view.unitsWithSerials
        ? async (serials) => {
            const wanted = new Set(serials);
            return overlaid(await view.unitsWithSerials!(serials), this.rowsOf('tv_units'), (u) =>
              wanted.has(u.serial),
            );
          }
        : undefined,
      unitsOfShipment: view.unitsOfShipment
        ? async (shipmentId) =>
            overlaid(
              await view.unitsOfShipment!(shipmentId),
              this.rowsOf('tv_units'),
              (u) => u.state === 'in_transit' && u.shipment_id === shipmentId,
            )
        : undefined,
    };
  }

  dispose(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.entries = [];
  }

  private emit(changes: readonly Change[]): void {
    this.changed$.next(new Set(changes.map((c) => c.table)));
  }
}

/** `rows` with the overlay's version of each row, and the overlay's rows that `keep` accepts. */
function overlaid<T extends Row>(rows: T[], overlay: Map<string, T>, keep: (row: T) => boolean): T[] {
  if (overlay.size === 0) return rows;
  const out = rows.filter((r) => !overlay.has(r.id));
  for (const row of overlay.values()) if (!row.deleted && keep(row)) out.push(structuredClone(row));
  return out;
}

/**
 * A document's plain row, made once per document version (RxDB gives the same document
 * object for the same version): rows that did not change keep their identity from one
 * answer to the next, so memoized cards do not render again.
 */
const plainRows = new WeakMap<object, unknown>();
function plainRow(doc: { toJSON(): unknown }): unknown {
  let row = plainRows.get(doc);
  if (!row) plainRows.set(doc, (row = doc.toJSON()));
  return row;
}

export interface QueryShape<T> {
  matches(row: T): boolean;
  compare(a: T, b: T): number;
  limit?: number;
}

/** The matcher and the order RxDB itself applies to the query (the same Mango semantics). */
export function queryShape<T extends ViewTable>(
  collection: RxCollection,
  query: MangoQuery<Tables[T]>,
): QueryShape<Tables[T]> {
  const schema = collection.schema.jsonSchema;
  const normalized = normalizeMangoQuery(schema as never, query as never);
  const matcher = getQueryMatcher(schema as never, normalized as never);
  const comparator = getSortComparator(schema as never, normalized as never);
  return {
    matches: (row) => matcher(row as never),
    compare: (a, b) => comparator(a as never, b as never),
    limit: query.limit,
  };
}

/**
 * A query's rows from the view with the overlay on top: the overlay's version of a row
 * replaces the view's, in the query's order, where it still matches. The view's array
 * itself when the overlay has nothing of the table (what a React memo relies on).
 */
export function mergeOverlay<T extends Row>(
  viewRows: T[],
  overlay: Map<string, T>,
  shape: QueryShape<T>,
): T[] {
  if (overlay.size === 0) return viewRows;
  const joining = [...overlay.values()].filter((row) => !row.deleted && shape.matches(row));
  const merged = viewRows.filter((r) => !overlay.has(r.id));
  // Nothing of the overlay is in these rows or joins them: the view's array as it is.
  if (joining.length === 0 && merged.length === viewRows.length) return viewRows;
  // Each joining row into its place (the view's rows are in the query's order already).
  for (const row of joining) {
    let low = 0;
    let high = merged.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (shape.compare(merged[mid]!, row) <= 0) low = mid + 1;
      else high = mid;
    }
    merged.splice(low, 0, row);
  }
  return shape.limit === undefined ? merged : merged.slice(0, shape.limit);
}

/**
 * A live query of the view with the overlay on top. Rows the view holds (written entries)
 * are left out from the query's next emission on, so a row never shows an older version
 * of itself between the write and the query's answer.
 */
export function liveRows<T extends ViewTable>(
  collection: RxCollection,
  overlay: PredictionOverlay,
  table: T,
  query: MangoQuery<Tables[T]>,
): Observable<Tables[T][]> {
  const shape = queryShape<T>(collection, query);
  return new Observable<Tables[T][]>((subscriber) => {
    let view: Tables[T][] | null = null;
    let last: Tables[T][] | null = null;
    let reflected = new Set<object>();
    const emit = () => {
      if (!view) return;
      const next = mergeOverlay(view, overlay.rowsOf(table, reflected), shape);
      if (next === last) return;
      last = next;
      subscriber.next(next);
    };
    const fromView = collection.find(query).$.subscribe({
      next: (docs: Array<{ toJSON(): unknown }>) => {
        view = docs.map((doc) => plainRow(doc) as Tables[T]);
        reflected = new Set(overlay.writtenEntries());
        emit();
      },
      error: (error: unknown) => subscriber.error(error),
    });
    const fromOverlay = overlay.changed$.subscribe((tables) => {
      if (!tables.has(table)) return;
      const present = new Set(overlay.writtenEntries());
      reflected = new Set([...reflected].filter((e) => present.has(e)));
      emit();
    });
    return () => {
      fromView.unsubscribe();
      fromOverlay.unsubscribe();
    };
  });
}
