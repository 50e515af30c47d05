import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { FullPageLoader } from '../components/full-page-loader';
import { RestrictedFeatureAlert } from '../components/restricted-feature-alert';
import { accessDenial, type Screen } from '../lib/session/access';
import { useT } from '../lib/i18n';
import type { Catalogue } from '../lib/i18n/id';
import { useSession, useSignedIn } from '../lib/session/session';

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

type ScreenTitle = `screens.${keyof Catalogue['screens']}` | 'settings.title';

/** A screen some roles may not open: they see the restricted-feature alert instead (spec 6). */
export function RequireAccess({
  screen,
  titleKey,
  title,
  children,
}: {
  screen: Screen;
  /** The screen's title: its key in the catalogues. */
  titleKey?: ScreenTitle;
  /** Or a proper name (a hub's), shown as it is. */
  title?: string;
  children: ReactNode;
}) {
  const t = useT();
  const { profile } = useSignedIn();
  const denial = accessDenial(screen, profile);
  if (denial) return <RestrictedFeatureAlert reason={denial} screen={titleKey ? t(titleKey) : title} />;
  return <>{children}</>;
}
