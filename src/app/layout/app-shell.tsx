import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { FirstSyncProgress } from '../../components/first-sync-progress';
import { ScreenLoader } from '../../components/full-page-loader';
import { ReadErrorAlert } from '../../components/read-error-alert';
import { SidebarInset, SidebarProvider } from '../../components/ui/sidebar';
import { useT } from '../../lib/i18n';
import { roleOrHubName } from '../../lib/session/profile';
import { useSignedIn } from '../../lib/session/session';
import { useRejectionToasts } from '../../lib/use-outbox';
import { signedInShellShown, signedInShellShownLoading } from '../../lib/sync-engine';
import { useFirstSync, useSyncActions } from '../sync-status';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';

/**
 * Tells the sync engine's loader that the first screen is on screen: its effect runs once the
 * screen beside it has committed (inside the same Suspense boundary, not while the screen's
 * chunk still loads), and the engine's code loads after that frame (src/lib/sync-engine.tsx).
 */
function ScreenShown() {
  useEffect(signedInShellShown, []);
  return null;
}

/**
 * The same from a screen's loader, while its chunk loads: a screen with nothing to show before
 * its data does not hold the engine back (issue 43: on a hub tablet started onto its floor, the
 * engine was asked for 350 to 600 ms after the shell, behind the screen's chunk and first render;
 * now 100 to 220 ms). The dashboard, which paints its kept figures first, still holds it.
 */
function LoaderShown() {
  useEffect(signedInShellShownLoading, []);
  return null;
}

/** A toast for each action the server refuses, on whichever screen is open when the answer comes. */
function RejectionToasts() {
  useRejectionToasts();
  return null;
}

/** The first stop of the keyboard: straight to the screen, past the sidebar and the header (issue 29). */
function SkipLink() {
  const t = useT();
  return (
    <a
      href="#main"
      data-testid="skip-link"
      // Above the window until focused; a whole 44px target, never a 1px one.
      className="fixed top-2 left-2 z-[100] inline-flex min-h-11 -translate-y-[200%] items-center rounded-md bg-background px-4 text-base font-medium text-foreground shadow-lg focus:translate-y-0 focus:ring-[3px] focus:ring-ring focus:outline-none"
      onClick={(event) => {
        // Focus, not a fragment navigation: the router keeps the URL as it is.
        event.preventDefault();
        document.getElementById('main')?.focus();
      }}
    >
      {t('shell.skipToContent')}
    </a>
  );
}

/** Every signed-in screen lives inside this: the sidebar, the header, and the screen. */
export function AppShell() {
  const { profile } = useSignedIn();
  // The status in parts (sync-status.ts): a tap moves the outbox's count, which only the sync
  // indicator and the sign-out button show; the shell around them does not render again.
  const { syncNow, stopEngine } = useSyncActions();
  const firstSync = useFirstSync();
  return (
    <SidebarProvider>
      <SkipLink />
      <AppSidebar profile={profile} beforeWipe={stopEngine} />
      <SidebarInset>
        <AppHeader roleOrHub={roleOrHubName(profile)} onSyncNow={syncNow} />
        {firstSync && <FirstSyncProgress tables={firstSync} className="border-b bg-muted/40 px-4 py-2" />}
        <ReadErrorAlert />
        <RejectionToasts />
        {/* A column: a screen may grow to the bottom of the window (the hub's queue, issue 29). */}
        <main id="main" tabIndex={-1} className="flex min-w-0 flex-1 flex-col outline-none">
          {/* Screens are lazy chunks (src/app/lazy-page.ts): the shell stays while one loads. */}
          <Suspense
            fallback={
              <>
                <ScreenLoader />
                <LoaderShown />
              </>
            }
          >
            <Outlet />
            <ScreenShown />
          </Suspense>
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}
