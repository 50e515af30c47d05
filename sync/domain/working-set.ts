// Issue 26: what a device holds, its working set (docs/sync.md, "The working set"). The same
// rule as the server's pull (supabase/schemas/functions/working_set.sql:
// shipment_closed_at and working_set_source), as pure functions: the server stops sending a
// row by it, and the device drops the rows it holds by it (sync/replication/working-set.ts).
//
// - master data, profiles, statuses and stock balances: always;
// - a shipment: while open, and for the retention window after it closed;
// - a container, and a shipment's handover records: while their shipment is held;
// - a stock ledger row: while its date is on or after the cutoff's Jakarta date, or while
//   its shipment is held;
// - a TV unit (issue 42): while in a hub's stock or on its way, or while its shipment is held
//   (a unit that went missing, arrived damaged or was delivered at a POD stays with the
//   shipment it came on).
import { z } from 'zod';
import { KEY } from '../message';
import { SERVER_TEXTS } from '../server-texts';
import type { InventoryRow, Shipment, TvUnit } from '../model/rows';
import { VOIDED_STATUS } from './stock';
import { instantMicros, jakartaDate } from './time';

/** The statuses a shipment ends in by its unloading: at a hub, at a POD. */
export const UNLOADED_STATUSES: readonly string[] = ['selesai', 'selesai_pod'];
/** The statuses a shipment ends in: unloaded (UNLOADED_STATUSES) or voided. */
export const FINAL_STATUSES: readonly string[] = [...UNLOADED_STATUSES, VOIDED_STATUS];

/** The retention window's default (days): the server's, when no admin has set one. */
export const DEFAULT_RETENTION_DAYS = 14;
/** The retention window an admin may set (whole days). */
export const RETENTION_DAYS_MIN = 1;
export const RETENTION_DAYS_MAX = 365;
/** The refusal of a window out of range: the server's words (set_working_set_settings). */
export const RETENTION_DAYS_MESSAGE = SERVER_TEXTS.retentionDaysRange;

/** The admin's form (Settings): the retention window in whole days. */
export const retentionSchema = z.object({
  retention_days: z
    .number(KEY.retentionDaysRange)
    .int(KEY.retentionDaysRange)
    .min(RETENTION_DAYS_MIN, KEY.retentionDaysRange)
    .max(RETENTION_DAYS_MAX, KEY.retentionDaysRange),
});

/** The rows of these tables follow their shipment (a shipment_id column). */
export const FOLLOWS_SHIPMENT: ReadonlySet<string> = new Set([
  'containers',
  'shipment_documents',
  'shipment_receipts',
  'discrepancies',
]);

/** The cutoff: what closed before `at`, or a ledger row dated before `date`, is outside. */
export interface Cutoff {
  /** An instant (ISO 8601), the server's now minus the retention window. */
  at: string;
  /** Its business date in Jakarta (yyyy-MM-dd), as inventory rows are dated. */
  date: string;
}

export function cutoffAt(at: string): Cutoff {
  return { at, date: jakartaDate(at) };
}

type ClosingFields = Pick<
  Shipment,
  'selesai_bongkar' | 'status' | 'deleted' | 'unloading_finished_at' | 'updated_at'
>;

/**
 * When a shipment left the open work; null while it is open. Closed: selesai_bongkar with a
 * final status (the commands that end a shipment set both at once; a row on which they
 * disagree is open, so held). Its time: unloading_finished_at, else updated_at (a void). A
 * deleted shipment closed at its updated_at.
 */
export function closedAt(s: ClosingFields): string | null {
  if (s.deleted) return s.updated_at;
  if (s.selesai_bongkar && FINAL_STATUSES.includes(s.status)) return s.unloading_finished_at ?? s.updated_at;
  return null;
}

export function shipmentInSet(s: ClosingFields, cutoff: Cutoff): boolean {
  const closed = closedAt(s);
  return closed === null || instantMicros(closed) >= instantMicros(cutoff.at);
}

export function ledgerRowInSet(
  row: Pick<InventoryRow, 'date_recorded' | 'shipment_id'>,
  cutoff: Cutoff,
  heldShipments: ReadonlySet<string>,
): boolean {
  // yyyy-MM-dd strings order as the dates do.
  return row.date_recorded >= cutoff.date || (row.shipment_id !== null && heldShipments.has(row.shipment_id));
}

/**
 * Issue 42: a TV unit is held while in a hub's stock or on its way (the serials a scan is
 * checked against), or while its shipment is held (a missing, damaged or delivered unit names
 * the shipment it came on: it reaches the devices that held it in transit and leaves with that
 * shipment; after that it is history, the search finds it online). A POD's receipt delivers its
 * units (Dermaga's custody ends there), so a POD's stock of units does not grow with history. The server's pull:
 * working_set.sql.
 */
export function unitInSet(
  unit: Pick<TvUnit, 'state' | 'shipment_id'>,
  heldShipments: ReadonlySet<string>,
): boolean {
  return (
    unit.state === 'in_stock' ||
    unit.state === 'in_transit' ||
    (unit.shipment_id !== null && heldShipments.has(unit.shipment_id))
  );
}

/**
 * Whether a row of `table` is in the working set. `heldShipments`: the ids of the shipments
 * the device holds (those in the set, and those it keeps for its own pending work).
 */
export function inWorkingSet(
  table: string,
  row: Record<string, unknown>,
  cutoff: Cutoff,
  heldShipments: ReadonlySet<string>,
): boolean {
  if (table === 'shipments') return shipmentInSet(row as unknown as ClosingFields, cutoff);
  if (table === 'inventory') return ledgerRowInSet(row as unknown as InventoryRow, cutoff, heldShipments);
  if (FOLLOWS_SHIPMENT.has(table)) return heldShipments.has(row.shipment_id as string);
  if (table === 'tv_units') return unitInSet(row as unknown as TvUnit, heldShipments);
  return true;
}
