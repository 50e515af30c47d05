// auth.users, auth.identities, auth.sessions and auth.refresh_tokens, kept in
// Postgres as hosted Supabase Auth keeps them.
import bcrypt from 'bcryptjs';
import type pg from 'pg';
import { authErrors } from './errors';
import { newRefreshToken } from './tokens';

export interface UserRow {
  id: string;
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
}

const USER_COLUMNS = `id, email, encrypted_password, email_confirmed_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at`;

/** Supabase Auth's default refresh-token reuse interval (security.refresh_token_reuse_interval). */
export const REFRESH_TOKEN_REUSE_SECONDS = 10;

/** The user object GoTrue returns. */
export function userJson(row: UserRow) {
  return {
    id: row.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: row.email,
    email_confirmed_at: row.email_confirmed_at?.toISOString() ?? null,
    phone: '',
    confirmed_at: row.email_confirmed_at?.toISOString() ?? null,
    last_sign_in_at: row.last_sign_in_at?.toISOString() ?? null,
    app_metadata: { provider: 'email', providers: ['email'], ...(row.raw_app_meta_data ?? {}) },
    user_metadata: row.raw_user_meta_data ?? {},
    identities: [],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    is_anonymous: false,
  };
}

export type UserJson = ReturnType<typeof userJson>;

/**
 * A write the database refused for what it holds is the caller's mistake: a
 * clear 4xx, not a 500. 23505: the e-mail is taken. 23514: a rule of the
 * profiles (e.g. a hub user needs a hub) refused the change it implies.
 * 22P05/22021: text Postgres cannot store.
 */
function refusal(error: unknown): unknown {
  const { code, message } = error as { code?: string; message?: string };
  if (code === '23505') return authErrors.emailExists();
  if (code === '23514') return authErrors.refusedByRule(message ?? 'check violation');
  if (code === '22P05' || code === '22021') return authErrors.metadataInvalid('text that cannot be stored');
  return error;
}

export class AuthStore {
  constructor(
    private readonly db: pg.Pool,
    /** security.refresh_token_reuse_interval (seconds). */
    private readonly reuseSeconds = REFRESH_TOKEN_REUSE_SECONDS,
  ) {}

  async findByEmail(email: string): Promise<UserRow | undefined> {
    // No stored address holds a NUL (Postgres text cannot) or exceeds the column.
    if (email.includes('\u0000') || email.length > 255) return undefined;
    const { rows } = await this.db.query<UserRow>(
      `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and deleted_at is null`,
      [email],
    );
    return rows[0];
  }

  async findById(id: string): Promise<UserRow | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    const { rows } = await this.db.query<UserRow>(
      `select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`,
      [id],
    );
    return rows[0];
  }

  async list(page: number, perPage: number): Promise<UserRow[]> {
    const { rows } = await this.db.query<UserRow>(
      `select ${USER_COLUMNS} from auth.users where deleted_at is null order by created_at limit $1 offset $2`,
      [perPage, (page - 1) * perPage],
    );
    return rows;
  }

  /** Creates a user and its e-mail identity; the profile trigger of the migrations runs here. */
  async create(input: {
    email: string;
    password: string;
    userMetadata?: Record<string, unknown>;
    appMetadata?: Record<string, unknown>;
    confirmed: boolean;
  }): Promise<UserRow> {
    const hash = await bcrypt.hash(input.password, 10);
    const client = await this.db.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<UserRow>(
        `insert into auth.users (instance_id, email, encrypted_password, email_confirmed_at,
            raw_app_meta_data, raw_user_meta_data)
         values ('00000000-0000-0000-0000-000000000000', $1, $2, case when $3 then now() end, $4, $5)
         returning ${USER_COLUMNS}`,
        [
          input.email,
          hash,
          input.confirmed,
          { provider: 'email', providers: ['email'], ...(input.appMetadata ?? {}) },
          input.userMetadata ?? {},
        ],
      );
      const user = rows[0]!;
      await client.query(
        `insert into auth.identities (provider_id, user_id, identity_data, provider)
         values ($1, $2, $3, 'email')`,
        [user.id, user.id, { sub: user.id, email: user.email, email_verified: input.confirmed }],
      );
      await client.query('commit');
      // Re-read: triggers in the migrations may have updated app metadata.
      return (await this.findById(user.id)) ?? user;
    } catch (error) {
      await client.query('rollback');
      throw refusal(error);
    } finally {
      client.release();
    }
  }

  async update(
    id: string,
    changes: {
      email?: string;
      password?: string;
      userMetadata?: Record<string, unknown>;
      appMetadata?: Record<string, unknown>;
    },
  ): Promise<UserRow> {
    const hash = changes.password ? await bcrypt.hash(changes.password, 10) : null;
    try {
      const { rows } = await this.db.query<UserRow>(
        `update auth.users set
           email = coalesce($2, email),
           encrypted_password = coalesce($3, encrypted_password),
           raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || coalesce($4::jsonb, '{}'::jsonb),
           raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || coalesce($5::jsonb, '{}'::jsonb),
           updated_at = now()
         where id = $1 and deleted_at is null
         returning ${USER_COLUMNS}`,
        [id, changes.email ?? null, hash, changes.userMetadata ?? null, changes.appMetadata ?? null],
      );
      if (!rows[0]) throw authErrors.userNotFound();
      return rows[0];
    } catch (error) {
      throw refusal(error);
    }
  }

  async remove(id: string): Promise<void> {
    const { rowCount } = await this.db.query('delete from auth.users where id = $1', [id]);
    if (!rowCount) throw authErrors.userNotFound();
  }

  async checkPassword(user: UserRow, password: string): Promise<boolean> {
    if (!user.encrypted_password) return false;
    return bcrypt.compare(password, user.encrypted_password);
  }

  async startSession(userId: string): Promise<{ sessionId: string; refreshToken: string }> {
    const refreshToken = newRefreshToken();
    const { rows } = await this.db.query<{ session_id: string }>(
      `with s as (insert into auth.sessions (user_id) values ($1) returning id),
            t as (insert into auth.refresh_tokens (token, user_id, session_id)
                  select $2, $1, id from s)
       select id as session_id from s`,
      [userId, refreshToken],
    );
    await this.db.query('update auth.users set last_sign_in_at = now() where id = $1', [userId]);
    return { sessionId: rows[0]!.session_id, refreshToken };
  }

  /** Rotates a refresh token: the old one is revoked, a child is issued in the same session. */
  async rotate(token: string): Promise<{ userId: string; sessionId: string; refreshToken: string }> {
    const client = await this.db.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<{ user_id: string; session_id: string; revoked: boolean }>(
        'select user_id, session_id, revoked from auth.refresh_tokens where token = $1 for update',
        [token],
      );
      const row = rows[0];
      if (!row) throw authErrors.refreshNotFound();
      if (row.revoked) {
        const again = await this.reissue(client, token, row.session_id);
        if (!again) {
          // Reuse detection, as GoTrue's RevokeTokenFamily: a revoked token used
          // outside the reuse interval revokes every token of its session, so
          // whoever holds the newest one (a thief, or the owner) must sign in again.
          await client.query(
            'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked',
            [row.session_id],
          );
          await client.query('commit');
          throw authErrors.refreshUsed();
        }
        await client.query('commit');
        return { userId: row.user_id, sessionId: row.session_id, refreshToken: again };
      }
      const refreshToken = newRefreshToken();
      await client.query(
        'update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1',
        [token],
      );
      await client.query(
        'insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)',
        [refreshToken, row.user_id, row.session_id, token],
      );
      await client.query('update auth.sessions set updated_at = now() where id = $1', [row.session_id]);
      await client.query('commit');
      return { userId: row.user_id, sessionId: row.session_id, refreshToken };
    } catch (error) {
      // After a commit (reuse detected) this rollback is a harmless no-op warning.
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * A revoked token used again, as Supabase Auth allows it: when it is the
   * parent of the session's active token (the client never received the
   * answer that rotated it: a response lost on a flaky network), or within
   * the reuse interval of its revocation, the session's active token is
   * answered again instead of a new one. Otherwise null: it is refused and its
   * session revoked (rotate).
   */
  private async reissue(client: pg.PoolClient, token: string, sessionId: string): Promise<string | null> {
    const { rows } = await client.query<{ token: string; parent: string | null; recent: boolean }>(
      `select a.token, a.parent,
              (select r.updated_at > now() - make_interval(secs => $3) from auth.refresh_tokens r where r.token = $2) as recent
         from auth.refresh_tokens a
        where a.session_id = $1 and not a.revoked
        order by a.id desc limit 1`,
      [sessionId, token, this.reuseSeconds],
    );
    const active = rows[0];
    if (active && (active.parent === token || active.recent)) return active.token;
    return null;
  }

  async sessionExists(sessionId: string | undefined): Promise<boolean> {
    if (!sessionId) return false;
    const { rowCount } = await this.db.query('select 1 from auth.sessions where id = $1', [sessionId]);
    return (rowCount ?? 0) > 0;
  }

  /** scope: local ends this session, global every session of the user, others all but this one. */
  async endSessions(userId: string, sessionId: string | undefined, scope: string): Promise<void> {
    if (scope === 'local') await this.db.query('delete from auth.sessions where id = $1', [sessionId]);
    else if (scope === 'others')
      await this.db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
    else await this.db.query('delete from auth.sessions where user_id = $1', [userId]);
  }
}
