// Access tokens (HS256 JWTs PostgREST verifies with the same secret) and
// opaque, rotating refresh tokens.
import { randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { authErrors } from './errors';

export interface TokenSettings {
  secret: Uint8Array;
  issuer: string;
  expirySeconds: number;
}

export interface Claims extends JWTPayload {
  role?: string;
  email?: string;
  session_id?: string;
}

export function newRefreshToken(): string {
  return randomBytes(18).toString('base64url');
}

export async function signAccessToken(
  settings: TokenSettings,
  user: { id: string; email: string; app_metadata: object; user_metadata: object },
  sessionId: string,
): Promise<{ token: string; expiresAt: number }> {
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = now + settings.expirySeconds;
  const token = await new SignJWT({
    email: user.email,
    phone: '',
    app_metadata: user.app_metadata,
    user_metadata: user.user_metadata,
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: now }],
    session_id: sessionId,
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setAudience('authenticated')
    .setIssuer(settings.issuer)
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(settings.secret);
  return { token, expiresAt };
}

/** Verifies a bearer token; throws the AuthError GoTrue would answer with. */
export async function verifyToken(
  settings: TokenSettings,
  authorization: string | undefined,
): Promise<Claims> {
  const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
  if (!match?.[1]) throw authErrors.noAuthorization();
  try {
    const { payload } = await jwtVerify<Claims>(match[1], settings.secret, { algorithms: ['HS256'] });
    return payload;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired)
      throw authErrors.badJwt('token has invalid claims: token is expired');
    throw authErrors.badJwt('token signature is invalid: signature is invalid');
  }
}
