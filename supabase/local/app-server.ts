// Serves the built app (dist/) and forwards the API paths to the gateway, so
// the app talks to its own origin and works on whatever ports the stack uses.
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { markClientAddress } from './auth/client-address';
import { forward } from './gateway';

const API_PREFIXES = ['/rest/v1', '/auth/v1', '/storage/v1', '/functions/v1'];

export function appServerApp(opts: { distDir: string; apiUrl: string }): Hono {
  const app = new Hono();
  for (const prefix of API_PREFIXES) {
    app.all(`${prefix}/*`, (c) => {
      markClientAddress(c); // Auth's rate limits key on the client, not on this proxy (issue 27)
      return forward(c, `${opts.apiUrl}${prefix}`, prefix);
    });
  }
  const root = relative(process.cwd(), opts.distDir) || '.';
  app.use('*', async (c, next) => {
    if (!existsSync(opts.distDir)) {
      return c.text('The app is not built yet: run `npm run build` (npm start does it for you).', 503);
    }
    await next();
  });
  // The service worker and the HTML must be revalidated so an update is seen.
  app.use('*', async (c, next) => {
    await next();
    const path = new URL(c.req.url).pathname;
    if (!path.startsWith('/assets/')) c.header('cache-control', 'no-cache');
  });
  // Created on first use: dist/ may be built after the stack started.
  let files: ReturnType<typeof serveStatic> | undefined;
  let shell: ReturnType<typeof serveStatic> | undefined;
  app.use('*', (c, next) => (files ??= serveStatic({ root }))(c, next));
  // Client-side routes fall back to the app shell.
  app.get('*', (c, next) => (shell ??= serveStatic({ root, path: 'index.html' }))(c, next));
  return app;
}
