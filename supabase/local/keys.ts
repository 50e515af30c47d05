// The local stack's JWT secret and the anon and service-role keys signed with it.
// Same default secret as the Supabase CLI's local stack, so the keys are stable
// across runs and the app can be built against them ahead of time.
import { createHmac } from 'node:crypto';

export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

// 2032-11-12: long-lived like the CLI's demo keys; only the local secret signs them.
const KEY_EXPIRY = 1983812996;

function base64url(input: string | Buffer): string {
  return Buffer.from(input).toString('base64url');
}

/** Signs an HS256 JWT synchronously (vite.config.ts needs the anon key at config time). */
export function signHs256(payload: Record<string, unknown>, secret: string): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64url(JSON.stringify(payload));
  const signature = createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url');
  return `${header}.${body}.${signature}`;
}

export function apiKeys(secret: string = DEFAULT_JWT_SECRET): { anonKey: string; serviceRoleKey: string } {
  return {
    anonKey: signHs256({ iss: 'supabase-demo', role: 'anon', exp: KEY_EXPIRY }, secret),
    serviceRoleKey: signHs256({ iss: 'supabase-demo', role: 'service_role', exp: KEY_EXPIRY }, secret),
  };
}
