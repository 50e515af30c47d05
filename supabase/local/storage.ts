// The part of Supabase Storage's HTTP API that @supabase/supabase-js uses,
// served at /storage/v1. Object rows live in storage.objects and are written
// as the caller's role, so the storage policies in supabase/migrations decide
// who may write, exactly as on hosted Supabase; bytes live on disk.
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { jwtVerify } from 'jose';
import type pg from 'pg';

class StorageError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

const notFound = () => new StorageError(404, 'not_found', 'Object not found');

/**
 * Object names as hosted Storage takes them: no control characters (a NUL
 * cannot even be stored) and at most 1,024 characters; else 400 Invalid key.
 */
function checkedKey(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  if (name.length === 0 || name.length > 1024 || /[\u0000-\u001f\u007f]/.test(name)) {
    throw new StorageError(400, 'InvalidKey', `Invalid key: ${JSON.stringify(name).slice(1, 80)}`);
  }
  return name;
}
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

interface Bucket {
  id: string;
  public: boolean;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
}

interface Caller {
  role: string;
  claims: Record<string, unknown>;
}

function mimeAllowed(mime: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  return allowed.some((a) => a === mime || (a.endsWith('/*') && mime.startsWith(a.slice(0, -1))));
}

export function storageApp(db: pg.Pool, opts: { jwtSecret: string; dataDir: string }): Hono {
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
      const code = (error as { code?: string }).code;
      if (code === '42501')
        throw new StorageError(403, 'Unauthorized', 'new row violates row-level security policy');
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

  async function readUpload(c: Context): Promise<{ bytes: Buffer; mime: string; cacheControl: string }> {
    const type = c.req.header('content-type') ?? 'application/octet-stream';
    if (type.startsWith('multipart/form-data')) {
      const form = await c.req.formData();
      const file = [...form.values()].find((v): v is File => typeof v !== 'string');
      if (!file) throw new StorageError(400, 'InvalidRequest', 'No file in the form');
      const cache = form.get('cacheControl');
      return {
        bytes: Buffer.from(await file.arrayBuffer()),
        mime: file.type || 'application/octet-stream',
        cacheControl: typeof cache === 'string' ? cache : '3600',
      };
    }
    return {
      bytes: Buffer.from(await c.req.arrayBuffer()),
      mime: type.split(';')[0]!.trim(),
      cacheControl: c.req.header('cache-control') ?? 'max-age=3600',
    };
  }

  async function upload(c: Context, upsert: boolean) {
    const bucketId = c.req.param('bucket')!;
    const name = checkedKey(c.req.param('path')!);
    const who = await caller(c);
    const target = await bucket(bucketId);
    const limit = target.file_size_limit ? Number(target.file_size_limit) : Infinity;
    if (Number(c.req.header('content-length') ?? 0) > limit + 64 * 1024) {
      throw new StorageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
    }
    const { bytes, mime, cacheControl } = await readUpload(c);
    if (bytes.length > limit) {
      throw new StorageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
    }
    if (!mimeAllowed(mime, target.allowed_mime_types)) {
      throw new StorageError(415, 'invalid_mime_type', `mime type ${mime} is not supported`);
    }
    const metadata = {
      size: bytes.length,
      mimetype: mime,
      cacheControl,
      eTag: createHash('md5').update(bytes).digest('hex'),
    };
    const tmp = `${filePath(bucketId, name)}.${randomUUID()}.tmp`;
    await writeFile(tmp, bytes);
    try {
      const id = await asCaller(who, async (sql) => {
        const owner = who.role === 'authenticated' ? (who.claims.sub as string) : null;
        const { rows } = await sql.query<{ id: string }>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
           values ($1, $2, $3::uuid, $3, $4)
           ${upsert ? 'on conflict (bucket_id, name) do update set metadata = excluded.metadata, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now()' : ''}
           returning id`,
          [bucketId, name, owner, metadata],
        );
        // Bytes take their place before the row commits: a committed row always has its file.
        await rename(tmp, filePath(bucketId, name));
        return rows[0]!.id;
      });
      return c.json({ Id: id, Key: `${bucketId}/${name}` });
    } finally {
      await rm(tmp, { force: true });
    }
  }

  async function serve(c: Context, bucketId: string, name: string, mime: string | undefined) {
    try {
      const bytes = await readFile(filePath(bucketId, name));
      return c.body(bytes, 200, {
        'content-type': mime ?? 'application/octet-stream',
        'cache-control': 'max-age=3600',
      });
    } catch {
      throw notFound();
    }
  }

  app.onError((error, c) => {
    if (error instanceof StorageError) {
      return c.json(
        { statusCode: String(error.status), error: error.error, message: error.message },
        error.status,
      );
    }
    console.error('[storage]', error);
    return c.json({ statusCode: '500', error: 'internal', message: 'Internal Server Error' }, 500);
  });

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
