// Serves the built app (dist/) and forwards the API paths to the gateway, so
// the app talks to its own origin and works on whatever ports the stack uses.
//
// Two things the built files cannot know are added here at run time:
// - the anon key of this stack's secret (issue 27, finding 1: on a LAN host the
//   secret is generated, so the key built into the bundle is not the stack's):
//   a <meta name="dermaga-anon-key"> in index.html, read by src/lib/session/supabase.ts.
//   The service worker precaches index.html, so the key is there offline too;
//   sw.js is served with index.html's precache revision tied to the key, so when
//   the secret is rotated the browser sees a new service worker and fetches the
//   new index.html (the usual "Reload" prompt), never keeping a stale key;
// - security headers (finding 9): a CSP that forbids framing, nosniff, a
//   referrer policy, and the camera for this origin only.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { markClientAddress } from './auth/client-address';
import { compress } from './compress';
import { forward } from './gateway';

const API_PREFIXES = ['/rest/v1', '/auth/v1', '/storage/v1', '/functions/v1'];

/** The meta tag that carries the anon key (src/lib/session/supabase.ts reads it). */
export const ANON_KEY_META = 'dermaga-anon-key';

/**
 * The app's Content-Security-Policy. The API is the page's own origin (this server forwards
 * it), and the gateway's origin is allowed as well for a build that talks to it directly.
 * Styles may be inline: the UI libraries (Radix, Sonner, Recharts) set style attributes and
 * elements at run time; scripts may not (no 'unsafe-eval' either: src/zod-csp.ts). Camera
 * previews and photo thumbnails are data: and blob: images; the camera's stream is a mediastream.
 */
export function contentSecurityPolicy(apiUrl: string): string {
  const api = new URL(apiUrl);
  const ws = `${api.protocol === 'https:' ? 'wss:' : 'ws:'}//${api.host}`;
  return [
    "default-src 'self'",
    // WebAssembly may be compiled (not eval): the QR scanner's ZXing reader (issue 28).
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${api.origin}`,
    "font-src 'self' data:",
    `connect-src 'self' ${api.origin} ${ws}`,
    "media-src 'self' blob: mediastream:",
    // The service worker; browser-image-compression runs its work in a worker made from a blob: URL.
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function appSecurityHeaders(apiUrl: string): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(apiUrl),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // The camera scans and photographs; location goes with evidence photos where the device's
    // setting allows it (issue 28: Settings, "Sertakan lokasi pada foto bukti").
    'permissions-policy': 'camera=(self), microphone=(), geolocation=(self), payment=(), usb=()',
  };
}

/** A build asset named with its content hash (Vite's /assets/<name>-<hash>.<ext>): it never changes. */
const HASHED_ASSET = /^\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** index.html with the stack's anon key in it. */
export function withRuntimeConfig(html: string, anonKey: string): string {
  const meta = `<meta name="${ANON_KEY_META}" content="${escapeAttr(anonKey)}" />`;
  return html.includes('</head>') ? html.replace('</head>', `  ${meta}\n  </head>`) : `${meta}${html}`;
}

/** sw.js with index.html's precache revision tied to the anon key (unchanged if the entry is not found). */
export function withKeyedRevision(sw: string, anonKey: string): string {
  const tag = createHash('sha256').update(anonKey).digest('hex').slice(0, 12);
  return sw.replace(/(\{url:"index\.html",revision:")([^"]*)(")/, `$1$2-${tag}$3`);
}

export function appServerApp(opts: {
  distDir: string;
  /** The gateway as the network reaches it (the CSP names it). */
  apiUrl: string;
  /** Where this server forwards the API (the gateway's loopback HTTP when the network gets HTTPS). */
  upstreamUrl?: string;
  anonKey: string;
}): Hono {
  const app = new Hono();
  // Compression (issue 32): the build's assets go out precompressed (.br/.gz written at build time,
  // vite.config.ts), the rest (index.html, sw.js, the API's answers) compressed as it streams.
  app.use('*', compress());
  for (const prefix of API_PREFIXES) {
    app.all(`${prefix}/*`, (c) => {
      markClientAddress(c); // Auth's rate limits key on the client, not on this proxy (issue 27)
      return forward(c, `${opts.upstreamUrl ?? opts.apiUrl}${prefix}`, prefix);
    });
  }
  const root = relative(process.cwd(), opts.distDir) || '.';
  const headers = appSecurityHeaders(opts.apiUrl);
  app.use('*', async (c, next) => {
    if (!existsSync(opts.distDir)) {
      return c.text('The app is not built yet: run `npm run build` (npm start does it for you).', 503);
    }
    await next();
  });
  // The service worker, the manifest and the HTML must be revalidated so an update is seen;
  // hashed assets are cached for good (a new build names its files anew). An unknown
  // /assets/ path gets the app shell (below): that is revalidated too.
  app.use('*', async (c, next) => {
    await next();
    const path = new URL(c.req.url).pathname;
    const html = c.res.headers.get('content-type')?.startsWith('text/html') ?? false;
    const immutable = c.res.status === 200 && !html && HASHED_ASSET.test(path);
    c.header('cache-control', immutable ? IMMUTABLE : 'no-cache');
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
  });

  const page = async (c: Context) =>
    c.html(withRuntimeConfig(await readFile(join(opts.distDir, 'index.html'), 'utf8'), opts.anonKey));
  app.get('/', page);
  app.get('/index.html', page);
  app.get('/sw.js', async (c) => {
    const sw = await readFile(join(opts.distDir, 'sw.js'), 'utf8').catch(() => undefined);
    if (sw === undefined) return c.notFound();
    return c.body(withKeyedRevision(sw, opts.anonKey), 200, {
      'content-type': 'text/javascript; charset=utf-8',
    });
  });
  // Created on first use: dist/ may be built after the stack started.
  let files: ReturnType<typeof serveStatic> | undefined;
  app.use('*', (c, next) => (files ??= serveStatic({ root, precompressed: true }))(c, next));
  // Client-side routes fall back to the app shell.
  app.get('*', page);
  return app;
}
