// Issue 26: the device drops what left its working set (docs/sync.md, "The working set").
// The server stops sending a row once it is outside the set (a shipment closed longer than the
// retention window, a ledger row older than it), but nothing about the row changes, so no pull
// tells the device: it applies the same rule (sync/domain/working-set.ts) to what it holds,
// with the server's cutoff (each round's probe carries it), after the first round of each
// start and then once an hour (sync/round.ts). The first run on a device installed before
// this change drops its history the same way.
//
// Never dropped, whatever the rule says: a row a pending command holds (its server version
// in `base`), any row whose id a command in the outbox names (its payload, anywhere: the
// command may still need it to predict, and its conflict message names it), and a shipment
// with a photo or document still waiting to upload. A shipment kept so keeps its containers,
// handover records and ledger rows.
import type { Local } from '../db/database';
import { isTombstone, readStoredDocuments } from '../db/database';
import { VIEW_TABLES, type TableName, type ViewTable } from '../model/rows';
import { FOLLOWS_SHIPMENT, inWorkingSet, shipmentInSet, type Cutoff } from '../domain/working-set';
import { withWriteLock } from './write-lock';
import { yieldToMain } from '../yield';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Rows dropped in one write, so a tap waits for at most one such write. */
const CHUNK = 2000;

function collectIds(value: unknown, into: Set<string>, depth = 0): void {
  if (depth > 8 || value === null || value === undefined) return;
  if (typeof value === 'string') {
    if (UUID.test(value)) into.add(value.toLowerCase());
  } else if (Array.isArray(value)) {
    for (const v of value) collectIds(v, into, depth + 1);
  } else if (typeof value === 'object') {
    for (const v of Object.values(value as Record<string, unknown>)) collectIds(v, into, depth + 1);
  }
}

/**
 * The ids no rule may drop: rows pending commands changed (base), every id a command in the
 * outbox names, and the shipments of uploads still waiting.
 */
export async function protectedIds(local: Local): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const key of await local.store.base.toCollection().primaryKeys()) {
    const id = String(key).split(':')[1];
    if (id) ids.add(id.toLowerCase());
  }
  for (const entry of await local.store.outbox.toArray()) collectIds(entry.payload, ids);
  for (const upload of await local.store.uploads.where('state').equals('pending').toArray()) {
    ids.add(upload.shipment_id.toLowerCase());
  }
  return ids;
}

/**
 * Drops from the view every row outside the working set by `cutoff` that nothing protects.
 * Returns how many rows left each table.
 */
export async function pruneWorkingSet(
  local: Local,
  lockName: string,
  cutoff: Cutoff,
): Promise<Partial<Record<TableName, number>>> {
  const removed: Partial<Record<TableName, number>> = {};
  let keep = await protectedIds(local);

  // Shipments first: the other tables follow the shipments held.
  const shipments = (await readStoredDocuments(local.db.shipments)).filter((d) => !isTombstone(d));
  const held = new Set<string>();
  const leaving: Record<string, string[]> = { shipments: [] };
  for (const s of shipments) {
    const id = s.id as string;
    if (keep.has(id) || shipmentInSet(s as never, cutoff)) held.add(id);
    else leaving.shipments!.push(id);
  }
  for (const table of VIEW_TABLES) {
    // The tables whose rows can leave besides the shipments: the ledger, what follows a
    // shipment, and the TV units (issue 42: a missing or damaged unit leaves with its shipment).
    if (table !== 'inventory' && table !== 'tv_units' && !FOLLOWS_SHIPMENT.has(table)) continue;
    const docs = (await readStoredDocuments((await local.collection(table)) as never)).filter(
      (d) => !isTombstone(d),
    );
    leaving[table] = docs
      .filter((d) => !keep.has(d.id as string) && !inWorkingSet(table, d, cutoff, held))
      .map((d) => d.id as string);
    await yieldToMain();
  }

  for (const [table, ids] of Object.entries(leaving) as Array<[ViewTable, string[]]>) {
    for (let i = 0; i < ids.length; i += CHUNK) {
      const n = await withWriteLock(lockName, async () => {
        // A tap may have named one of them since: protect again, under the lock.
        keep = await protectedIds(local);
        const chunk = ids.slice(i, i + CHUNK).filter((id) => !keep.has(id));
        if (chunk.length > 0) await (await local.collection(table)).bulkRemove(chunk);
        return chunk.length;
      });
      if (n > 0) removed[table] = (removed[table] ?? 0) + n;
      await yieldToMain();
    }
  }
  return removed;
}
