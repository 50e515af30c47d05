// The filters of In-Transit and Hub Activity (issue 30): status, origin,
// destination and a date range, kept in the URL's search params (beside the
// table's own text filter), so a filtered list survives a reload and can be
// shared. Pure: the screens and the tests use the same functions.
import { formatStorageDate, type DateInput } from '../format-date';

export interface ShipmentFilters {
  /** A status key; '' means any. */
  status: string;
  /** An origin hub id; '' means any. */
  origin: string;
  /** A destination hub id; '' means any. */
  destination: string;
  /** yyyy-MM-dd, inclusive; '' means open. */
  from: string;
  /** yyyy-MM-dd, inclusive; '' means open. */
  to: string;
}

export const NO_FILTERS: ShipmentFilters = { status: '', origin: '', destination: '', from: '', to: '' };

/** The search param of each filter (Indonesian, as the users read the address). */
export const FILTER_PARAMS: Record<keyof ShipmentFilters, string> = {
  status: 'status',
  origin: 'asal',
  destination: 'tujuan',
  from: 'dari',
  to: 'sampai',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters an address holds; a date that is not yyyy-MM-dd is ignored. */
export function readFilters(params: URLSearchParams): ShipmentFilters {
  const get = (key: keyof ShipmentFilters) => params.get(FILTER_PARAMS[key])?.trim() ?? '';
  const day = (key: 'from' | 'to') => (DAY.test(get(key)) ? get(key) : '');
  return {
    status: get('status'),
    origin: get('origin'),
    destination: get('destination'),
    from: day('from'),
    to: day('to'),
  };
}

/** The address's params with `change` applied: an empty filter leaves the address; other params stay. */
export function writeFilters(params: URLSearchParams, change: Partial<ShipmentFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(change) as Array<[keyof ShipmentFilters, string | undefined]>) {
    if (value === undefined) continue;
    if (value === '') next.delete(FILTER_PARAMS[key]);
    else next.set(FILTER_PARAMS[key], value);
  }
  return next;
}

/** Whether any filter apart from the text one is set. */
export function hasFieldFilters(f: ShipmentFilters): boolean {
  return !!(f.status || f.origin || f.destination || f.from || f.to);
}

/** The calendar day of a date or time stamp on this device (yyyy-MM-dd), or '' without one. */
export function dayOf(value: DateInput): string {
  const day = formatStorageDate(value);
  return DAY.test(day) ? day : '';
}

/** Whether a day lies in the range (inclusive; an open end lets everything through). A missing day
 *  passes only an open range. */
export function inDayRange(day: string, from: string, to: string): boolean {
  if (!from && !to) return true;
  if (!day) return false;
  if (from && day < from) return false;
  if (to && day > to) return false;
  return true;
}

export interface FilterSubject {
  /** The shipment's fields, or null for a row with no shipment (a stock entry made by hand). */
  shipment: { status: string; origin_hub_id: string; destination_hub_id: string } | null;
  /** The date the range applies to (In-Transit: the loading date; Hub Activity: the movement's date). */
  date: DateInput;
}

/** Whether a row passes the status, origin, destination and date filters (not the text one: the table
 *  applies that over the values it shows). */
export function matchesFilters(row: FilterSubject, f: ShipmentFilters): boolean {
  const s = row.shipment;
  if (f.status && s?.status !== f.status) return false;
  if (f.origin && s?.origin_hub_id !== f.origin) return false;
  if (f.destination && s?.destination_hub_id !== f.destination) return false;
  return inDayRange(dayOf(row.date), f.from, f.to);
}

export interface FilterOption {
  value: string;
  label: string;
}

/** A select's options: the values the rows hold, and the chosen one even when no row holds it (an
 *  address kept from before), each once, by label. */
export function filterOptions(
  values: Iterable<string | null | undefined>,
  chosen: string,
  label: (value: string) => string,
): FilterOption[] {
  const set = new Set<string>();
  for (const v of values) if (v) set.add(v);
  if (chosen) set.add(chosen);
  return [...set]
    .map((value) => ({ value, label: label(value) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'id') || a.value.localeCompare(b.value));
}

/** The filter bar's options for a list of shipments: their statuses, origins and destinations. */
export function shipmentFilterOptions(
  rows: readonly { status: string; origin_hub_id: string | null; destination_hub_id: string | null }[],
  chosen: Pick<ShipmentFilters, 'status' | 'origin' | 'destination'>,
  statusLabel: (key: string) => string,
  hubName: (id: string) => string,
): { statuses: FilterOption[]; origins: FilterOption[]; destinations: FilterOption[] } {
  return {
    statuses: filterOptions(
      rows.map((s) => s.status),
      chosen.status,
      statusLabel,
    ),
    origins: filterOptions(
      rows.map((s) => s.origin_hub_id),
      chosen.origin,
      hubName,
    ),
    destinations: filterOptions(
      rows.map((s) => s.destination_hub_id),
      chosen.destination,
      hubName,
    ),
  };
}

/** The rows that pass, in their order. */
export function applyFilters<T>(
  rows: readonly T[],
  subject: (row: T) => FilterSubject,
  f: ShipmentFilters,
): T[] {
  if (!hasFieldFilters(f)) return [...rows];
  return rows.filter((r) => matchesFilters(subject(r), f));
}
