// The POD screen's lists (spec 2.10, 4.2): shipments on the way to, arrived at
// and unloading in a destination city, grouped by city; pure, over local rows.
import { isFixedHubCity, podCityOfShipment, type Hub, type Shipment } from '../../../sync/pure';

export type PodTab = 'otw' | 'arrival' | 'unloading';

/** The tabs in order; their names are the catalogue's handover.pod.tabs. */
export const POD_TABS: ReadonlyArray<{ tab: PodTab }> = [
  { tab: 'otw' },
  { tab: 'arrival' },
  { tab: 'unloading' },
];

const inTab = (s: Shipment, tab: PodTab) =>
  tab === 'otw'
    ? s.status.startsWith('otw_')
    : tab === 'arrival'
      ? s.status === 'confirm_tiba'
      : s.status === 'sedang_bongkar';

export interface CityGroup {
  city: string;
  shipments: Shipment[];
}

/**
 * The tab's shipments by POD city: on the way, the city comes from the otw_
 * status; after arrival, from the destination hub (hubs named cikarang,
 * poljak or polsub excluded); the fixed hubs' cities are no POD. `city` null
 * is every city. Groups sorted by city, shipments newest first.
 */
export function podGroups(
  shipments: readonly Shipment[],
  hubs: readonly Hub[],
  tab: PodTab,
  city: string | null,
): CityGroup[] {
  const hubById = new Map(hubs.map((h) => [h.id, h]));
  const groups = new Map<string, CityGroup>();
  for (const s of shipments) {
    if (s.deleted || s.selesai_bongkar || !inTab(s, tab)) continue;
    const c = podCityOfShipment(s, hubById.get(s.destination_hub_id));
    if (!c || isFixedHubCity(c)) continue;
    if (city !== null && c.toLowerCase() !== city.toLowerCase()) continue;
    const key = c.toLowerCase();
    const group = groups.get(key) ?? { city: c, shipments: [] };
    group.shipments.push(s);
    groups.set(key, group);
  }
  for (const g of groups.values()) g.shipments.sort((a, b) => b.created_at.localeCompare(a.created_at));
  return [...groups.values()].sort((a, b) => a.city.localeCompare(b.city));
}

/** Every POD city the device knows of: from the POD hubs and the shipments bound for one. */
export function podCities(shipments: readonly Shipment[], hubs: readonly Hub[]): string[] {
  const cities = new Map<string, string>();
  for (const tab of ['otw', 'arrival', 'unloading'] as const)
    for (const g of podGroups(shipments, hubs, tab, null)) cities.set(g.city.toLowerCase(), g.city);
  for (const h of hubs) {
    if (h.deleted || h.type !== 'pod' || !h.city?.trim()) continue;
    cities.set(h.city.trim().toLowerCase(), h.city.trim());
  }
  return [...cities.values()].sort((a, b) => a.localeCompare(b));
}
