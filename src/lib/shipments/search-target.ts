// Where picking one of the header search's results goes (issue 30), or null
// when no screen this viewer may open shows it (the result itself is then the
// answer: plate, driver, vendor and badge). Pure.
import type { Hub } from '../../../sync/pure';
import { accessDenial, type Viewer } from '../session/access';
import { deriveHubType } from '../session/hub-info';
import { arrivalTab } from '../handover/scan-target';
import { HUB_ROUTES, podShipmentViewPath, shipmentViewPath, type TabSlug } from '../hub-routes';
import type { SearchHit } from './search';

export function searchTarget(hit: SearchHit, viewer: Viewer, hubsById: ReadonlyMap<string, Hub>): string | null {
  if (hit.kind === 'shipment') return arrivingView(hit, viewer, hubsById) ?? `/in-transit-detail?open=${hit.id}`;
  // A truck on the road: its shipment.
  if (hit.shipmentId) return `/in-transit-detail?open=${hit.shipmentId}`;
  // A truck queued or loading at a hub: that hub's tab.
  const v = hit.vehicle;
  const tab: TabSlug | null = v.sedang_muat ? 'loading' : v.siap_muat ? 'ready' : null;
  const hub = v.current_hub_id ? hubsById.get(v.current_hub_id) : undefined;
  if (tab && hub && !hub.deleted) {
    const hubType = deriveHubType(hub);
    const route = Object.values(HUB_ROUTES).find((r) => r.hubType === hubType);
    if (route?.tabs.includes(tab) && accessDenial({ kind: 'hub-operations', hubType }, viewer) === null) {
      return `/${route.slug}/${tab}`;
    }
  }
  // Otherwise its vendor's page lists it, for whom may open it.
  if (accessDenial({ kind: 'vendors' }, viewer) === null) return `/vendors/${v.vendor_id}`;
  return null;
}

/**
 * Issue 41: a shipment arriving at the viewer's own hub (or POD) opens its own view there, with
 * its next step; null for any other.
 */
function arrivingView(
  hit: Extract<SearchHit, { kind: 'shipment' }>,
  viewer: Viewer,
  hubsById: ReadonlyMap<string, Hub>,
): string | null {
  const s = hit.shipment as typeof hit.shipment | undefined;
  if (!s || s.selesai_bongkar || !arrivalTab(s.status) || viewer.role !== 'hub_user') return null;
  if (!viewer.hubId || viewer.hubId !== s.destination_hub_id) return null;
  const hub = hubsById.get(s.destination_hub_id);
  if (!hub || hub.deleted) return null;
  const hubType = deriveHubType(hub);
  if (hubType === 'pod') return podShipmentViewPath(s.id);
  const route = Object.values(HUB_ROUTES).find((r) => r.hubType === hubType);
  return route?.tabs.includes('otw') ? shipmentViewPath(route.slug, s.id) : null;
}
