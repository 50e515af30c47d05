// The signed-in screens by route. Screens not built yet are placeholders inside the
// shell; each feature replaces its placeholder here when it lands.
import { useParams } from 'react-router-dom';
import { HubActivityPage } from '../features/activity/hub-activity-page';
import { InTransitPage } from '../features/in-transit/in-transit-page';
import { AuditPage } from '../features/audit/audit-page';
import { InventoryPage } from '../features/inventory/inventory-page';
import { SettingsPage } from '../features/settings/settings-page';
import { StatusesPage } from '../features/statuses/statuses-page';
import { UsersPage } from '../features/users/users-page';
import { PodPage } from '../features/pod/pod-page';
import { HubsPage } from '../features/hubs/hubs-page';
import { VendorDetailPage } from '../features/vendors/vendor-detail-page';
import { VendorsPage } from '../features/vendors/vendors-page';
import { RequireAccess } from './route-guards';

export function InventoryScreen() {
  return <InventoryPage />;
}

export function VendorsScreen() {
  return (
    <RequireAccess screen={{ kind: 'vendors' }} title="Vendors">
      <VendorsPage />
    </RequireAccess>
  );
}

export function VendorDetailScreen() {
  return (
    <RequireAccess screen={{ kind: 'vendors' }} title="Vendor Detail">
      <VendorDetailPage />
    </RequireAccess>
  );
}

export function HubsScreen() {
  return (
    <RequireAccess screen={{ kind: 'hubs' }} title="Hub Management">
      <HubsPage />
    </RequireAccess>
  );
}

export function StatusShipmentScreen() {
  return (
    <RequireAccess screen={{ kind: 'status-shipment' }} title="Status Shipment Management">
      <StatusesPage />
    </RequireAccess>
  );
}

export function HubActivityScreen() {
  const { hubId = '' } = useParams();
  return (
    <RequireAccess screen={{ kind: 'hub-activity', hubId }} title="Aktivitas Inventory">
      <HubActivityPage />
    </RequireAccess>
  );
}

export function InTransitScreen() {
  return <InTransitPage />;
}

export function PodScreen() {
  return (
    <RequireAccess screen={{ kind: 'pod' }} title="POD Management">
      <PodPage />
    </RequireAccess>
  );
}

export function UsersScreen() {
  return (
    <RequireAccess screen={{ kind: 'users' }} title="User Management">
      <UsersPage />
    </RequireAccess>
  );
}

export function SettingsScreen() {
  return (
    <RequireAccess screen={{ kind: 'settings' }} title="Settings">
      <SettingsPage />
    </RequireAccess>
  );
}

export function AuditScreen() {
  return (
    <RequireAccess screen={{ kind: 'audit' }} title="Audit Trail">
      <AuditPage />
    </RequireAccess>
  );
}
