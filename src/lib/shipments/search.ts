// The folder src/lib/shipments: finding and showing shipments on the screens. The header's search
// (this file) and where a result goes (search-target.ts), the lists' filters in the address
// (shipment-filters.ts, use-shipment-filters.ts), how a status looks (shipment-status.ts,
// use-status-looks.ts) and what a card shows beside a shipment (use-shipment-details.ts).
//
// The header's search (issue 10, spec 2.9's search box made real; issue 30:
// what people say): shipments by batch number, container number, ship name,
// plate, driver or vendor, and vehicles by plate, ship name, driver or vendor,
// over the local rows, so it works offline. Pure. A result whose field equals
// the query comes first, then the newest first; at most `limit` results, with
// the count of all matches so the screen can say there are more.
import { vehicleBadge, type Container, type Shipment, type Vehicle, type Vendor } from '../../../sync/pure';
import { statusLook, type StatusLooks } from './shipment-status';

export type SearchHit =
  | {
      kind: 'shipment';
      id: string;
      title: string;
      detail: string;
      /** The status as the app shows it (the admin's label), never the key. */
      statusLabel: string;
      shipment: Shipment;
    }
  | {
      kind: 'vehicle';
      id: string;
      title: string;
      detail: string;
      statusLabel: string;
      vehicle: Vehicle;
      /** Its newest shipment still in transit, if any (where a pick takes you). */
      shipmentId: string | null;
    };

export interface SearchResult {
  hits: SearchHit[];
  /** Every match, of which `hits` holds the first `limit`. */
  total: number;
}

export interface SearchData {
  shipments: readonly Shipment[];
  containers: readonly Container[];
  vehicles: readonly Vehicle[];
  vendors: readonly Vendor[];
  looks: StatusLooks;
}

export const SEARCH_LIMIT = 10;

const norm = (s: string | null | undefined) => (s ?? '').toLowerCase().replace(/\s+/g, '');

/** 0: a field is the query; 1: a field holds it; Infinity: no match. */
function matchRank(q: string, fields: ReadonlyArray<string | null | undefined>): number {
  let best = Infinity;
  for (const f of fields) {
    const n = norm(f);
    if (!n) continue;
    if (n === q) return 0;
    if (n.includes(q)) best = 1;
  }
  return best;
}

/** Server time stamps, newest first; a row not yet stamped (made on this device) is the newest. */
function newestFirst(a: string, b: string): number {
  if (a === b) return 0;
  if (!a) return -1;
  if (!b) return 1;
  return a < b ? 1 : -1;
}

export function searchLocal(query: string, data: SearchData, limit = SEARCH_LIMIT): SearchResult {
  const q = norm(query);
  if (q.length < 2) return { hits: [], total: 0 };
  const containerOf = new Map(data.containers.filter((c) => !c.deleted).map((c) => [c.shipment_id, c]));
  const vehicleById = new Map(data.vehicles.map((v) => [v.id, v]));
  const vendorName = new Map(data.vendors.filter((v) => !v.deleted).map((v) => [v.id, v.name]));
  const scored: Array<{ rank: number; at: string; hit: SearchHit }> = [];
  const travelling = new Map<string, Shipment>();

  for (const s of data.shipments) {
    if (s.deleted) continue;
    const before = travelling.get(s.vehicle_id);
    if (!s.selesai_bongkar && (!before || newestFirst(s.created_at, before.created_at) < 0))
      travelling.set(s.vehicle_id, s);
    const container = containerOf.get(s.id);
    const vehicle = vehicleById.get(s.vehicle_id);
    const vendor = vendorName.get(s.vendor_id ?? vehicle?.vendor_id ?? '');
    const rank = matchRank(q, [
      s.batch_number,
      container?.container_number,
      container?.vessel_name,
      vehicle?.license_plate,
      vehicle?.nama_kapal,
      vehicle?.driver_name,
      vendor,
    ]);
    if (rank === Infinity) continue;
    const carrier = container?.container_number ?? vehicle?.license_plate;
    const who = vehicle?.nama_kapal ?? container?.vessel_name ?? vehicle?.driver_name;
    scored.push({
      rank,
      at: s.created_at,
      hit: {
        kind: 'shipment',
        id: s.id,
        title: s.batch_number,
        detail: [carrier, who, vendor].filter(Boolean).join(' · '),
        statusLabel: statusLook(data.looks, s.status).label,
        shipment: s,
      },
    });
  }
  for (const v of data.vehicles) {
    if (v.deleted) continue;
    const vendor = vendorName.get(v.vendor_id);
    const rank = matchRank(q, [v.license_plate, v.nama_kapal, v.driver_name, vendor]);
    if (rank === Infinity) continue;
    scored.push({
      rank,
      at: v.created_at,
      hit: {
        kind: 'vehicle',
        id: v.id,
        title: v.license_plate,
        // Empty when nothing more is known (the search box then says it is a vehicle).
        detail: [v.nama_kapal ?? v.driver_name, vendor].filter(Boolean).join(' · '),
        statusLabel: vehicleBadge(v),
        vehicle: v,
        shipmentId: travelling.get(v.id)?.id ?? null,
      },
    });
  }
  const hits = scored
    .sort((a, b) => a.rank - b.rank || newestFirst(a.at, b.at) || a.hit.title.localeCompare(b.hit.title))
    .slice(0, limit)
    .map((s) => s.hit);
  return { hits, total: scored.length };
}
