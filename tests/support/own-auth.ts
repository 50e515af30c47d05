// Requests as an attacker sends them (fetch, no supabase-js smoothing) and an Auth
// of its own with the limits a test chooses, on the shared stack's database: the shared
// stack raises Auth's rate limits for the suite's own sign-ins (global-setup.ts).
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import pg from 'pg';
import { authApp, type AuthOptions } from '../../supabase/local/auth/app';
import { stack } from './clients';

export interface Answer {
  status: number;
  code?: string;
  msg?: string;
  body: Record<string, unknown>;
}

export async function send(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      apikey: stack().anonKey,
      authorization: `Bearer ${token ?? stack().anonKey}`,
      'content-type': 'application/json',
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: res.status, code: json.error_code as string, msg: json.msg as string, body: json };
}


/** An Auth of its own on the shared database, served over real HTTP (the peer is 127.0.0.1). */
export async function ownAuth(options: AuthOptions) {
  const pool = new pg.Pool({ connectionString: stack().dbUrl, max: 2 });
  const settings = {
    secret: new TextEncoder().encode(stack().jwtSecret),
    issuer: 'test',
    expirySeconds: 3600,
  };
  const app = authApp(pool, settings, options);
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    app,
    call: (method: string, path: string, body?: unknown, token?: string, headers?: Record<string, string>) =>
      send(base, method, path, body, token, headers),
    close: async () => {
      await new Promise((r) => server.close(r));
      await pool.end();
    },
  };
}

