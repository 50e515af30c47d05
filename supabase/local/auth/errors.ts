// Errors in the shape Supabase Auth (GoTrue) gives them, so supabase-js maps
// them to the same AuthApiError codes and messages as against hosted Supabase.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const API_VERSION = '2024-01-01';

export class AuthError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const authErrors = {
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  weakPassword: () =>
    new AuthError(422, 'weak_password', 'Password should be at least 6 characters.', {
      weak_password: { reasons: ['length'] },
    }),
  userExists: () => new AuthError(422, 'user_already_exists', 'User already registered'),
  emailExists: () =>
    new AuthError(422, 'email_exists', 'A user with this email address has already been registered'),
  invalidEmail: () =>
    new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format'),
  // GoTrue's checkPasswordStrength: bcrypt reads 72 bytes, a longer password is refused, never cut.
  passwordTooLong: () =>
    new AuthError(400, 'validation_failed', 'Password cannot be longer than 72 characters'),
  metadataInvalid: (detail: string) =>
    new AuthError(400, 'validation_failed', `Invalid user metadata: ${detail}`),
  // GoTrue's limitHandler: 429 over_request_rate_limit, per client IP (token bucket).
  rateLimited: () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  // secure_email_change needs a confirmation e-mail to both addresses; the local stack sends none.
  emailChangeNotAllowed: () =>
    new AuthError(
      403,
      'email_change_not_allowed',
      'Email change needs confirmation by e-mail, which this server cannot send: an admin changes the address (update-user)',
    ),
  refusedByRule: (detail: string) => new AuthError(422, 'validation_failed', detail),
  badJson: () => new AuthError(400, 'bad_json', 'Could not parse request body as JSON'),
  missingPassword: () => new AuthError(422, 'validation_failed', 'Signup requires a valid password'),
  noAuthorization: () =>
    new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (reason: string) =>
    new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`),
  sessionNotFound: () =>
    new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  notAdmin: () => new AuthError(403, 'not_admin', 'User not allowed'),
  userNotFound: () => new AuthError(404, 'user_not_found', 'User not found'),
  refreshNotFound: () =>
    new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshUsed: () => new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  unsupportedGrant: () => new AuthError(400, 'validation_failed', 'unsupported_grant_type'),
  notFound: () => new AuthError(404, 'not_found', 'Not found'),
};

/** The 2024-01-01 API answers {code, msg}; older clients get {code: status, error_code, msg}. */
export function authErrorResponse(c: Context, error: AuthError) {
  c.header('x-supabase-api-version', API_VERSION);
  const versioned = (c.req.header('x-supabase-api-version') ?? '') >= API_VERSION;
  const body = versioned
    ? { code: error.code, msg: error.message, ...error.extra }
    : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  return c.json(body, error.status);
}
