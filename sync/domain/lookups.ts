// The rows a transition books against, chosen as the server chooses them
// (public.cmd_first_warehouse, cmd_city_warehouse, cmd_city_hub): ties by
// created_at, then name (byte order), then id.
import type { Hub, Warehouse } from '../model/rows';
import { hubKind } from './hub-type';
import { slug } from './text';
import { instantMicros } from './time';

type Ordered = { created_at: string; name: string; id: string };

/** Code point order, which is the byte order of UTF-8 (collate "C"). */
export function compareCodePoints(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

function byAge(a: Ordered, b: Ordered): number {
  const t = instantMicros(a.created_at) - instantMicros(b.created_at);
  if (t !== 0) return t;
  return compareCodePoints(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Spec 9: "the hub's first warehouse", the oldest live one. */
export function firstWarehouseOf(warehouses: readonly Warehouse[], hubId: string): Warehouse | undefined {
  return warehouses.filter((w) => !w.deleted && w.hub_id === hubId).sort(byAge)[0];
}

/** Spec 4.2, POD completion: the warehouse whose location matches the city (exact before containing). */
export function warehouseForCity(warehouses: readonly Warehouse[], city: string): Warehouse | undefined {
  const c = slug(city);
  if (c === null) return undefined;
  const exact = (w: Warehouse) => (slug(w.location) === c ? 0 : 1);
  return warehouses
    .filter((w) => !w.deleted && (slug(w.location) ?? '').includes(c))
    .sort((a, b) => exact(a) - exact(b) || byAge(a, b))[0];
}

/** Spec 4.2, POD Confirm Tiba: the hub whose city or name matches the city (the destination first, then PODs). */
export function hubForCity(hubs: readonly Hub[], city: string, preferId: string): Hub | undefined {
  const c = slug(city);
  if (c === null) return undefined;
  const rank = (h: Hub) => (h.id === preferId ? 0 : 2) + (hubKind(h.name, h.type) === 'pod' ? 0 : 1);
  return hubs
    .filter((h) => !h.deleted && (slug(h.city) === c || (slug(h.name) ?? '').includes(c)))
    .sort((a, b) => rank(a) - rank(b) || byAge(a, b))[0];
}
