import { createClient } from '@supabase/supabase-js';
import { fetchWithTimeout } from './request-timeout';
import { AUTH_STORAGE_KEY } from './storage-keys';

// Locally the app server forwards /auth/v1, /rest/v1, ... to the stack, so with no
// URL baked in at build time the API is the page's own origin.
const supabaseUrl = import.meta.env.VITE_SUPABASE_URL || window.location.origin;

// The local stack's app server puts its anon key in index.html at run time (a hub on the LAN
// signs with a secret generated on first start, which no build can know); a static host
// serves the key built in (VITE_SUPABASE_ANON_KEY). supabase/local/app-server.ts.
const anonKey =
  document.querySelector<HTMLMetaElement>('meta[name="dermaga-anon-key"]')?.content ||
  import.meta.env.VITE_SUPABASE_ANON_KEY;

/** The app's one Supabase client; the session survives reloads and refreshes itself. */
export const supabase = createClient(supabaseUrl, anonKey, {
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    storageKey: AUTH_STORAGE_KEY,
  },
  // No request waits for ever on a connection that dropped its answer (request-timeout.ts).
  global: { fetch: fetchWithTimeout() },
});
