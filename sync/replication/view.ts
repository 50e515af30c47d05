// The view the UI reads = pulled server state with pending commands applied
// on top. Rows a pending command changed keep their server version in the
// engine store's `base` table; pulled rows for them update the base, never the
// view, so a pending action never flickers back (read-your-writes).
import { CATALOGUE } from '../commands/catalogue';
import { withBalances } from './balances';
import { CommandRefused } from '../errors';
import type { Actor, Change, StateReader } from '../commands/types';
import { scanIdsAndXids, type Local } from '../db/database';
import { baseKey, type BaseEntry, type OutboxEntry } from '../db/engine-store';
import { SCHEMAS } from '../db/schemas';
import { isStoreTable, type TableName, type Tables, type ViewTable } from '../model/rows';

const SMALL_TABLES = new Set(['hubs', 'warehouses', 'vendors', 'vehicle_types', 'shipment_statuses']);

/**
 * Keeps only the schema's fields (the server may have more columns than this app version
 * knows). A field the row lacks (a server older than this app version) is null, or [] for a
 * list (issue 42: discrepancies.serials).
 */
export function toDoc<T extends TableName>(table: T, row: Tables[T]): Tables[T] {
  const properties = SCHEMAS[table].properties as Record<string, { type?: unknown }>;
  const doc: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(properties)) {
    doc[key] = (row as unknown as Record<string, unknown>)[key] ?? (property.type === 'array' ? [] : null);
  }
  return doc as unknown as Tables[T];
}

export function viewReader(local: Local): StateReader {
  return {
    async get(table, id) {
      const doc = await (await local.collection(table)).findOne(id).exec();
      return doc ? (doc.toMutableJSON() as never) : undefined;
    },
    async all(table) {
      if (!SMALL_TABLES.has(table)) throw new Error(`all() is for master data only, not ${table}`);
      return (await (await local.collection(table)).find().exec()).map((d) => d.toMutableJSON()) as never;
    },
    async vehiclesOf(vendorId) {
      const docs = await local.db.vehicles.find({ selector: { vendor_id: vendorId } }).exec();
      return docs.map((d) => d.toMutableJSON() as never);
    },
    async inventoryOf(warehouseId) {
      const docs = await local.db.inventory.find({ selector: { warehouse_id: warehouseId } }).exec();
      return docs.map((d) => d.toMutableJSON() as never);
    },
    async shipmentsWithBatch(batchNumber) {
      const docs = await local.db.shipments.find({ selector: { batch_number: batchNumber } }).exec();
      return docs.map((d) => d.toMutableJSON() as never);
    },
    async unitsWithSerials(serials) {
      if (serials.length === 0) return [];
      const units = await local.collection('tv_units');
      const docs = await units.find({ selector: { serial: { $in: [...serials] } } }).exec();
      return docs.map((d) => d.toMutableJSON() as never);
    },
    async unitsOfShipment(shipmentId) {
      // Only units on their way carry a shipment (the state index narrows the read).
      const units = await local.collection('tv_units');
      const docs = await units.find({ selector: { state: 'in_transit', shipment_id: shipmentId } }).exec();
      return docs.map((d) => d.toMutableJSON() as never);
    },
  };
}

/**
 * Writes rows into the view (a table the device only reads: into the engine's store, one
 * transaction): deleted rows leave it.
 */
async function writeView<T extends TableName>(local: Local, table: T, rows: Tables[T][]): Promise<void> {
  const live = rows.filter((r) => !r.deleted).map((r) => toDoc(table, r));
  const gone = rows.filter((r) => r.deleted).map((r) => r.id);
  if (isStoreTable(table)) {
    const stored = local.store[table];
    await local.store.transaction('rw', stored, async () => {
      if (live.length) await stored.bulkPut(live as never);
      if (gone.length) await stored.bulkDelete(gone);
    });
    return;
  }
  const collection = await local.collection(table);
  if (live.length) await collection.bulkUpsert(live as never);
  if (gone.length) await collection.bulkRemove(gone);
}

/** Every row id the device holds of a table, with its change_xid (the scope's reconcile). */
export async function heldIdsAndXids(local: Local, table: TableName): Promise<Map<string, string>> {
  if (!isStoreTable(table)) return scanIdsAndXids((await local.collection(table)) as never);
  const rows = await local.store[table].toArray();
  return new Map(rows.map((r) => [r.id, r.change_xid]));
}

/** Rows that left the user's scope or the working set: out of the view (or the store). */
export async function removeRows(local: Local, table: TableName, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  if (isStoreTable(table)) await local.store[table].bulkDelete(ids);
  else await (await local.collection(table)).bulkRemove(ids);
}

/** Each changed row's version in the view now, by base key (row null: not in the view). */
async function viewVersions(local: Local, changes: Change[]): Promise<BaseEntry[]> {
  const ids = new Map<ViewTable, Set<string>>();
  for (const { table, row } of changes) ids.set(table, (ids.get(table) ?? new Set()).add(row.id));
  const entries: BaseEntry[] = [];
  for (const [table, set] of ids) {
    // By id: RxDB answers from its document cache when it holds them (no IndexedDB read).
    const docs = await (await local.collection(table)).findByIds([...set]).exec();
    for (const id of set) {
      const doc = docs.get(id);
      entries.push({ key: baseKey(table, id), table, id, row: doc ? (doc.toMutableJSON() as never) : null });
    }
  }
  return entries;
}

/**
 * Remembers the server version of each row a prediction changes (the view's version, unless
 * a pending command already holds the row) and, for a dispatch, adds its command to the
 * outbox: one transaction of the engine's store, so the command and the bases it needs are
 * stored together or not at all.
 */
export async function recordPrediction(
  local: Local,
  changes: Change[],
  command?: OutboxEntry,
): Promise<void> {
  const versions = await viewVersions(local, changes);
  if (versions.length === 0 && !command) return;
  const { store } = local;
  await store.transaction('rw', store.outbox, store.base, async () => {
    if (command) await store.outbox.add(command);
    const held = await store.base.bulkGet(versions.map((v) => v.key));
    const fresh = versions.filter((_, i) => !held[i]);
    if (fresh.length) await store.base.bulkPut(fresh);
  });
}

/**
 * Writes a prediction's rows into the view, the last change of each row winning. Rows the
 * view holds are modified in place (one storage write, no insert attempt first); the others
 * are inserted, and deleted rows leave it.
 */
export async function writePrediction(local: Local, changes: Change[]): Promise<void> {
  const byTable = new Map<ViewTable, Map<string, Change['row']>>();
  for (const { table, row } of changes)
    byTable.set(table, (byTable.get(table) ?? new Map()).set(row.id, row));
  for (const [table, rows] of byTable) {
    const collection = await local.collection(table);
    const live = [...rows.values()].filter((r) => !r.deleted).map((r) => toDoc(table, r as never));
    const docs = await collection.findByIds(live.map((r) => r.id)).exec();
    const fresh = live.filter((r) => !docs.has(r.id));
    await Promise.all(
      live.filter((r) => docs.has(r.id)).map((r) => docs.get(r.id)!.incrementalModify(() => r as never)),
    );
    if (fresh.length) await collection.bulkUpsert(fresh as never);
    const gone = [...rows.values()].filter((r) => r.deleted).map((r) => r.id);
    if (gone.length) await collection.bulkRemove(gone);
  }
}

/** A prediction's changes, remembering each touched row's server version first (the rebase's replay). */
async function applyPredicted(local: Local, changes: Change[]): Promise<void> {
  await recordPrediction(local, changes);
  await writePrediction(local, changes);
}

/** Pulled rows: into the base when a pending command holds the row, else into the view. */
export async function applyPulled<T extends TableName>(
  local: Local,
  table: T,
  rows: Tables[T][],
): Promise<void> {
  if (rows.length === 0) return;
  // No command predicts a store table's rows: none is held.
  if (isStoreTable(table)) return writeView(local, table, rows);
  // The table's base entries (the rows its pending commands hold: few) in one read by key range,
  // not one read a pulled row (a first sync's thousands of IndexedDB requests, each a round trip
  // to the browser's IndexedDB backend: issue 43).
  const held = new Map<string, BaseEntry>();
  const entries = await local.store.base.where('key').startsWith(baseKey(table, '')).toArray();
  for (const entry of entries) held.set(entry.id, entry);
  const direct = rows.filter((r) => !held.has(r.id));
  await writeView(local, table, direct);
  const updated = rows
    .filter((r) => held.has(r.id))
    .map((r) => ({ ...held.get(r.id)!, row: (r.deleted ? null : r) as BaseEntry['row'] }));
  if (updated.length) await local.store.base.bulkPut(updated);
}

/**
 * Recomputes the view from the server versions and the commands still in the
 * outbox (after a rejection, or once applied commands are pulled): restore
 * every base row, then replay the remaining commands in device order.
 */
export async function rebase(local: Local, actor: Actor): Promise<void> {
  const bases = await local.store.base.toArray();
  const byTable = new Map<ViewTable, BaseEntry[]>();
  for (const b of bases) byTable.set(b.table, [...(byTable.get(b.table) ?? []), b]);
  for (const [table, entries] of byTable) {
    const restore = entries.filter((e) => e.row).map((e) => toDoc(table, e.row as never));
    const remove = entries.filter((e) => !e.row).map((e) => e.id);
    const collection = await local.collection(table);
    if (restore.length) await collection.bulkUpsert(restore as never);
    if (remove.length) await collection.bulkRemove(remove);
  }
  await local.store.base.clear();

  const reader = viewReader(local);
  const commands = await local.store.outbox.orderBy('seq').toArray();
  for (const command of commands) {
    // What an older app version or a tampered client left in the outbox (a
    // type this version does not know, a payload its schema refuses) has no
    // local effect: it is sent as it is and the server refuses it with a code.
    // It must never stop the view from being rebuilt (or the app from starting).
    const definition = CATALOGUE.get(command.type);
    const parsed = definition?.schema.safeParse(command.payload);
    if (!definition || !parsed?.success) continue;
    try {
      const changes = await withBalances(
        await definition.predict(parsed.data as never, { command, actor, read: reader }, false),
        reader,
        command.issued_at,
      );
      await applyPredicted(local, changes);
    } catch (error) {
      // The server decides; a command whose local effect no longer applies
      // simply shows nothing until its outcome arrives.
      if (!(error instanceof CommandRefused)) throw error;
    }
  }
}
