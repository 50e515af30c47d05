import { createBrowserRouter, Navigate } from 'react-router-dom';
import { AuthPage } from '../features/auth/auth-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { hubPath } from '../lib/hub-routes';
import { HubOperationsRoute } from './hub-operations-route';
import { AppShell } from './layout/app-shell';
import { NotFoundPage } from './not-found-page';
import { RequireSession, RequireSignedOut } from './route-guards';
import {
  AuditScreen,
  HubActivityScreen,
  HubsScreen,
  InTransitScreen,
  InventoryScreen,
  PodScreen,
  SettingsScreen,
  StatusShipmentScreen,
  UsersScreen,
  VendorDetailScreen,
  VendorsScreen,
} from './screens';

// Spec 2.1. The catch-all sits inside RequireSession so a signed-out visitor to an unknown
// path is sent to /auth rather than shown the 404 page. Static segments outrank the
// dynamic /:hubSlug/:tabSlug, so /vendors/{id} and /hub-activity/{id} keep their screens.
export const router = createBrowserRouter([
  {
    element: <RequireSignedOut />,
    children: [{ path: '/auth', element: <AuthPage /> }],
  },
  {
    element: <RequireSession />,
    children: [
      {
        element: <AppShell />,
        children: [
          { index: true, element: <DashboardPage /> },
          { path: 'inventory', element: <InventoryScreen /> },
          { path: 'vendors', element: <VendorsScreen /> },
          { path: 'vendors/:vendorId', element: <VendorDetailScreen /> },
          { path: 'hubs', element: <HubsScreen /> },
          { path: 'status-shipment', element: <StatusShipmentScreen /> },
          { path: 'hub-activity/:hubId', element: <HubActivityScreen /> },
          { path: 'in-transit-detail', element: <InTransitScreen /> },
          { path: 'pod', element: <PodScreen /> },
          { path: 'users', element: <UsersScreen /> },
          { path: 'settings', element: <SettingsScreen /> },
          { path: 'audit', element: <AuditScreen /> },
          { path: 'hub-karawang', element: <Navigate to={hubPath('hub-karawang')} replace /> },
          { path: 'hub-cikarang', element: <Navigate to={hubPath('hub-cikarang')} replace /> },
          { path: 'hub-poljak', element: <Navigate to={hubPath('hub-poljak')} replace /> },
          { path: 'hub-polsub', element: <Navigate to={hubPath('hub-polsub')} replace /> },
          { path: ':hubSlug/:tabSlug', element: <HubOperationsRoute /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
