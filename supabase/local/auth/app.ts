// The part of Supabase Auth's HTTP API that @supabase/supabase-js uses, served
// at /auth/v1 by the local gateway. Sign-ups are confirmed at once, as with the
// Supabase CLI's local stack (enable_confirmations = false).
import { Hono, type Context } from 'hono';
import type pg from 'pg';
import { AuthError, authErrorResponse, authErrors, API_VERSION } from './errors';
import { DEFAULT_RATE_LIMITS, rateLimiter, type RateLimits } from './rate-limit';
import { passwordTooLong, validateEmail, validateMetadata, validatePassword } from './rules';
import { AuthStore, REFRESH_TOKEN_REUSE_SECONDS, userJson, type UserRow } from './store';
import { signAccessToken, verifyToken, type Claims, type TokenSettings } from './tokens';

type Body = Record<string, unknown>;

/** What Supabase Auth lets a project configure and the local stack mirrors (issue 27). */
export interface AuthOptions {
  /** Per client IP per 5 minutes; GoTrue's defaults (rate-limit.ts) where not given. */
  rateLimits?: Partial<RateLimits>;
  /** security.refresh_token_reuse_interval in seconds (GoTrue: 10). */
  refreshTokenReuseSeconds?: number;
}

/** GoTrue answers a body it cannot parse, or one that is not a JSON object, with 400 bad_json. */
async function readJson(c: Context): Promise<Body> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw authErrors.badJson();
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw authErrors.badJson();
  return body as Body;
}

export function authApp(db: pg.Pool, settings: TokenSettings, options: AuthOptions = {}): Hono {
  const store = new AuthStore(db, options.refreshTokenReuseSeconds ?? REFRESH_TOKEN_REUSE_SECONDS);
  const limit = rateLimiter({
    signInSignUps: options.rateLimits?.signInSignUps ?? DEFAULT_RATE_LIMITS.signInSignUps,
    tokenRefresh: options.rateLimits?.tokenRefresh ?? DEFAULT_RATE_LIMITS.tokenRefresh,
  });
  const app = new Hono();

  async function session(user: UserRow, sessionId: string, refreshToken: string) {
    const json = userJson(user);
    const { token, expiresAt } = await signAccessToken(settings, json, sessionId);
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: settings.expirySeconds,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: json,
    };
  }

  async function currentUser(c: Context): Promise<{ claims: Claims; user: UserRow }> {
    const claims = await verifyToken(settings, c.req.header('authorization'));
    if (claims.role !== 'authenticated' || !claims.sub) throw authErrors.badJwt('token has invalid claims');
    if (!(await store.sessionExists(claims.session_id))) throw authErrors.sessionNotFound();
    const user = await store.findById(claims.sub);
    if (!user) throw authErrors.userNotFound();
    return { claims, user };
  }

  async function requireServiceRole(c: Context): Promise<void> {
    const claims = await verifyToken(settings, c.req.header('authorization'));
    if (claims.role !== 'service_role') throw authErrors.notAdmin();
  }

  app.use('*', async (c, next) => {
    await next();
    c.header('x-supabase-api-version', API_VERSION);
  });

  app.onError((error, c) => {
    if (error instanceof AuthError) return authErrorResponse(c, error);
    console.error('[auth]', error);
    return c.json({ code: 500, error_code: 'unexpected_failure', msg: 'Unexpected failure' }, 500);
  });

  app.get('/health', (c) =>
    c.json({ version: 'local', name: 'GoTrue', description: 'Dermaga local Auth stand-in' }),
  );

  app.get('/settings', (c) =>
    c.json({ external: { email: true, phone: false }, disable_signup: false, mailer_autoconfirm: true }),
  );

  app.post('/signup', async (c) => {
    limit(c, 'signInSignUps');
    const body = await readJson(c);
    const email = validateEmail(body.email);
    const password = validatePassword(body.password);
    const userMetadata = validateMetadata(body.data, 'data');
    if (await store.findByEmail(email)) throw authErrors.userExists();
    let user: UserRow;
    try {
      user = await store.create({ email, password, userMetadata, confirmed: true });
    } catch (error) {
      if (error instanceof AuthError && error.code === 'email_exists') throw authErrors.userExists();
      throw error;
    }
    const { sessionId, refreshToken } = await store.startSession(user.id);
    return c.json(await session((await store.findById(user.id)) ?? user, sessionId, refreshToken));
  });

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type');
    // Limited before any work, as GoTrue's limitHandler does; other grants are refused below.
    if (grant === 'password') limit(c, 'signInSignUps');
    else if (grant === 'refresh_token') limit(c, 'tokenRefresh');
    const body = await readJson(c);
    if (grant === 'password') {
      if (typeof body.email !== 'string' || typeof body.password !== 'string')
        throw authErrors.invalidCredentials();
      // No stored password is longer (validatePassword); bcrypt would compare only its first 72 bytes.
      if (passwordTooLong(body.password)) throw authErrors.invalidCredentials();
      const user = await store.findByEmail(body.email.trim());
      if (!user || !(await store.checkPassword(user, body.password))) throw authErrors.invalidCredentials();
      const { sessionId, refreshToken } = await store.startSession(user.id);
      return c.json(await session((await store.findById(user.id)) ?? user, sessionId, refreshToken));
    }
    if (grant === 'refresh_token') {
      // Tokens are short printable ASCII (tokens.ts); anything else (a NUL crashed the lookup) is not one.
      if (typeof body.refresh_token !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(body.refresh_token))
        throw authErrors.refreshNotFound();
      const rotated = await store.rotate(body.refresh_token);
      const user = await store.findById(rotated.userId);
      if (!user) throw authErrors.userNotFound();
      return c.json(await session(user, rotated.sessionId, rotated.refreshToken));
    }
    throw authErrors.unsupportedGrant();
  });

  app.get('/user', async (c) => c.json(userJson((await currentUser(c)).user)));

  app.put('/user', async (c) => {
    const { user } = await currentUser(c);
    const body = await readJson(c);
    // secure_email_change (GoTrue's default) changes the address only once a link
    // mailed to both addresses is followed. This stack sends no mail, so a user
    // cannot change its own address; an admin does (update-user). Users and the
    // audit trail name people by e-mail.
    if (
      body.email !== undefined &&
      body.email !== null &&
      validateEmail(body.email) !== user.email.toLowerCase()
    )
      throw authErrors.emailChangeNotAllowed();
    // A new password costs a bcrypt hash (about 170 ms of this process's thread): counted with
    // the sign-ins, so one user cannot keep the thread busy with changes.
    if (body.password !== undefined) limit(c, 'signInSignUps');
    const updated = await store.update(user.id, {
      password: body.password === undefined ? undefined : validatePassword(body.password),
      userMetadata: validateMetadata(body.data, 'data'),
    });
    return c.json(userJson(updated));
  });

  app.post('/logout', async (c) => {
    const { claims, user } = await currentUser(c);
    await store.endSessions(user.id, claims.session_id, c.req.query('scope') ?? 'global');
    return c.body(null, 204);
  });

  // Admin API: the service role only (the user-management edge functions use it).
  app.use('/admin/*', async (c, next) => {
    await requireServiceRole(c);
    await next();
  });

  app.get('/admin/users', async (c) => {
    const page = Math.max(1, Number(c.req.query('page') ?? 1) || 1);
    const perPage = Math.min(1000, Math.max(1, Number(c.req.query('per_page') ?? 50) || 50));
    const users = await store.list(page, perPage);
    return c.json({ users: users.map(userJson), aud: 'authenticated' });
  });

  app.post('/admin/users', async (c) => {
    const body = await readJson(c);
    const user = await store.create({
      email: validateEmail(body.email),
      password: validatePassword(body.password),
      userMetadata: validateMetadata(body.user_metadata, 'user_metadata'),
      appMetadata: validateMetadata(body.app_metadata, 'app_metadata'),
      confirmed: body.email_confirm !== false,
    });
    return c.json(userJson(user));
  });

  app.get('/admin/users/:id', async (c) => {
    const user = await store.findById(c.req.param('id'));
    if (!user) throw authErrors.userNotFound();
    return c.json(userJson(user));
  });

  app.put('/admin/users/:id', async (c) => {
    const body = await readJson(c);
    if (!(await store.findById(c.req.param('id')))) throw authErrors.userNotFound();
    const user = await store.update(c.req.param('id'), {
      email: body.email === undefined ? undefined : validateEmail(body.email),
      password: body.password === undefined ? undefined : validatePassword(body.password),
      userMetadata: validateMetadata(body.user_metadata, 'user_metadata'),
      appMetadata: validateMetadata(body.app_metadata, 'app_metadata'),
    });
    return c.json(userJson(user));
  });

  app.delete('/admin/users/:id', async (c) => {
    if (!(await store.findById(c.req.param('id')))) throw authErrors.userNotFound();
    await store.remove(c.req.param('id'));
    return c.json({});
  });

  app.notFound((c) => authErrorResponse(c, authErrors.notFound()));
  return app;
}
