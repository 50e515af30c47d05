// The part of Supabase Storage's HTTP API that @supabase/supabase-js uses,
// served at /storage/v1. Object rows live in storage.objects and are written
// as the caller's role, so the storage policies in supabase/migrations decide
// who may write, exactly as on hosted Supabase; bytes live on disk.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { jwtVerify } from 'jose';
import type pg from 'pg';
import { INLINE_TYPES } from './content-sniff';
import { StorageError, storageErrors } from './storage-errors';
import { signedUrlRoutes } from './storage-sign';
import { mimeAllowed, receiveUpload } from './storage-receive';

/** Hosted Storage's default global file size limit (50 MB); each bucket may set a smaller one. */
export const DEFAULT_MAX_FILE_BYTES = 50 * 1024 * 1024;

const notFound = storageErrors.notFound;

/**
 * Object names as hosted Storage takes them: no control characters (a NUL
 * cannot even be stored) and at most 1,024 characters; else 400 Invalid key.
 */
export function checkedKey(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  if (name.length === 0 || name.length > 1024 || /[\u0000-\u001f\u007f]/.test(name)) {
    throw new StorageError(400, 'InvalidKey', `Invalid key: ${JSON.stringify(name).slice(1, 80)}`);
  }
  return name;
}
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export interface Bucket {
  id: string;
  public: boolean;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
}

export interface Caller {
  role: string;
  claims: Record<string, unknown>;
}

/** How long, and how much, a refused upload may go on sending before its connection is closed. */
const LINGER_MS = 1000;
const LINGER_BYTES = 16 * 1024 * 1024;

/**
 * Closes the connection of a refused upload once the answer is out, after discarding what
 * is in flight for at most LINGER_MS or LINGER_BYTES (as a web server's lingering close):
 * a client still sending when its socket is reset sees a network error instead of the
 * answer (supabase-js would report a failed fetch, and the app's upload queue retry it).
 */
function lingerThenClose(c: Context) {
  const env = c.env as { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined;
  const { incoming, outgoing } = env ?? {};
  if (!incoming || !outgoing) return;
  outgoing.once('finish', () => {
    // Node discards the unread body itself (no 'data' events): the socket's byte count tells.
    const socket = incoming.socket;
    if (incoming.complete || !socket || socket.destroyed) return;
    const start = socket.bytesRead;
    const began = Date.now();
    const watch = setInterval(() => {
      if (incoming.complete || socket.destroyed) return clearInterval(watch);
      if (socket.bytesRead - start > LINGER_BYTES || Date.now() - began > LINGER_MS) {
        clearInterval(watch);
        socket.destroy();
      }
    }, 10);
    watch.unref();
  });
}

export function storageApp(
  db: pg.Pool,
  opts: { jwtSecret: string; dataDir: string; maxFileBytes?: number },
): Hono {
  const maxFileBytes = opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const secret = new TextEncoder().encode(opts.jwtSecret);
  const filesDir = join(opts.dataDir, 'storage');
  mkdirSync(filesDir, { recursive: true });
  const app = new Hono();

  const filePath = (bucket: string, name: string) =>
    join(filesDir, createHash('sha256').update(`${bucket}/${name}`).digest('hex'));

  async function caller(c: Context): Promise<Caller> {
    const token = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? c.req.header('apikey');
    if (!token) return { role: 'anon', claims: { role: 'anon' } };
    try {
      const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
      const role = typeof payload.role === 'string' && API_ROLES.has(payload.role) ? payload.role : 'anon';
      return { role, claims: payload as Record<string, unknown> };
    } catch (error) {
      const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED';
      throw new StorageError(403, 'Unauthorized', expired ? 'jwt expired' : 'invalid signature');
    }
  }

  /** Runs work in a transaction as the caller's role with its JWT claims, so RLS applies. */
  async function asCaller<T>(who: Caller, work: (sql: pg.PoolClient) => Promise<T>): Promise<T> {
    const sql = await db.connect();
    try {
      await sql.query('begin');
      await sql.query(`set local role ${who.role}`);
      await sql.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(who.claims)]);
      const result = await work(sql);
      await sql.query('commit');
      return result;
    } catch (error) {
      await sql.query('rollback');
      const { code, message } = error as { code?: string; message?: string };
      // As hosted Storage (DBError.fromDBError): a policy's own 42501 keeps its message (the cap
      // on unattached document files, document_file_room), RLS's refusal says so.
      if (code === '42501')
        throw new StorageError(
          403,
          'Unauthorized',
          message && !message.includes('row-level security')
            ? message
            : 'new row violates row-level security policy',
        );
      if (code === '23505') throw new StorageError(409, 'Duplicate', 'The resource already exists');
      throw error;
    } finally {
      sql.release();
    }
  }

  async function bucket(id: string): Promise<Bucket> {
    const { rows } = await db.query<Bucket>(
      'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [id],
    );
    if (!rows[0]) throw new StorageError(404, 'Bucket not found', 'Bucket not found');
    return rows[0];
  }

  /**
   * Whether the caller may write this object, asked before any of the body is read (as hosted
   * Storage's canUpload does): the row is inserted as the caller, so RLS decides, then rolled back.
   */
  async function testPermission(who: Caller, bucketId: string, name: string, upsert: boolean) {
    await asCaller(who, async (sql) => {
      await sql.query('savepoint permission');
      await insertObject(sql, who, bucketId, name, {}, upsert);
      await sql.query('rollback to savepoint permission');
    });
  }

  function insertObject(
    sql: pg.PoolClient,
    who: Caller,
    bucketId: string,
    name: string,
    metadata: Record<string, unknown>,
    upsert: boolean,
  ) {
    const owner = who.role === 'authenticated' ? (who.claims.sub as string) : null;
    return sql.query<{ id: string }>(
      `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
       values ($1, $2, $3::uuid, $3, $4)
       ${upsert ? 'on conflict (bucket_id, name) do update set metadata = excluded.metadata, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now()' : ''}
       returning id`,
      [bucketId, name, owner, metadata],
    );
  }

  async function upload(c: Context, upsert: boolean) {
    const bucketId = c.req.param('bucket')!;
    const name = checkedKey(c.req.param('path')!);
    // Who, which bucket, what size and type it says, and whether it may write: all before the body.
    const who = await caller(c);
    const target = await bucket(bucketId);
    const limit = Math.min(target.file_size_limit ? Number(target.file_size_limit) : Infinity, maxFileBytes);
    const type = c.req.header('content-type') ?? 'application/octet-stream';
    // A form's boundaries and fields take a little more than its file.
    const overhead = type.startsWith('multipart/form-data') ? 64 * 1024 : 0;
    if (Number(c.req.header('content-length') ?? 0) > limit + overhead) throw storageErrors.tooLarge();
    const checkMime = (mime: string) => {
      if (!mimeAllowed(mime, target.allowed_mime_types)) throw storageErrors.invalidMime(mime);
    };
    if (!type.startsWith('multipart/form-data')) checkMime(type.split(';')[0]!.trim());
    await testPermission(who, bucketId, name, upsert);

    const tmp = `${filePath(bucketId, name)}.${randomUUID()}.tmp`;
    const received = await receiveUpload(c.req.raw, { tmpPath: tmp, limit, checkMime });
    const metadata = {
      size: received.size,
      mimetype: received.mime,
      cacheControl: received.cacheControl,
      eTag: received.eTag,
      // Issue 40: what attach_document seals is what was measured here, never the device's claim.
      sha256: received.sha256,
    };
    try {
      const id = await asCaller(who, async (sql) => {
        const { rows } = await insertObject(sql, who, bucketId, name, metadata, upsert);
        // Bytes take their place before the row commits: a committed row always has its file.
        await rename(tmp, filePath(bucketId, name));
        return rows[0]!.id;
      });
      return c.json({ Id: id, Key: `${bucketId}/${name}` });
    } finally {
      await rm(tmp, { force: true });
    }
  }

  /**
   * Serves a stored object as data, never as a page of the app's origin (issue 27, finding 8):
   * no sniffing, no scripts, no plugins, no frames, and a download unless it is a plain image.
   */
  async function serve(c: Context, bucketId: string, name: string, mime: string | undefined) {
    const path = filePath(bucketId, name);
    const size = await stat(path).then(
      (s) => s.size,
      () => undefined,
    );
    if (size === undefined) throw notFound();
    const type = mime ?? 'application/octet-stream';
    const base = name.split('/').pop() ?? 'file';
    return c.body(Readable.toWeb(createReadStream(path)) as ReadableStream, 200, {
      'content-type': type,
      'content-length': String(size),
      'cache-control': 'max-age=3600',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      ...(INLINE_TYPES.has(type.toLowerCase())
        ? {}
        : { 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(base)}` }),
    });
  }

  app.onError((error, c) => {
    if (error instanceof StorageError) {
      // A refused upload's body may still be arriving: it is never read into memory, and
      // the connection closes soon after the answer (lingerThenClose).
      if (c.req.method === 'POST' || c.req.method === 'PUT') lingerThenClose(c);
      return c.json(
        { statusCode: String(error.status), error: error.error, message: error.message },
        error.status,
      );
    }
    console.error('[storage]', error);
    return c.json({ statusCode: '500', error: 'internal', message: 'Internal Server Error' }, 500);
  });

  // Before the routes of /object/:bucket/..., which would take "sign" for a bucket.
  signedUrlRoutes(app, { db, secret, caller, asCaller, bucket, serve, checkedKey });

  app.post('/object/:bucket/:path{[\\s\\S]+}', (c) => upload(c, c.req.header('x-upsert') === 'true'));
  app.put('/object/:bucket/:path{[\\s\\S]+}', (c) => upload(c, true));

  app.get('/object/public/:bucket/:path{[\\s\\S]+}', async (c) => {
    const bucketId = c.req.param('bucket');
    const name = checkedKey(c.req.param('path'));
    if (!(await bucket(bucketId)).public) throw notFound();
    const { rows } = await db.query<{ metadata: { mimetype?: string } }>(
      'select metadata from storage.objects where bucket_id = $1 and name = $2',
      [bucketId, name],
    );
    if (!rows[0]) throw notFound();
    return serve(c, bucketId, name, rows[0].metadata?.mimetype);
  });

  async function authenticatedDownload(c: Context) {
    const bucketId = c.req.param('bucket')!;
    const name = checkedKey(c.req.param('path')!);
    const who = await caller(c);
    const rows = await asCaller(
      who,
      async (sql) =>
        (
          await sql.query<{ metadata: { mimetype?: string } }>(
            'select metadata from storage.objects where bucket_id = $1 and name = $2',
            [bucketId, name],
          )
        ).rows,
    );
    if (!rows[0]) throw notFound();
    return serve(c, bucketId, name, rows[0].metadata?.mimetype);
  }
  app.get('/object/authenticated/:bucket/:path{[\\s\\S]+}', authenticatedDownload);
  app.get('/object/:bucket/:path{[\\s\\S]+}', authenticatedDownload);

  app.delete('/object/:bucket', async (c) => {
    const bucketId = c.req.param('bucket');
    const who = await caller(c);
    const body = (await c.req.json().catch(() => ({}))) as { prefixes?: unknown };
    const names = Array.isArray(body.prefixes)
      ? body.prefixes.filter((p): p is string => typeof p === 'string')
      : [];
    const deleted = await asCaller(
      who,
      async (sql) =>
        (
          await sql.query<{ name: string; id: string }>(
            'delete from storage.objects where bucket_id = $1 and name = any($2) returning id, name',
            [bucketId, names],
          )
        ).rows,
    );
    await Promise.all(deleted.map((d) => rm(filePath(bucketId, d.name), { force: true })));
    return c.json(deleted.map((d) => ({ bucket_id: bucketId, name: d.name, id: d.id })));
  });

  app.notFound((c) => c.json({ statusCode: '404', error: 'not_found', message: 'Route not found' }, 404));
  return app;
}
