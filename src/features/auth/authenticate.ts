import { isAuthRetryableFetchError } from '@supabase/supabase-js';
import { t } from '../../lib/i18n';
import { supabase } from '../../lib/session/supabase';
import type { LoginCredentials } from './login-schema';

export type AuthMode = 'sign-in' | 'sign-up';

/** Outcome of a sign-in or sign-up; `error` is the provider's own message, shown verbatim. */
export type AuthOutcome = { error: string | null };

export async function authenticate(
  mode: AuthMode,
  { email, password }: LoginCredentials,
): Promise<AuthOutcome> {
  try {
    const { error } =
      mode === 'sign-in'
        ? await supabase.auth.signInWithPassword({ email, password })
        : await supabase.auth.signUp({
            email,
            password,
            // The verification link brings the user back to this deployment.
            options: { emailRedirectTo: window.location.origin },
          });
    if (!error) return { error: null };
    // Offline or a failing gateway yields a body-less message such as "{}"; say what happened instead.
    if (isAuthRetryableFetchError(error)) return { error: t('auth.serverUnreachable') };
    return { error: error.message };
  } catch (err) {
    console.error('authentication failed', err);
    return { error: t('auth.serverUnreachable') };
  }
}
