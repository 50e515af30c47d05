// Which seeded hub a hub operations page works for: the live hub whose kind
// (spec 3's derivation from the name, then the stored type) is the page's
// hub type; the oldest when several match. None: the Tambah buttons are disabled.
import { hubKind, type Hub } from '../../../sync/pure';
import type { HubRouteConfig } from '../../lib/hub-routes';

export function resolveHub(hubs: readonly Hub[], hubType: HubRouteConfig['hubType']): Hub | undefined {
  return hubs
    .filter((h) => !h.deleted && hubKind(h.name, h.type) === hubType)
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id))[0];
}

/**
 * The hub whose floor the page reads. Once the hubs are read, the resolved hub (or none). Before,
 * on a hub tablet whose profile's hub is of the page's kind, that hub: the floor's reads start as
 * the local database opens instead of after the hubs are read (issue 43, the hub screen's cold
 * start). The profile's hub is usually the one that resolves; where it is not (two hubs of a
 * kind), the reads move to the resolved one, and nothing is acted on before it resolves (the
 * cards' buttons wait for the hub).
 */
export function floorHubId(
  hubsRead: boolean,
  resolved: Pick<Hub, 'id'> | undefined,
  profile: { hubId: string | null; hubInfo: { hubType: string | null } },
  hubType: HubRouteConfig['hubType'],
): string | undefined {
  if (hubsRead) return resolved?.id;
  return profile.hubInfo.hubType === hubType ? (profile.hubId ?? undefined) : undefined;
}

/** Sea-route hubs with container display (spec 9). */
export const isSeaHub = (hubType: HubRouteConfig['hubType']) => hubType === 'poljak' || hubType === 'polsub';

/** Which shipping form a hub fills when a vehicle leaves it (spec 2.9). */
export type ShippingForm = 'darat' | 'poljak' | 'polsub';
export function shippingFormOf(hubType: HubRouteConfig['hubType']): ShippingForm {
  return hubType === 'poljak' ? 'poljak' : hubType === 'polsub' ? 'polsub' : 'darat';
}

/** Spec 5: the Darat/Laut toggle shows only on hub-cikarang and hub-polsub; PolJak is always sea. */
export function vehicleModes(hubType: HubRouteConfig['hubType']): readonly ('darat' | 'laut')[] {
  if (hubType === 'cikarang' || hubType === 'polsub') return ['darat', 'laut'];
  if (hubType === 'poljak') return ['laut'];
  return ['darat'];
}
