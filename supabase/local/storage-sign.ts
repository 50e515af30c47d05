// Signed URLs of Storage (issue 40: the documents' bucket is private), as hosted Storage
// answers them: POST /object/sign/:bucket/:path {expiresIn} gives {signedURL}, POST
// /object/sign/:bucket {expiresIn, paths} one per path, GET /object/sign/:bucket/:path?token=
// serves the object. Whoever may read the object (its select policy, asked as the caller)
// gets a token: a JWT signed with the stack's secret naming `<bucket>/<path>` and its expiry;
// the token alone then reads that one object until it expires. expiresIn is at most 7 days
// (MAX_SIGNED_URL_SECONDS; security audit F12): hosted Storage has no cap, but here a link that
// leaked from a hub's tablet would otherwise open its file for as long as its maker asked. The app
// asks 300 s (src/lib/documents/stored-file.ts).
import type { Context, Hono } from 'hono';
import { jwtVerify, SignJWT } from 'jose';
import type pg from 'pg';
import type { Bucket, Caller } from './storage';
import { StorageError, storageErrors } from './storage-errors';

/** The longest a signed URL opens its object: 7 days. */
export const MAX_SIGNED_URL_SECONDS = 7 * 24 * 3600;

export interface SignDeps {
  db: pg.Pool;
  secret: Uint8Array;
  caller: (c: Context) => Promise<Caller>;
  asCaller: <T>(who: Caller, work: (sql: pg.PoolClient) => Promise<T>) => Promise<T>;
  bucket: (id: string) => Promise<Bucket>;
  serve: (c: Context, bucketId: string, name: string, mime: string | undefined) => Promise<Response>;
  checkedKey: (name: string) => string;
}

export function signedUrlRoutes(app: Hono, deps: SignDeps): void {
  const { db, secret, caller, asCaller, bucket, serve, checkedKey } = deps;
  const notFound = storageErrors.notFound;

  async function readable(who: Caller, bucketId: string, names: string[]): Promise<Set<string>> {
    const rows = await asCaller(
      who,
      async (sql) =>
        (
          await sql.query<{ name: string }>(
            'select name from storage.objects where bucket_id = $1 and name = any($2)',
            [bucketId, names],
          )
        ).rows,
    );
    return new Set(rows.map((r) => r.name));
  }

  function expiresIn(body: { expiresIn?: unknown }): number {
    const seconds = Number(body.expiresIn);
    if (!Number.isFinite(seconds)) throw storageErrors.invalidRequest('body/expiresIn must be a number');
    // Refused, not shortened: the caller learns its link would not last as long as it asked.
    // Worded as hosted Storage words its body checks (ajv: "body/<field> must be ...").
    if (seconds > MAX_SIGNED_URL_SECONDS)
      throw storageErrors.invalidRequest(`body/expiresIn must be <= ${MAX_SIGNED_URL_SECONDS}`);
    return Math.trunc(seconds);
  }

  async function signedPath(bucketId: string, name: string, seconds: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ url: `${bucketId}/${name}` })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + seconds)
      .sign(secret);
    return `/object/sign/${bucketId}/${name}?token=${token}`;
  }

  app.post('/object/sign/:bucket/:path{[\\s\\S]+}', async (c) => {
    const bucketId = c.req.param('bucket');
    const name = checkedKey(c.req.param('path'));
    const who = await caller(c);
    const seconds = expiresIn(await c.req.json().catch(() => ({})));
    await bucket(bucketId);
    if (!(await readable(who, bucketId, [name])).has(name)) throw notFound();
    return c.json({ signedURL: await signedPath(bucketId, name, seconds) });
  });

  app.post('/object/sign/:bucket', async (c) => {
    const bucketId = c.req.param('bucket');
    const who = await caller(c);
    const body = (await c.req.json().catch(() => ({}))) as { expiresIn?: unknown; paths?: unknown };
    const seconds = expiresIn(body);
    const paths = Array.isArray(body.paths)
      ? body.paths.filter((p): p is string => typeof p === 'string')
      : [];
    if (paths.length === 0 || paths.length > 1000)
      throw storageErrors.invalidRequest('body/paths must hold 1 to 1000 paths');
    await bucket(bucketId);
    const ok = await readable(who, bucketId, paths.map(checkedKey));
    return c.json(
      await Promise.all(
        paths.map(async (path) =>
          ok.has(path)
            ? { error: null, path, signedURL: await signedPath(bucketId, path, seconds) }
            : {
                error: 'Either the object does not exist or you do not have access to it',
                path,
                signedURL: null,
              },
        ),
      ),
    );
  });

  app.get('/object/sign/:bucket/:path{[\\s\\S]+}', async (c) => {
    const bucketId = c.req.param('bucket');
    const name = checkedKey(c.req.param('path'));
    const token = c.req.query('token');
    if (!token) throw new StorageError(400, 'InvalidSignature', 'Missing token');
    let url: unknown;
    try {
      ({
        payload: { url },
      } = await jwtVerify(token, secret, { algorithms: ['HS256'] }));
    } catch (error) {
      const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED';
      throw new StorageError(400, 'InvalidJWT', expired ? 'jwt expired' : 'invalid signature');
    }
    if (url !== `${bucketId}/${name}`)
      throw new StorageError(400, 'InvalidSignature', 'The url do not match the signature');
    // The token is the right to read: the row is looked up as the stack, not as a caller.
    const { rows } = await db.query<{ metadata: { mimetype?: string } }>(
      'select metadata from storage.objects where bucket_id = $1 and name = $2',
      [bucketId, name],
    );
    if (!rows[0]) throw notFound();
    return serve(c, bucketId, name, rows[0].metadata?.mimetype);
  });
}
