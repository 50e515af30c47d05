// The scanner's typed fallback (issue 41): part of a batch number, a plate or a container
// number finds the shipment on this device ("77" finds KRW-0077). Pure, over local rows.
// A shipment still arriving comes before one unloaded already, a batch typed whole first,
// then the newest.
import type { Container, Shipment, Vehicle } from '../../../sync/pure';

export const FIND_MIN = 2;

const norm = (s: string | null | undefined) => (s ?? '').toLowerCase().replace(/\s+/g, '');

export interface FoundShipment {
  shipment: Shipment;
  plate: string | null;
}

export function findShipments(
  text: string,
  shipments: readonly Shipment[],
  vehicles: ReadonlyMap<string, Pick<Vehicle, 'license_plate'>>,
  containers: readonly Pick<Container, 'shipment_id' | 'container_number' | 'deleted'>[] = [],
): FoundShipment[] {
  const q = norm(text);
  if (q.length < FIND_MIN) return [];
  const containerOf = new Map(containers.filter((c) => !c.deleted).map((c) => [c.shipment_id, c.container_number]));
  const found: Array<FoundShipment & { exact: boolean }> = [];
  for (const s of shipments) {
    if (s.deleted) continue;
    const plate = vehicles.get(s.vehicle_id)?.license_plate ?? null;
    const container = containerOf.get(s.id) ?? null;
    const batch = norm(s.batch_number);
    if (![batch, norm(plate), norm(container)].some((f) => f && f.includes(q))) continue;
    found.push({ shipment: s, plate: container ?? plate, exact: batch === q });
  }
  return found
    .sort(
      (a, b) =>
        Number(b.exact) - Number(a.exact) ||
        Number(a.shipment.selesai_bongkar) - Number(b.shipment.selesai_bongkar) ||
        (b.shipment.created_at ?? '').localeCompare(a.shipment.created_at ?? ''),
    )
    .map(({ shipment, plate }) => ({ shipment, plate }));
}

/**
 * The one shipment the text means, or null when it is not one: the batch typed whole, or the
 * only match still on its way or being received (an unloaded one only when nothing else matches).
 */
export function theShipment(found: readonly FoundShipment[], text: string): Shipment | null {
  const q = norm(text);
  const first = found[0];
  if (!first) return null;
  if (norm(first.shipment.batch_number) === q) return first.shipment;
  const open = found.filter((f) => !f.shipment.selesai_bongkar);
  if (open.length === 1) return open[0]!.shipment;
  if (open.length === 0 && found.length === 1) return first.shipment;
  return null;
}
