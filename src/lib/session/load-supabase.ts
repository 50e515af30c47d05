// The Supabase client's code (supabase-js, about 53 KB gzip) is not on the first screen (issue 43):
// /auth paints its form without it and a signed-in start paints its shell from the stored session
// and the cached profile (session.tsx). It is loaded right after the first render, so it is there
// by the time the form is sent or the session is confirmed; the service worker precaches its chunk.
// The first-screen code (session.tsx, profile.ts, the sign-in, the sync engine's provider) takes the
// client from here; the lazy screens may import ./supabase directly.
import type { supabase as Client } from './supabase';

export type SupabaseClient = typeof Client;

let loading: Promise<SupabaseClient> | undefined;

/** The app's one Supabase client (./supabase), its chunk fetched on the first call. */
export function loadSupabase(): Promise<SupabaseClient> {
  loading ??= import('./supabase').then(
    (module) => module.supabase,
    (error: unknown) => {
      // A failed fetch of the chunk is tried again on the next call.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
