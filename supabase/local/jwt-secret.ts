// Which secret signs and verifies the stack's tokens (issue 27, finding 1).
// On a loopback address the Supabase CLI's public default is fine (only this
// machine can reach the stack, and the app can be built against its anon key
// ahead of time). On any other address (HOST=0.0.0.0 for a hub's tablets)
// anyone on the network could mint a service-role token with that public
// secret, so there the stack never uses it: JWT_SECRET if set, else a strong
// random secret generated once and kept in DATA_DIR (mode 0600), reused on the
// next start. Rotation: README.md, "Environment variables".
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_JWT_SECRET } from './keys';

/** The file in DATA_DIR that holds a generated secret. */
export const JWT_SECRET_FILE = 'jwt-secret';

export interface ResolvedJwtSecret {
  secret: string;
  /** 'env': given (JWT_SECRET); 'default': the public local secret (loopback only); 'file': generated or read from DATA_DIR. */
  source: 'env' | 'default' | 'file';
  /** Where a generated secret is kept ('file' only). */
  path?: string;
  /** Whether it was generated on this start ('file' only). */
  generated?: boolean;
}

/** Whether only this machine can reach an address the stack listens on. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
}

export class PublicSecretError extends Error {}

function checked(secret: string, where: string): string {
  if (secret === DEFAULT_JWT_SECRET) {
    throw new PublicSecretError(
      `${where} is the Supabase CLI's public default secret: anyone could sign tokens with it. ` +
        'On an address other than 127.0.0.1 choose another JWT_SECRET (at least 32 characters), or unset it ' +
        'and the stack generates one in DATA_DIR.',
    );
  }
  if (secret.length < 32) throw new PublicSecretError(`${where} is shorter than 32 characters.`);
  return secret;
}

export function resolveJwtSecret(opts: {
  host: string;
  dataDir: string;
  jwtSecret?: string;
}): ResolvedJwtSecret {
  const lan = !isLoopbackHost(opts.host);
  if (opts.jwtSecret) {
    return { secret: lan ? checked(opts.jwtSecret, 'JWT_SECRET') : opts.jwtSecret, source: 'env' };
  }
  if (!lan) return { secret: DEFAULT_JWT_SECRET, source: 'default' };

  const path = join(opts.dataDir, JWT_SECRET_FILE);
  let existing: string | undefined;
  try {
    existing = readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (existing !== undefined) {
    // Kept private even if it was copied in with looser permissions.
    chmodSync(path, 0o600);
    return { secret: checked(existing, path), source: 'file', path, generated: false };
  }
  mkdirSync(opts.dataDir, { recursive: true });
  // 48 random bytes, 64 characters: far beyond guessing, and what HS256 wants (>= 32 bytes).
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx': never overwrite a secret another start wrote a moment ago; read that one instead.
    writeFileSync(path, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return resolveJwtSecret(opts);
    throw error;
  }
  return { secret, source: 'file', path, generated: true };
}
