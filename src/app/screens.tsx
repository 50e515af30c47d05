// The signed-in screens by route, each behind its access check. The shell's Suspense
// boundary shows a loader while a screen's chunk loads.
import type { ComponentProps, ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import { lazyPage } from './lazy-page';
import { RequireAccess } from './route-guards';

// Each screen family is its own chunk, loaded when first shown (issue 14, P5).
const HubActivityPage = lazyPage(() => import('../features/activity/hub-activity-page'), 'HubActivityPage');
const InTransitPage = lazyPage(() => import('../features/in-transit/in-transit-page'), 'InTransitPage');
const AuditPage = lazyPage(() => import('../features/audit/audit-page'), 'AuditPage');
const InventoryPage = lazyPage(() => import('../features/inventory/inventory-page'), 'InventoryPage');
const SettingsPage = lazyPage(() => import('../features/settings/settings-page'), 'SettingsPage');
const StatusesPage = lazyPage(() => import('../features/statuses/statuses-page'), 'StatusesPage');
const UsersPage = lazyPage(() => import('../features/users/users-page'), 'UsersPage');
const PodPage = lazyPage(() => import('../features/pod/pod-page'), 'PodPage');
const PodShipmentView = lazyPage(() => import('../features/pod/pod-shipment-view'), 'PodShipmentView');
const HubsPage = lazyPage(() => import('../features/hubs/hubs-page'), 'HubsPage');
const VendorDetailPage = lazyPage(() => import('../features/vendors/vendor-detail-page'), 'VendorDetailPage');
const VendorsPage = lazyPage(() => import('../features/vendors/vendors-page'), 'VendorsPage');

type Guard = Pick<ComponentProps<typeof RequireAccess>, 'screen' | 'titleKey'>;

/** A screen whose page needs nothing from the address, behind its access check. */
function guarded(guard: Guard, Page: ComponentType) {
  return function GuardedScreen() {
    return (
      <RequireAccess {...guard}>
        <Page />
      </RequireAccess>
    );
  };
}

export const InventoryScreen = InventoryPage;
export const InTransitScreen = InTransitPage;
export const VendorsScreen = guarded(
  { screen: { kind: 'vendors' }, titleKey: 'screens.vendors' },
  VendorsPage,
);
export const VendorDetailScreen = guarded(
  { screen: { kind: 'vendors' }, titleKey: 'screens.vendorDetail' },
  VendorDetailPage,
);
export const HubsScreen = guarded({ screen: { kind: 'hubs' }, titleKey: 'screens.hubs' }, HubsPage);
export const StatusShipmentScreen = guarded(
  { screen: { kind: 'status-shipment' }, titleKey: 'screens.statuses' },
  StatusesPage,
);
export const PodScreen = guarded({ screen: { kind: 'pod' }, titleKey: 'screens.pod' }, PodPage);
export const UsersScreen = guarded({ screen: { kind: 'users' }, titleKey: 'screens.users' }, UsersPage);
export const SettingsScreen = guarded(
  { screen: { kind: 'settings' }, titleKey: 'settings.title' },
  SettingsPage,
);
export const AuditScreen = guarded({ screen: { kind: 'audit' }, titleKey: 'screens.audit' }, AuditPage);

export function HubActivityScreen() {
  const { hubId = '' } = useParams();
  return (
    <RequireAccess screen={{ kind: 'hub-activity', hubId }} titleKey="screens.hubActivity">
      <HubActivityPage />
    </RequireAccess>
  );
}

/** /pod/shipment/{id}: one container's own view at a POD (issue 41). */
export function PodShipmentScreen() {
  const { shipmentId = '' } = useParams();
  return (
    <RequireAccess screen={{ kind: 'pod' }} titleKey="screens.pod">
      <PodShipmentView key={shipmentId} shipmentId={shipmentId} />
    </RequireAccess>
  );
}
