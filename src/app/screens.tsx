// The signed-in screens by route. Screens not built yet are placeholders inside the
// shell; each feature replaces its placeholder here when it lands.
import { useParams } from 'react-router-dom';
import { ScreenPlaceholder } from '../components/screen-placeholder';
import { RequireAccess } from './route-guards';

export function InventoryScreen() {
  return <ScreenPlaceholder title="Inventory Master" description="Kelola data inventory barang di gudang" />;
}

export function VendorsScreen() {
  return (
    <RequireAccess screen={{ kind: 'vendors' }} title="Vendors">
      <ScreenPlaceholder
        title="Vendors"
        description="The vendor list with their contacts will appear here."
      />
    </RequireAccess>
  );
}

export function VendorDetailScreen() {
  return (
    <RequireAccess screen={{ kind: 'vendors' }} title="Vendor Detail">
      <ScreenPlaceholder
        title="Vendor Detail"
        description="The vendor's land and sea vehicles will appear here."
      />
    </RequireAccess>
  );
}

export function HubsScreen() {
  return (
    <RequireAccess screen={{ kind: 'hubs' }} title="Hub Management">
      <ScreenPlaceholder
        title="Hub Management"
        description="Registered Hubs and the add form will appear here."
      />
    </RequireAccess>
  );
}

export function StatusShipmentScreen() {
  return (
    <RequireAccess screen={{ kind: 'status-shipment' }} title="Status Shipment Management">
      <ScreenPlaceholder
        title="Status Shipment Management"
        description="The shipment status values and their labels will appear here."
      />
    </RequireAccess>
  );
}

export function HubActivityScreen() {
  const { hubId = '' } = useParams();
  return (
    <RequireAccess screen={{ kind: 'hub-activity', hubId }} title="Aktivitas Inventory">
      <ScreenPlaceholder
        title="Aktivitas Inventory"
        description="The hub's stock and its incoming and outgoing movements will appear here."
      />
    </RequireAccess>
  );
}

export function InTransitScreen() {
  return (
    <ScreenPlaceholder
      title="In-Transit Shipments"
      description="Every shipment on the way, with its route and ETA, will appear here."
    />
  );
}

export function PodScreen() {
  return (
    <RequireAccess screen={{ kind: 'pod' }} title="POD Management">
      <ScreenPlaceholder
        title="POD Management"
        description="Shipments on the way to, arrived at and unloading in each destination city will appear here."
      />
    </RequireAccess>
  );
}

export function UsersScreen() {
  return (
    <RequireAccess screen={{ kind: 'users' }} title="User Management">
      <ScreenPlaceholder
        title="User Management"
        description="Every user with their role and hub will appear here."
      />
    </RequireAccess>
  );
}

export function SettingsScreen() {
  return (
    <RequireAccess screen={{ kind: 'settings' }} title="Settings">
      <ScreenPlaceholder title="Settings" />
    </RequireAccess>
  );
}
