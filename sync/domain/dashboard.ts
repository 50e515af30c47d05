// The figures of the dashboard, the in-transit list and hub activity (spec
// 2.4, 2.13, 2.14, 6, 9), computed on the device from the local rows, so the
// screens open offline. Pure functions over plain rows; the same rules in SQL
// are checked against these in tests/integration/dashboard-figures.test.ts.
import type { Hub, InventoryRow, Shipment, StockBalance, Warehouse } from '../model/rows';
import { hubKind, type HubKind } from './hub-type';
import { podCityOfHub, podCityOfShipment } from './pod-city';
import { slug } from './text';

export interface Quantities {
  tv: number;
  bracket: number;
}

/** Spec 4.2: in transit means selesai_bongkar is false. */
export const isInTransit = (s: Pick<Shipment, 'selesai_bongkar' | 'deleted'>) => !s.deleted && !s.selesai_bongkar;

/** Spec 2.14: how many shipments are on the way, with their TV and bracket totals. */
export function inTransitTotals(shipments: readonly Shipment[]): Quantities & { shipments: number } {
  let count = 0;
  let tv = 0;
  let bracket = 0;
  for (const s of shipments) {
    if (!isInTransit(s)) continue;
    count++;
    tv += s.smartboard_quantity;
    bracket += s.bracket_quantity;
  }
  return { shipments: count, tv, bracket };
}

/** What one inventory row adds to its warehouse's stock (rows are movements; outgoing ones are negative). */
export function stockContribution(row: InventoryRow): Quantities | null {
  if (row.deleted) return null;
  return { tv: row.smartboard_quantity, bracket: row.bracket_quantity };
}

/** Sums of the inventory rows per warehouse, from scratch (StockLedger keeps them incrementally). */
export function stockByWarehouse(rows: readonly InventoryRow[]): Map<string, Quantities> {
  const stock = new Map<string, Quantities>();
  for (const r of rows) {
    const c = stockContribution(r);
    if (!c) continue;
    const q = stock.get(r.warehouse_id) ?? { tv: 0, bracket: 0 };
    q.tv += c.tv;
    q.bracket += c.bracket;
    stock.set(r.warehouse_id, q);
  }
  return stock;
}

/**
 * Per-warehouse stock from the server's balances (issue 26: public.stock_balances, each the
 * sum of its warehouse's ledger rows, with this device's pending work on top). What the
 * screens show, instead of adding up every stored ledger row.
 */
export function stockOfBalances(balances: Iterable<StockBalance>): Map<string, Quantities> {
  const stock = new Map<string, Quantities>();
  for (const b of balances) {
    if (b.deleted) continue;
    stock.set(b.warehouse_id, { tv: b.smartboard_quantity, bracket: b.bracket_quantity });
  }
  return stock;
}

/** Spec 9: stock shown is floored at zero. */
export const floored = (q: Quantities): Quantities => ({ tv: Math.max(0, q.tv), bracket: Math.max(0, q.bracket) });

function sumOf(warehouseIds: readonly string[], stock: ReadonlyMap<string, Quantities>): Quantities {
  const total = { tv: 0, bracket: 0 };
  for (const id of warehouseIds) {
    const q = stock.get(id);
    if (!q) continue;
    total.tv += q.tv;
    total.bracket += q.bracket;
  }
  return total;
}

/** A hub's stock: the sum over its live warehouses, floored at zero. */
export function hubStock(
  hubId: string,
  warehouses: readonly Warehouse[],
  stock: ReadonlyMap<string, Quantities>,
): Quantities {
  return floored(
    sumOf(
      warehouses.filter((w) => !w.deleted && w.hub_id === hubId).map((w) => w.id),
      stock,
    ),
  );
}

export interface HubFlow {
  /** On the way to the hub (otw_*). */
  incoming: number;
  /** Arrival confirmed at the hub. */
  arrived: number;
  unloading: number;
  /** Left the hub and not unloaded yet. */
  outgoing: number;
}

/** A hub's shipments in each stage (spec 2.4's status hub cards). */
export function hubFlow(hubId: string, shipments: readonly Shipment[]): HubFlow {
  const flow: HubFlow = { incoming: 0, arrived: 0, unloading: 0, outgoing: 0 };
  for (const s of shipments) {
    if (!isInTransit(s)) continue;
    if (s.destination_hub_id === hubId) {
      if (s.status.startsWith('otw_')) flow.incoming++;
      else if (s.status === 'confirm_tiba') flow.arrived++;
      else if (s.status === 'sedang_bongkar') flow.unloading++;
    }
    if (s.origin_hub_id === hubId && s.status.startsWith('otw_')) flow.outgoing++;
  }
  return flow;
}

/**
 * Spec 2.4, 9: a percentage with one decimal when a maximum is given
 * ("45.3"); null without one (or with a maximum that is not above zero).
 */
export function progressPercent(value: number, max: number | null | undefined): string | null {
  if (max == null || !Number.isFinite(max) || max <= 0) return null;
  return ((Math.max(0, value) / max) * 100).toFixed(1);
}

export type Movement = 'all' | 'in' | 'out';

/** Spec 9: incoming when any quantity is above zero, outgoing when any is below. */
export function isMovement(row: Pick<InventoryRow, 'smartboard_quantity' | 'bracket_quantity'>, filter: Movement) {
  if (filter === 'all') return true;
  if (filter === 'in') return row.smartboard_quantity > 0 || row.bracket_quantity > 0;
  return row.smartboard_quantity < 0 || row.bracket_quantity < 0;
}

/** The dashboard's fixed hubs (spec 2.4 and 9): their cities are no POD cards. */
export const FIXED_HUB_KINDS: readonly HubKind[] = ['karawang', 'cikarang', 'poljak', 'polsub'];
const FIXED_CITIES = new Set(['cikarang', 'karawang', 'poljak', 'polsub', 'jakarta', 'surabaya']);

export const isFixedHubCity = (city: string) => FIXED_CITIES.has(slug(city) ?? '');

/** The four fixed hubs of the status cards, in the spec's order, where the local data has them. */
export function fixedHubs(hubs: readonly Hub[]): Array<{ kind: HubKind; hub: Hub | undefined }> {
  return FIXED_HUB_KINDS.map((kind) => ({
    kind,
    hub: hubs.find((h) => !h.deleted && hubKind(h.name, h.type) === kind),
  }));
}

export interface PodCard extends Quantities {
  city: string;
  otw: number;
  arrived: number;
  unloading: number;
}

/**
 * Spec 2.4, 9: one card per destination city (fixed hub cities excluded),
 * with its shipments on the way, arrived and unloading and the stock of the
 * warehouses located in the city (floored); a card shows only when any of
 * them is above zero. Sorted by city.
 */
export function podCards(
  shipments: readonly Shipment[],
  hubs: readonly Hub[],
  warehouses: readonly Warehouse[],
  stock: ReadonlyMap<string, Quantities>,
): PodCard[] {
  const hubById = new Map(hubs.map((h) => [h.id, h]));
  const cards = new Map<string, PodCard>();
  const card = (city: string) => {
    const key = slug(city)!;
    let c = cards.get(key);
    if (!c) cards.set(key, (c = { city, otw: 0, arrived: 0, unloading: 0, tv: 0, bracket: 0 }));
    return c;
  };
  for (const s of shipments) {
    if (!isInTransit(s)) continue;
    const city = podCityOfShipment(s, hubById.get(s.destination_hub_id));
    if (!city || !slug(city) || isFixedHubCity(city)) continue;
    const c = card(city);
    if (s.status.startsWith('otw_')) c.otw++;
    else if (s.status === 'confirm_tiba') c.arrived++;
    else if (s.status === 'sedang_bongkar') c.unloading++;
  }
  const byCity = new Map<string, string[]>();
  for (const w of warehouses) {
    const key = slug(w.location);
    if (w.deleted || !key || isFixedHubCity(w.location!)) continue;
    byCity.set(key, [...(byCity.get(key) ?? []), w.id]);
  }
  for (const [key, ids] of byCity) {
    const q = floored(sumOf(ids, stock));
    if (q.tv === 0 && q.bracket === 0) continue;
    const c = cards.get(key) ?? card(warehouses.find((w) => slug(w.location) === key)!.location!.trim());
    c.tv = q.tv;
    c.bracket = q.bracket;
  }
  return [...cards.values()]
    .filter((c) => c.otw + c.arrived + c.unloading + c.tv + c.bracket > 0)
    .sort((a, b) => a.city.localeCompare(b.city));
}

export interface Viewer {
  role: 'admin' | 'tower_control' | 'hub_user';
  hubId: string | null;
}

/**
 * Spec 6: admin and tower control see every hub card and every POD card; a
 * hub user only its own hub's card, or at a POD hub only its own city's POD card.
 */
export function dashboardScope(
  viewer: Viewer,
  hubs: readonly Hub[],
): { hubIds: 'all' | string[]; podCity: 'all' | string | null } {
  if (viewer.role !== 'hub_user') return { hubIds: 'all', podCity: 'all' };
  const mine = hubs.find((h) => h.id === viewer.hubId && !h.deleted);
  if (!mine) return { hubIds: [], podCity: null };
  if (hubKind(mine.name, mine.type) === 'pod') {
    return { hubIds: [], podCity: podCityOfHub(mine) };
  }
  return { hubIds: [mine.id], podCity: null };
}
