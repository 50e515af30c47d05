// Spec 4.2, POD: the city a shipment is bound for. Twins of
// public.pod_city_from_status and public.pod_city_of_hub.
import type { Hub, Shipment } from '../model/rows';
import { asciiLower, containsText, dmTrim } from './text';

/**
 * The hubs' own destinations are no POD city: cikarang, poljak, polsub (spec
 * 4.2), and past the spec karawang, jakarta, surabaya (the dashboard's fixed
 * hubs), the generic otw_darat / otw_laut, and a bare otw_pod.
 */
const NOT_A_POD_CITY = new Set([
  'cikarang',
  'karawang',
  'poljak',
  'polsub',
  'jakarta',
  'surabaya',
  'darat',
  'laut',
  'pod',
]);

/** From an otw_ status: otw_podmakasar (or podmakassar) is Makassar, a leading pod is dropped. */
export function podCityFromStatus(status: string | null | undefined): string | null {
  if (status == null || !status.startsWith('otw_')) return null;
  let rest = status.slice(4);
  if (rest === 'podmakassar' || rest === 'podmakasar') return 'Makassar';
  if (rest.startsWith('pod') && rest.length > 3) rest = rest.slice(3);
  if (rest === '' || NOT_A_POD_CITY.has(rest)) return null;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/**
 * From the destination hub (the Confirm Tiba and Sedang Bongkar tabs): none
 * for hubs named cikarang, poljak or polsub; else its city, or for a hub
 * without one the name after a leading "POD".
 */
export function podCityOfHub(hub: Pick<Hub, 'name' | 'city'>): string | null {
  const name = dmTrim(hub.name ?? '');
  if (containsText(name, 'cikarang') || containsText(name, 'poljak') || containsText(name, 'polsub'))
    return null;
  const city = dmTrim(hub.city ?? '');
  if (city !== '') return city;
  if (asciiLower(name.slice(0, 3)) === 'pod') return dmTrim(name.slice(3)) || null;
  return null;
}

/** While on the way from the status, after arrival from the destination hub (public.cmd_pod_city). */
export function podCityOfShipment(
  shipment: Pick<Shipment, 'status'>,
  destination: Pick<Hub, 'name' | 'city'> | undefined,
): string | null {
  if (shipment.status.startsWith('otw_')) return podCityFromStatus(shipment.status);
  return destination ? podCityOfHub(destination) : null;
}
