// Where a scanned surat jalan takes the user (issue 28): the shipment's arrival step at
// their hub or POD; since issue 41 the shipment's own view (/{hubSlug}/shipment/{id},
// /pod/shipment/{id}), which stays on it from Confirm Tiba to the BAST. Pure, over the
// rows on the device, so it answers offline and the unit tests read the same rule.
import {
  hubKind,
  mayActForPodCity,
  podCityOfShipment,
  type Actor,
  type Hub,
  type Shipment,
} from '../../../sync/pure';
import { hubSlugForType, podShipmentViewPath, shipmentViewPath, type TabSlug } from '../hub-routes';
import { SCAN } from './scan-messages';

export type ArrivalTab = Extract<TabSlug, 'otw' | 'arrival' | 'unloading'>;

export type ScanTarget =
  | { kind: 'open'; path: string; tab: ArrivalTab }
  /** Bound for a hub (or POD city) the user does not work at: which one, in plain words. */
  | { kind: 'other-hub'; message: string }
  /** Unloaded already: nothing left to do with it here. */
  | { kind: 'done'; message: string }
  /** Not on this device (not replicated yet, or not a shipment the user may see). */
  | { kind: 'unknown'; message: string };

/** The tab of a status on the way to / at the receiving end; null once unloaded. */
export function arrivalTab(status: string): ArrivalTab | null {
  if (status.startsWith('otw_')) return 'otw';
  if (status === 'confirm_tiba') return 'arrival';
  if (status === 'sedang_bongkar') return 'unloading';
  return null;
}

/** The query that marks the scanned shipment on the page it opens. */
export const SCANNED_PARAM = 'shipment';

export function scanTarget(
  shipment: Shipment | undefined,
  hubs: readonly Hub[],
  actor: Actor,
  /** The batch number the code carries, for a shipment this device does not hold. */
  scannedBatch: string | null = null,
): ScanTarget {
  if (!shipment || shipment.deleted) return { kind: 'unknown', message: SCAN.unknownShipment(scannedBatch) };
  const destination = hubs.find((h) => h.id === shipment.destination_hub_id);
  const kind = destination ? hubKind(destination.name, destination.type) : 'other';
  const staff = actor.role === 'admin' || actor.role === 'tower_control';
  const hubSlug = kind === 'pod' ? undefined : hubSlugForType(kind === 'other' ? null : kind);
  const podCity = hubSlug ? null : podCityOfShipment(shipment, destination);
  const placeName = destination?.name ?? (podCity ? `POD ${podCity}` : '-');

  const tab = arrivalTab(shipment.status);
  if (!tab || shipment.selesai_bongkar) {
    return { kind: 'done', message: SCAN.alreadyDone(shipment.batch_number, placeName) };
  }
  if (hubSlug) {
    if (!staff && actor.hubId !== shipment.destination_hub_id) {
      return { kind: 'other-hub', message: SCAN.otherHub(shipment.batch_number, placeName) };
    }
    return { kind: 'open', tab, path: shipmentViewPath(hubSlug, shipment.id) };
  }
  if (podCity && mayActForPodCity(actor, podCity, hubs)) {
    return { kind: 'open', tab, path: podShipmentViewPath(shipment.id) };
  }
  return { kind: 'other-hub', message: SCAN.otherHub(shipment.batch_number, placeName) };
}
