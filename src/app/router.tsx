import { createBrowserRouter } from 'react-router-dom';
import { AuthPage } from '../features/auth/auth-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { NotFoundPage } from './not-found-page';
import { RequireSession, RequireSignedOut } from './route-guards';

// The catch-all sits inside RequireSession so a signed-out visitor to an unknown
// path is sent to /auth rather than shown the 404 page.
export const router = createBrowserRouter([
  {
    element: <RequireSignedOut />,
    children: [{ path: '/auth', element: <AuthPage /> }],
  },
  {
    element: <RequireSession />,
    children: [
      { index: true, element: <DashboardPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
