// One port for the whole API, routed like hosted Supabase's gateway:
// /rest/v1 -> PostgREST, /auth/v1 -> Auth stand-in, /storage/v1 -> Storage
// stand-in, /functions/v1 -> the Deno edge runtime.
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { proxy } from 'hono/proxy';
import { jwtVerify } from 'jose';
import { bodyGuard } from './body-guard';
import { compress } from './compress';
import { queryGuard } from './query-guard';

/** fetch asking for the plain answer: the hop is local, the answer is compressed once, for the client. */
const fetchPlain = (req: Request) => {
  req.headers.set('accept-encoding', 'identity');
  return fetch(req);
};

/** Forwards the request to base + the path below prefix, keeping the query string. */
export function forward(c: Context, base: string, prefix: string) {
  const url = new URL(c.req.url);
  const target = `${base}${url.pathname.slice(prefix.length) || '/'}${url.search}`;
  return proxy(target, { raw: c.req.raw, customFetch: fetchPlain });
}

/** An object upload (POST or PUT /storage/v1/object/<bucket>/<name>): Storage bounds its body itself. */
function isObjectUpload(c: Context): boolean {
  if (c.req.method !== 'POST' && c.req.method !== 'PUT') return false;
  return /^\/storage\/v1\/object\/[^/]+\/./.test(new URL(c.req.url).pathname);
}

export function gatewayApp(parts: {
  postgrestUrl: string;
  functionsUrl: string;
  auth: Hono;
  storage: Hono;
  jwtSecret: string;
}): Hono {
  const secret = new TextEncoder().encode(parts.jwtSecret);
  const app = new Hono();

  // Every compressible answer (PostgREST, Auth, Storage's JSON, functions) in the encoding the
  // client accepts (compress.ts), as hosted Supabase's gateway does (issue 32).
  app.use('*', compress());
  app.use(
    '*',
    cors({
      origin: (origin) => origin || '*',
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowHeaders: [
        'authorization',
        'apikey',
        'x-client-info',
        'content-type',
        'content-profile',
        'accept-profile',
        'prefer',
        'range',
        'x-upsert',
        'cache-control',
        'x-supabase-api-version',
        'x-region',
      ],
      exposeHeaders: ['content-range', 'content-profile', 'range-unit', 'location', 'x-supabase-api-version'],
      credentials: true,
      maxAge: 86400,
    }),
  );

  // Oversized and too deeply nested bodies never reach the services (body-guard.ts): every
  // body is counted while it streams and refused with the connection closed. Storage's object
  // uploads are the one exception: they stream to disk under the bucket's own limit
  // (storage-receive.ts); its other requests (a delete's list of names) are guarded here.
  const guard = bodyGuard();
  // verify_jwt, as hosted functions default to (the anon key or a user's token), before the body.
  app.use('/functions/v1/*', async (c, next) => {
    const token = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    try {
      if (!token) throw new Error('missing');
      await jwtVerify(token, secret, { algorithms: ['HS256'] });
    } catch {
      // A body that came with it is never read (the server discards what is in flight, then closes).
      return c.json({ code: 401, message: 'Invalid JWT' }, 401);
    }
    return next();
  });
  for (const path of ['/rest/v1/*', '/rest/v1', '/auth/v1/*', '/functions/v1/*']) app.use(path, guard);
  // What PostgREST is not asked here: filters on a function's answer, deep embedding, regular
  // expressions (query-guard.ts).
  app.use('/rest/v1/*', queryGuard());
  app.use('/storage/v1/*', (c, next) => (isObjectUpload(c) ? next() : guard(c, next)));

  app.all('/rest/v1/*', (c) => forward(c, parts.postgrestUrl, '/rest/v1'));
  app.all('/rest/v1', (c) => forward(c, parts.postgrestUrl, '/rest/v1'));
  app.route('/auth/v1', parts.auth);
  app.route('/storage/v1', parts.storage);

  app.all('/functions/v1/*', (c) => forward(c, parts.functionsUrl, '/functions/v1'));

  app.get('/', (c) =>
    c.json({
      name: 'Dermaga local Supabase stack',
      paths: ['/rest/v1', '/auth/v1', '/storage/v1', '/functions/v1'],
    }),
  );
  // What no service serves: a JSON refusal with a code and a message, like the services give.
  app.notFound((c) => c.json({ code: 404, error: 'not_found', message: 'Not found' }, 404));
  return app;
}
