// Clients for integration tests: supabase-js over real HTTP to the stack that
// the global setup started, and a direct SQL connection as the database owner.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import { inject } from 'vitest';
import { DEMO_PASSWORD } from './demo';

export function stack() {
  return inject('stack');
}

function client(key: string): SupabaseClient {
  return createClient(stack().apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket; supabase-js builds its realtime client eagerly.
    realtime: { transport: ws as never },
  });
}

export function anonClient(): SupabaseClient {
  return client(stack().anonKey);
}

export function serviceClient(): SupabaseClient {
  return client(stack().serviceRoleKey);
}

/** A client signed in as the given user (demo password by default). */
export async function signedIn(email: string, password = DEMO_PASSWORD): Promise<SupabaseClient> {
  const supabase = anonClient();
  const { error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in as ${email} failed: ${error.message}`);
  return supabase;
}

/** A direct connection as the owner (bypasses PostgREST and RLS); close it with end(). */
export async function ownerSql(): Promise<pg.Client> {
  const sql = new pg.Client({ connectionString: stack().dbUrl });
  await sql.connect();
  return sql;
}
