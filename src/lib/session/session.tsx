// The folder src/lib/session: who is signed in on this device and what they may open. This file
// holds the session (Supabase Auth) and its profile for the whole app (useSession, useSignedIn);
// beside it the profile read and cache (profile.ts), the Supabase client (supabase.ts) and the
// bound on its requests (request-timeout.ts), the roles and what each may open (roles.ts,
// access.ts, hub-info.ts), every localStorage key (storage-keys.ts), the client's chunk loaded
// after the first paint (load-supabase.ts), the sign-in's greeting
// (welcome-back.ts) and sign-out's wipe of all that is local (wipe-local-data.ts).
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Session } from '@supabase/supabase-js';
import {
  fallbackProfile,
  fetchProfile,
  readCachedProfile,
  stopCachingProfiles,
  writeCachedProfile,
  type UserProfile,
} from './profile';
import { loadSupabase, type SupabaseClient } from './load-supabase';
import { AUTH_STORAGE_KEY } from './storage-keys';
import { wipeLocalData } from './wipe-local-data';

export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | {
      status: 'signed-in';
      session: Session;
      profile: UserProfile;
      /**
       * The stored session's token expired and could not be refreshed (no network):
       * the app keeps working on local data and supabase-js refreshes once it can.
       */
      tokenStale: boolean;
    };

type AuthState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; session: Session; stale: boolean };

const SessionContext = createContext<SessionState | null>(null);

/** Set by signOutAndWipe until the page reloads. */
let signingOut = false;

/**
 * The session supabase-js keeps in storage. When the access token has expired and the
 * refresh fails for want of a network, supabase-js keeps it stored (so it can refresh
 * later) but reports no session; the app stays signed in with it (architecture point 8).
 */
function readStoredSession(): Session | null {
  try {
    const raw = localStorage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<Session>;
    if (!stored.access_token || !stored.refresh_token || !stored.user?.id) return null;
    return stored as Session;
  } catch {
    return null;
  }
}

/**
 * Whether the address brings a session for supabase-js to take (detectSessionInUrl): the link of
 * a sign-up's verification e-mail (#access_token=..., or ?code= in the PKCE flow), or its error.
 */
function sessionInUrl(): boolean {
  const { hash, search } = window.location;
  return /[#&](access_token|error_description)=/.test(hash) || /[?&]code=/.test(search);
}

function isExpired(session: Session): boolean {
  return typeof session.expires_at === 'number' && session.expires_at * 1000 <= Date.now();
}

/** Follows supabase-js's session (sign-in, refresh, sign-out); returns the unsubscribe. */
function followAuth(supabase: SupabaseClient, setAuth: (auth: AuthState) => void): () => void {
  // onAuthStateChange replays the stored session as INITIAL_SESSION, so no separate getSession().
  const { data } = supabase.auth.onAuthStateChange((event, session) => {
    // Signing out of a shared tablet: stay on the current screen until the
    // wipe is done and the page reloads on /auth, so nothing half-wiped shows.
    if (signingOut && !session) return;
    if (event === 'SIGNED_IN') console.info('auth: signed in', session?.user.email);
    if (session) {
      setAuth({ status: 'signed-in', session, stale: false });
      return;
    }
    const stored = event === 'INITIAL_SESSION' ? readStoredSession() : null;
    if (stored)
      console.info('auth: the token could not be refreshed; working offline with the stored session');
    setAuth(stored ? { status: 'signed-in', session: stored, stale: true } : { status: 'signed-out' });
  });
  return () => data.subscription.unsubscribe();
}

/**
 * Tracks the Supabase auth session and the user's profile for the whole app. The session
 * and the profile are read from local storage, so a device that signed in once opens
 * signed in even offline; the profile is read from the server once per start when online.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  // Local first: a stored session opens the app at once. supabase-js confirms it later; with
  // an expired token and no network it would first retry the refresh for up to half a minute.
  // With none stored (and none in the address) the device is signed out: /auth paints before
  // supabase-js has loaded (issue 43), which would find no session either.
  const [auth, setAuth] = useState<AuthState>(() => {
    const stored = readStoredSession();
    if (stored) return { status: 'signed-in', session: stored, stale: isExpired(stored) };
    return sessionInUrl() ? { status: 'loading' } : { status: 'signed-out' };
  });

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    void loadSupabase().then(
      (supabase) => {
        if (cancelled) return;
        unsubscribe = followAuth(supabase, setAuth);
      },
      (error: unknown) => {
        // Only without the chunk (no service worker yet and no network): the stored session stands.
        console.warn('auth: the Supabase client could not be loaded', error);
        if (!cancelled) setAuth((now) => (now.status === 'loading' ? { status: 'signed-out' } : now));
      },
    );
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, []);

  const stale = auth.status === 'signed-in' && auth.stale;
  useEffect(() => {
    if (!stale) return;
    // Back online: ask supabase-js for the session, which refreshes the token (TOKEN_REFRESHED).
    const refresh = () =>
      void loadSupabase()
        .then((supabase) => supabase.auth.getSession())
        .catch(() => undefined);
    window.addEventListener('online', refresh);
    return () => window.removeEventListener('online', refresh);
  }, [stale]);

  const user = auth.status === 'signed-in' ? auth.session.user : null;
  const profile = useProfile(user?.id ?? null, user?.email ?? '', user?.app_metadata?.role);

  const value = useMemo<SessionState>(() => {
    if (auth.status !== 'signed-in') return auth;
    if (!profile) return { status: 'loading' };
    return { status: 'signed-in', session: auth.session, profile, tokenStale: auth.stale };
  }, [auth, profile]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * The profile of the signed-in user: the cached one at once, then the server's once it
 * answers (once per start). Until either exists the app shows its loader; when the read
 * fails with nothing cached, the token's role with no hub info stands in (spec 8.1: such
 * errors are only logged) and the read is retried when the network returns.
 */
function useProfile(userId: string | null, email: string, tokenRole: unknown): UserProfile | null {
  const cached = useMemo(() => (userId ? readCachedProfile(userId) : null), [userId]);
  const [loaded, setLoaded] = useState<UserProfile | null>(null);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    let done = false;
    let inFlight = false;

    async function load(id: string) {
      if (done || inFlight) return;
      inFlight = true;
      try {
        const profile = await fetchProfile({ id, email });
        done = true;
        if (cancelled) return;
        writeCachedProfile(profile);
        setLoaded(profile);
      } catch (err) {
        console.error('profile: could not read the profile', err);
        if (!cancelled && !cached)
          setLoaded(fallbackProfile({ id, email, app_metadata: { role: tokenRole } }));
      } finally {
        inFlight = false;
      }
    }

    const retry = () => void load(userId);
    // With a cached profile and no network, wait for the network rather than fail.
    if (!cached || navigator.onLine) retry();
    window.addEventListener('online', retry);
    return () => {
      cancelled = true;
      window.removeEventListener('online', retry);
    };
  }, [userId, email, tokenRole, cached]);

  if (!userId) return null;
  return loaded?.userId === userId ? loaded : cached;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession must be used inside <SessionProvider>');
  return state;
}

/** The signed-in session; for screens inside the signed-in routes only. */
export function useSignedIn(): Extract<SessionState, { status: 'signed-in' }> {
  const state = useSession();
  if (state.status !== 'signed-in') throw new Error('useSignedIn used outside the signed-in routes');
  return state;
}

/**
 * Signs out of this device and wipes its local data, then reloads on /auth with nothing
 * in memory. Works without a network: the server-side revoke is best effort.
 * `beforeWipe` closes what holds the local database open (the sync engine).
 */
export async function signOutAndWipe({
  beforeWipe,
}: { beforeWipe?: () => Promise<void> } = {}): Promise<void> {
  stopCachingProfiles();
  signingOut = true;
  try {
    // 'local': only this tablet's session ends; the user's other devices stay signed in.
    const supabase = await loadSupabase();
    const { error } = await supabase.auth.signOut({ scope: 'local' });
    if (error) console.warn('sign-out could not reach the server; forgetting the session here', error);
  } catch (err) {
    console.warn('sign-out failed; forgetting the session here', err);
  }
  try {
    await beforeWipe?.();
  } catch (err) {
    console.error('sign-out: closing the local database failed', err);
  }
  const report = await wipeLocalData();
  console.info('sign-out: local data wiped', report);
  window.location.assign('/auth');
}
