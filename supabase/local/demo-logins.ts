// The demo accounts on an address the network can reach (security audit, finding F1).
// supabase/seed.sql gives every demo user the password demo1234, which the README prints. On a
// loopback address that is fine: only this machine reaches the stack. On any other address
// (HOST=0.0.0.0 for a hub's tablets) anyone on the hub's Wi-Fi could sign in as admin with it,
// so there, as jwt-secret.ts never uses the public secret:
//   - right after the seed, in its transaction, every account the seed gave demo1234 gets a
//     random password, kept in DATA_DIR/demo-logins (mode 0600, "e-mail password" a line) and
//     reused if the seed runs again (a start killed before the seed committed, a new database
//     behind DATABASE_URL). Once that file exists, a seed on 127.0.0.1 uses it too, so it stays true;
//   - at every start, an account whose password is still demo1234 (a data directory first
//     started on 127.0.0.1) refuses the start, naming the accounts and the way out.
// Passwords are stored as Supabase Auth stores them: a bcrypt hash, written here by bcryptjs
// as the Auth stand-in's own updates do (auth/store.ts), checked by its bcrypt compare.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import pg from 'pg';

/** The demo users' password on 127.0.0.1 (supabase/seed.sql). */
export const DEMO_PASSWORD = 'demo1234';

/** The file in DATA_DIR that holds the demo accounts' generated passwords. */
export const DEMO_LOGINS_FILE = 'demo-logins';

/** 18 random bytes: 24 URL-safe characters (144 bits), within Auth's 72-byte limit. */
export function newDemoPassword(): string {
  return randomBytes(18).toString('base64url');
}

/** The file's "e-mail password" lines, by e-mail (lower-cased); '#' lines and blank lines are skipped. */
export function parseDemoLogins(text: string): Map<string, string> {
  const logins = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const [email, password] = trimmed.split(/\s+/);
    if (email && password) logins.set(email.toLowerCase(), password);
  }
  return logins;
}

export function formatDemoLogins(logins: ReadonlyMap<string, string>): string {
  return [
    '# Dermaga: the demo accounts of this data directory, with the passwords generated for them on its',
    '# first start on the network (HOST other than 127.0.0.1). Change them in Pengguna (Users).',
    ...[...logins].map(([email, password]) => `${email} ${password}`),
    '',
  ].join('\n');
}

/**
 * A password for each e-mail: the one DATA_DIR/demo-logins already holds, else a new one. The
 * file is (re)written only when a password was added, through a temporary file renamed into
 * place; it is kept private (0600) either way.
 */
export function demoLogins(
  dataDir: string,
  emails: readonly string[],
): { path: string; logins: Map<string, string> } {
  const path = join(dataDir, DEMO_LOGINS_FILE);
  let kept = new Map<string, string>();
  try {
    kept = parseDemoLogins(readFileSync(path, 'utf8'));
    chmodSync(path, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const logins = new Map(kept);
  for (const email of emails)
    if (!logins.has(email.toLowerCase())) logins.set(email.toLowerCase(), newDemoPassword());
  if (logins.size !== kept.size) {
    mkdirSync(dataDir, { recursive: true });
    const scratch = `${path}.${process.pid}.tmp`;
    writeFileSync(scratch, formatDemoLogins(logins), { mode: 0o600 });
    renameSync(scratch, path);
  }
  return { path, logins };
}

type Queryable = pg.Pool | pg.ClientBase;

/**
 * The e-mails of the live accounts whose password is `password`. pgcrypto's crypt() knows bcrypt
 * as $2a$ only (PostgreSQL 17); bcryptjs writes $2b$, the same algorithm for any password under
 * 72 bytes, so each hash is compared under the $2a$ prefix.
 */
export async function accountsWithPassword(db: Queryable, password: string): Promise<string[]> {
  const { rows } = await db.query<{ email: string }>(
    `select email from auth.users
      where deleted_at is null
        and length(encrypted_password) = 60
        and left(encrypted_password, 4) in ('$2a$', '$2b$', '$2x$', '$2y$')
        and extensions.crypt($1, '$2a$' || substr(encrypted_password, 5)) = '$2a$' || substr(encrypted_password, 5)
      order by email`,
    [password],
  );
  return rows.map((r) => r.email);
}

/**
 * Right after the seed, in its transaction: every account with the demo password gets the
 * password DATA_DIR/demo-logins holds for it (generated when it holds none). Returns the file.
 */
export async function replaceDemoPasswords(sql: Queryable, dataDir: string): Promise<string> {
  const emails = await accountsWithPassword(sql, DEMO_PASSWORD);
  const { path, logins } = demoLogins(dataDir, emails);
  for (const email of emails) {
    // Auth's own cost (auth/store.ts); the stand-in compares it with bcrypt.
    const hash = await bcrypt.hash(logins.get(email.toLowerCase())!, 10);
    await sql.query('update auth.users set encrypted_password = $2, updated_at = now() where email = $1', [
      email,
      hash,
    ]);
  }
  return path;
}

/** Accounts that still have the demo password on an address the network can reach. */
export class DemoPasswordError extends Error {
  constructor(
    readonly accounts: string[],
    where: { host: string; dataDir?: string },
  ) {
    super(
      [
        `The stack listens on ${where.host}, where anyone on the network can reach it, and ${
          accounts.length === 1 ? 'this account still has' : `these ${accounts.length} accounts still have`
        } the demo password ${DEMO_PASSWORD} printed in the README: ${accounts.join(', ')}. It does not start.`,
        'Either start it on 127.0.0.1 (HOST unset), sign in as an admin and give each of them a new password ' +
          `in Pengguna (Users), then start it on ${where.host} again;`,
        where.dataDir
          ? `or, if ${where.dataDir} holds only the demo's data, stop and delete it: on its first start on the ` +
            `network every demo account gets a random password, kept in ${join(where.dataDir, DEMO_LOGINS_FILE)}.`
          : "or, if the database holds only the demo's data, drop it (or point DATABASE_URL at a new one): on " +
            'its first start on the network every demo account gets a random password, kept in DATA_DIR/demo-logins.',
      ].join('\n'),
    );
  }
}

/**
 * At every start on a non-loopback address: refuses while any account has the demo password. On a
 * connection of its own, ended before it answers: a refused start stops the database at once.
 */
export async function refuseDemoPasswords(
  ownerUrl: string,
  where: { host: string; dataDir?: string },
): Promise<void> {
  const sql = new pg.Client({ connectionString: ownerUrl });
  await sql.connect();
  let accounts: string[];
  try {
    accounts = await accountsWithPassword(sql, DEMO_PASSWORD);
  } finally {
    await sql.end();
  }
  if (accounts.length > 0) throw new DemoPasswordError(accounts, where);
}
