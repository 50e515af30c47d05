import { Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { FullPageLoader } from '../components/full-page-loader';
import { AuthPage } from '../features/auth/auth-page';
import { hubPath } from '../lib/hub-routes';
import { AUTH_STORAGE_KEY } from '../lib/session/storage-keys';
import { firstScreenPaintsKept } from '../lib/sync-engine';
import { HubOperationsRoute, HubShipmentRoute } from './hub-operations-route';
import { lazyPage } from './lazy-page';
import { NotFoundPage } from './not-found-page';
import { RequireSession, RequireSignedOut } from './route-guards';
import {
  AuditScreen,
  HubActivityScreen,
  HubsScreen,
  InTransitScreen,
  InventoryScreen,
  PodScreen,
  PodShipmentScreen,
  SettingsScreen,
  StatusShipmentScreen,
  UsersScreen,
  VendorDetailScreen,
  VendorsScreen,
} from './screens';

// Code split by screen family (issue 14, P5): /auth loads neither the shell nor the sync
// engine, and the signed-in shell loads each screen when it is first shown. The sign-in page
// itself is small and comes with the entry (issue 32): on a slow network a lazy chunk was one
// more round trip before the form showed; zod, which it needs to send the form, loads then.
const AppShell = lazyPage(() => import('./layout/app-shell'), 'AppShell');
const DashboardPage = lazyPage(() => import('../features/dashboard/dashboard-page'), 'DashboardPage');
// Where a scanned surat jalan's link lands (issue 28): the shipment's arrival step.
const ReceivePage = lazyPage(() => import('../features/receive/receive-page'), 'ReceivePage');
const VerifyPage = lazyPage(() => import('../features/receive/verify-page'), 'VerifyPage');
// Find a unit (issue 42): a TV's place and path by its serial number.
const UnitPage = lazyPage(() => import('../features/units/unit-page'), 'UnitPage');

// A device with a stored session opens signed in: load the shell and (on /) the dashboard at
// once, side by side, rather than each after the one that renders it. The sync engine's code
// follows once the shell is painted (src/lib/sync-engine.tsx).
function hasStoredSession(): boolean {
  try {
    return localStorage.getItem(AUTH_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}
if (hasStoredSession()) {
  AppShell.preload();
  if (window.location.pathname === '/') {
    DashboardPage.preload();
    // Its kept figures are painted before the engine runs, even if its chunk comes after the shell.
    firstScreenPaintsKept();
  }
}

// Spec 2.1. The catch-all sits inside RequireSession so a signed-out visitor to an unknown
// path is sent to /auth rather than shown the 404 page. Static segments outrank the
// dynamic /:hubSlug/:tabSlug, so /vendors/{id} and /hub-activity/{id} keep their screens.
export const router = createBrowserRouter([
  {
    element: <RequireSignedOut />,
    children: [
      {
        path: '/auth',
        element: <AuthPage />,
      },
    ],
  },
  {
    element: <RequireSession />,
    children: [
      {
        element: (
          <Suspense fallback={<FullPageLoader />}>
            <AppShell />
          </Suspense>
        ),
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
          // One arriving truck's own view (issue 41), at a POD and at a receiving hub.
          { path: 'pod/shipment/:shipmentId', element: <PodShipmentScreen /> },
          { path: 'users', element: <UsersScreen /> },
          { path: 'settings', element: <SettingsScreen /> },
          { path: 'audit', element: <AuditScreen /> },
          { path: 'terima/:shipmentId', element: <ReceivePage /> },
          { path: 'periksa', element: <VerifyPage /> },
          { path: 'unit/:serial', element: <UnitPage /> },
          { path: 'hub-karawang', element: <Navigate to={hubPath('hub-karawang')} replace /> },
          { path: 'hub-cikarang', element: <Navigate to={hubPath('hub-cikarang')} replace /> },
          { path: 'hub-poljak', element: <Navigate to={hubPath('hub-poljak')} replace /> },
          { path: 'hub-polsub', element: <Navigate to={hubPath('hub-polsub')} replace /> },
          { path: ':hubSlug/:tabSlug', element: <HubOperationsRoute /> },
          { path: ':hubSlug/shipment/:shipmentId', element: <HubShipmentRoute /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
