import { Outlet } from 'react-router-dom';
import { pendingTotal } from '../../components/sync-health';
import { SidebarInset, SidebarProvider } from '../../components/ui/sidebar';
import { roleOrHubName } from '../../lib/profile';
import { useSignedIn } from '../../lib/session';
import { useAppSyncStatus } from '../sync-status';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';

/** Every signed-in screen lives inside this: the sidebar, the header, and the screen. */
export function AppShell() {
  const { profile } = useSignedIn();
  const { status, syncNow, stopEngine } = useAppSyncStatus();
  return (
    <SidebarProvider>
      <AppSidebar profile={profile} pendingCount={pendingTotal(status)} beforeWipe={stopEngine} />
      <SidebarInset>
        <AppHeader roleOrHub={roleOrHubName(profile)} syncStatus={status} onSyncNow={syncNow} />
        <main id="main" className="min-w-0 flex-1">
          <Outlet />
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}
