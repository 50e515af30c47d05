import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { Session } from '@supabase/supabase-js';
import { AUTH_STORAGE_KEY, supabase } from './supabase';

export type SessionState =
  { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; session: Session };

const SessionContext = createContext<SessionState | null>(null);

/**
 * Tracks the Supabase auth session for the whole app. The stored session is read
 * from local storage, so a device with a cached session opens signed in even offline.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'loading' });

  useEffect(() => {
    // onAuthStateChange replays the stored session as INITIAL_SESSION, so no separate getSession().
    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      if (event === 'SIGNED_IN') console.info('auth: signed in', session?.user.email);
      setState(session ? { status: 'signed-in', session } : { status: 'signed-out' });
    });
    return () => data.subscription.unsubscribe();
  }, []);

  return <SessionContext.Provider value={state}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession must be used inside <SessionProvider>');
  return state;
}

/** Signs out; on a shared tablet this must work even when the server cannot be reached. */
export async function signOut(): Promise<void> {
  const { error } = await supabase.auth.signOut();
  if (!error) return;
  // supabase-js keeps the session whenever the revoke call fails (offline, 5xx), so forget it
  // on this device ourselves and reload for a client with nothing in memory either.
  console.warn('sign-out could not reach the server; clearing the local session', error);
  localStorage.removeItem(AUTH_STORAGE_KEY);
  localStorage.removeItem(`${AUTH_STORAGE_KEY}-code-verifier`);
  window.location.assign('/auth');
}
