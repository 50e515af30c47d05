// The header's search (issue 10, spec 2.9's search box made real): shipments
// by batch number, container number or plate, and vehicles by plate or ship
// name, over the local rows, so it works offline. Pure: ranks exact prefix
// matches first, then other matches, at most `limit` results.
import type { Container, Shipment, Vehicle } from '../../sync/pure';

export type SearchHit =
  | { kind: 'shipment'; id: string; title: string; detail: string; shipment: Shipment }
  | { kind: 'vehicle'; id: string; title: string; detail: string; vehicle: Vehicle };

const norm = (s: string | null | undefined) => (s ?? '').toLowerCase().replace(/\s+/g, '');

export function searchLocal(
  query: string,
  data: { shipments: readonly Shipment[]; containers: readonly Container[]; vehicles: readonly Vehicle[] },
  limit = 8,
): SearchHit[] {
  const q = norm(query);
  if (q.length < 2) return [];
  const containerOf = new Map(data.containers.map((c) => [c.shipment_id, c]));
  const vehicleById = new Map(data.vehicles.map((v) => [v.id, v]));
  const scored: Array<{ rank: number; hit: SearchHit }> = [];
  const rank = (...fields: Array<string | null | undefined>) => {
    let best = Infinity;
    for (const f of fields) {
      const n = norm(f);
      if (!n) continue;
      if (n.startsWith(q)) best = Math.min(best, 0);
      else if (n.includes(q)) best = Math.min(best, 1);
    }
    return best;
  };
  for (const s of data.shipments) {
    if (s.deleted) continue;
    const container = containerOf.get(s.id);
    const vehicle = vehicleById.get(s.vehicle_id);
    const r = rank(s.batch_number, container?.container_number, vehicle?.license_plate);
    if (r === Infinity) continue;
    scored.push({
      rank: r,
      hit: {
        kind: 'shipment',
        id: s.id,
        title: s.batch_number,
        detail: [container?.container_number ?? vehicle?.license_plate, s.status].filter(Boolean).join(' · '),
        shipment: s,
      },
    });
  }
  for (const v of data.vehicles) {
    if (v.deleted) continue;
    const r = rank(v.license_plate, v.nama_kapal);
    if (r === Infinity) continue;
    scored.push({
      rank: r + 0.5,
      hit: {
        kind: 'vehicle',
        id: v.id,
        title: v.license_plate,
        detail: [v.nama_kapal, v.driver_name].filter(Boolean).join(' · ') || 'Kendaraan',
        vehicle: v,
      },
    });
  }
  return scored
    .sort((a, b) => a.rank - b.rank || a.hit.title.localeCompare(b.hit.title))
    .slice(0, limit)
    .map((s) => s.hit);
}
