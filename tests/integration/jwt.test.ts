// Tokens signed with another secret, and expired ones, are refused by both
// PostgREST (/rest/v1) and the Auth stand-in (/auth/v1/user).
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { anonClient, stack } from '../support/clients';
import { DEMO_PASSWORD, DEMO_USERS } from '../support/demo';

async function token(secret: string, expiresAt: number, sub: string) {
  return new SignJWT({ role: 'authenticated', email: DEMO_USERS.admin, session_id: crypto.randomUUID() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setAudience('authenticated')
    .setIssuedAt(expiresAt - 3600)
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret));
}

async function adminId(): Promise<string> {
  const { data } = await anonClient().auth.signInWithPassword({
    email: DEMO_USERS.admin,
    password: DEMO_PASSWORD,
  });
  return data.user!.id;
}

const now = () => Math.floor(Date.now() / 1000);

function call(path: string, jwt: string) {
  return fetch(`${stack().apiUrl}${path}`, {
    headers: { apikey: stack().anonKey, authorization: `Bearer ${jwt}` },
  });
}

describe('JWT verification', () => {
  it('accepts a token signed with the stack secret (control)', async () => {
    const jwt = await token(stack().jwtSecret, now() + 600, await adminId());
    expect((await call('/rest/v1/', jwt)).status).toBe(200);
  });

  it('refuses a token signed with another secret', async () => {
    const jwt = await token('another-secret-another-secret-another-secret', now() + 600, await adminId());
    const rest = await call('/rest/v1/hubs?select=id', jwt);
    expect(rest.status).toBe(401);
    expect((await rest.json()).code).toBe('PGRST301');
    const auth = await call('/auth/v1/user', jwt);
    expect(auth.status).toBe(403);
    expect((await auth.json()).error_code).toBe('bad_jwt');
  });

  it('refuses an expired token', async () => {
    const jwt = await token(stack().jwtSecret, now() - 60, await adminId());
    const rest = await call('/rest/v1/hubs?select=id', jwt);
    expect(rest.status).toBe(401);
    expect((await rest.json()).message).toMatch(/expired/i);
    const auth = await call('/auth/v1/user', jwt);
    expect(auth.status).toBe(403);
    expect((await auth.json()).msg).toMatch(/token is expired/);
  });
});
