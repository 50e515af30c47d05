import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { FullPageLoader } from '../components/full-page-loader';
import { RestrictedFeatureAlert } from '../components/restricted-feature-alert';
import { accessDenial, type Screen } from '../lib/access';
import { useSession, useSignedIn } from '../lib/session';

/** Signed-out visitors to any route but /auth land on /auth; the loader shows while the session and profile resolve. */
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

/** A screen some roles may not open: they see the restricted-feature alert instead (spec 6). */
export function RequireAccess({
  screen,
  title,
  children,
}: {
  screen: Screen;
  title: string;
  children: ReactNode;
}) {
  const { profile } = useSignedIn();
  const denial = accessDenial(screen, profile);
  if (denial) return <RestrictedFeatureAlert reason={denial} screen={title} />;
  return <>{children}</>;
}
