import { Navigate, useParams } from 'react-router-dom';
import { resolveHubRoute } from '../lib/hub-routes';
import { lazyPage } from './lazy-page';
import { RequireAccess } from './route-guards';

// Hub operations (with the camera) is its own chunk, loaded when first shown (issue 14, P5).
const HubOperationsPage = lazyPage(
  () => import('../features/hub-ops/hub-operations-page'),
  'HubOperationsPage',
);

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
