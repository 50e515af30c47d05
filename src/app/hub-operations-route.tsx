import { Navigate, useParams } from 'react-router-dom';
import { HUB_ROUTES, resolveHubRoute } from '../lib/hub-routes';
import { lazyPage } from './lazy-page';
import { RequireAccess } from './route-guards';

// Hub operations (with the camera) is its own chunk, loaded when first shown (issue 14, P5).
const HubOperationsPage = lazyPage(
  () => import('../features/hub-ops/hub-operations-page'),
  'HubOperationsPage',
);

// One arriving truck's own view (issue 41), loaded when first shown.
const HubShipmentView = lazyPage(() => import('../features/hub-ops/shipment-view'), 'HubShipmentView');

/** /{hubSlug}/shipment/{shipmentId}: the shipment's own view at a receiving hub (issue 41). */
export function HubShipmentRoute() {
  const { hubSlug, shipmentId = '' } = useParams();
  const resolved = resolveHubRoute(hubSlug, 'otw');
  if (resolved.kind === 'redirect') return <Navigate to={resolved.to} replace />;
  const hub = HUB_ROUTES[resolved.hub.slug];
  return (
    <RequireAccess screen={{ kind: 'hub-operations', hubType: hub.hubType }} title={hub.title}>
      <HubShipmentView key={`${hub.slug}:${shipmentId}`} hub={hub} shipmentId={shipmentId} />
    </RequireAccess>
  );
}

/** /{hubSlug}/{tabSlug}: unknown hubs go to /hub-karawang/ready, unknown tabs to the hub's default (spec 2.1). */
export function HubOperationsRoute() {
  const { hubSlug, tabSlug } = useParams();
  const resolved = resolveHubRoute(hubSlug, tabSlug);
  if (resolved.kind === 'redirect') return <Navigate to={resolved.to} replace />;
  return (
    <RequireAccess
      screen={{ kind: 'hub-operations', hubType: resolved.hub.hubType }}
      title={resolved.hub.title}
    >
      <HubOperationsPage key={resolved.hub.slug} hub={resolved.hub} tab={resolved.tab} />
    </RequireAccess>
  );
}
