// Who may join a Realtime channel (issue 44), decided as hosted Supabase Realtime decides a
// private channel's join: by the select policies on realtime.messages, evaluated as the
// joining user (its role and JWT claims, realtime.topic() set to the topic) in a transaction
// that writes a probe message and reads it back, then rolls back. The policy itself is the
// migration's (supabase/schemas/functions/realtime_pokes.sql): the same text decides here and on hosted.
import { jwtVerify, type JWTPayload } from 'jose';
import type pg from 'pg';

/** The roles a token may act as here; anything else (a forged role) is refused. */
const ROLES = new Set(['anon', 'authenticated', 'service_role']);

export interface Claims extends JWTPayload {
  role?: string;
}

/** A token's claims when it is signed with the stack's secret and not expired; else null. */
export async function verifyToken(token: string | undefined, secret: Uint8Array): Promise<Claims | null> {
  if (!token || token.length > 8192) return null;
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    const claims = payload as Claims;
    return claims.role && ROLES.has(claims.role) ? claims : null;
  } catch {
    return null;
  }
}

/**
 * True when the user of these claims may read broadcasts on the topic (the topic without
 * the client's "realtime:" prefix), by realtime.messages' select policies.
 */
export async function mayJoin(pool: pg.Pool, claims: Claims, topic: string): Promise<boolean> {
  const role = claims.role;
  if (!role || !ROLES.has(role)) return false;
  const client = await pool.connect();
  try {
    await client.query('begin');
    // As hosted's Realtime: a message on the topic, written by the service, read back as the user.
    const probe = await client.query<{ id: string }>(
      `insert into realtime.messages (topic, extension, event, payload, private)
       values ($1, 'broadcast', 'join', '{}'::jsonb, true) returning id`,
      [topic],
    );
    await client.query(`set local role ${role === 'service_role' ? 'service_role' : role}`);
    await client.query(
      `select set_config('request.jwt.claims', $1, true), set_config('realtime.topic', $2, true),
              set_config('statement_timeout', '3s', true)`,
      [JSON.stringify(claims), topic],
    );
    const seen = await client.query('select 1 from realtime.messages where id = $1', [probe.rows[0]!.id]);
    return seen.rowCount === 1;
  } catch {
    return false;
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
}
