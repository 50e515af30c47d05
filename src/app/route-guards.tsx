import { Navigate, Outlet } from 'react-router-dom';
import { FullPageLoader } from '../components/full-page-loader';
import { useSession } from '../lib/session';

/** Signed-out visitors to any route but /auth land on /auth. */
export function RequireSession() {
  const session = useSession();
  if (session.status === 'loading') return <FullPageLoader />;
  if (session.status === 'signed-out') return <Navigate to="/auth" replace />;
  return <Outlet />;
}

/** /auth is for signed-out visitors; a live session goes straight to the dashboard. */
export function RequireSignedOut() {
  const session = useSession();
  if (session.status === 'loading') return <FullPageLoader />;
  if (session.status === 'signed-in') return <Navigate to="/" replace />;
  return <Outlet />;
}
