import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants as zlib } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { apiKeys } from './supabase/local/keys';

// The local stack answers the Supabase API on this port; `vite dev` forwards to it so
// the app stays same-origin in development exactly as it is behind the local app server.
const LOCAL_API = process.env.SUPABASE_LOCAL_API_URL || 'http://127.0.0.1:54321';
const API_PREFIXES = ['/rest/v1', '/auth/v1', '/storage/v1', '/functions/v1'];

/**
 * The sync engine's chunks (sync/index.ts and what it imports that the first screen does not) named
 * in index.html, <meta name="dermaga-engine">: a signed-in start asks for them (modulepreload,
 * fetched and compiled, not run) while the shell draws, and runs them once it is painted
 * (src/lib/sync-engine.tsx; issue 43). index.html is precached with its content's revision, so
 * the names always match the build's chunks.
 */
function engineChunks(): Plugin {
  return {
    name: 'dermaga-engine-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = new Map(
          Object.values(bundle).flatMap((file) =>
            file.type === 'chunk' ? [[file.fileName, file] as const] : [],
          ),
        );
        const closure = (fileName: string, seen = new Set<string>()): Set<string> => {
          if (seen.has(fileName)) return seen;
          seen.add(fileName);
          for (const imported of chunks.get(fileName)?.imports ?? []) closure(imported, seen);
          return seen;
        };
        const all = [...chunks.values()];
        const engine = all.find(
          (c) => c.isDynamicEntry && /[\\/]sync[\\/]index\.ts$/.test(c.facadeModuleId ?? ''),
        );
        const entry = all.find((c) => c.isEntry);
        if (!engine || !entry)
          throw new Error('dermaga-engine-chunks: no chunk for sync/index.ts or no entry');
        const firstScreen = closure(entry.fileName);
        const files = [...closure(engine.fileName)].filter((f) => !firstScreen.has(f));
        return {
          html,
          tags: [
            {
              tag: 'meta',
              attrs: { name: 'dermaga-engine', content: files.map((f) => `/${f}`).join(' ') },
              injectTo: 'head',
            },
          ],
        };
      },
    },
  };
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');

  // Empty URL means "same origin": src/lib/session/supabase.ts falls back to window.location.origin.
  const supabaseUrl = env.VITE_SUPABASE_URL ?? '';
  // Only the anon key is ever computed here; the service-role key stays in Node.
  const anonKey = env.VITE_SUPABASE_ANON_KEY || apiKeys(process.env.JWT_SECRET || undefined).anonKey;

  return {
    plugins: [
      react(),
      tailwindcss(),
      engineChunks(),
      VitePWA({
        // A new version waits until the user chooses Reload (src/app/pwa-prompts.tsx).
        registerType: 'prompt',
        strategies: 'generateSW',
        // Registered by the app through virtual:pwa-register/react.
        injectRegister: false,
        manifest: {
          name: 'Dermaga',
          short_name: 'Dermaga',
          description:
            'Shipment and fleet control for smartboard TVs and brackets across hubs, ports and destination PODs, offline on the hub floor.',
          lang: 'en',
          theme_color: '#0f3d5e',
          background_color: '#ffffff',
          display: 'standalone',
          orientation: 'any',
          start_url: '/',
          scope: '/',
          icons: [
            { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/maskable-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
            { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
        workbox: {
          // The app shell and every asset, so a reload with no network opens the app; wasm is the
          // QR scanner's reader (issue 28: src/lib/handover/scan-detector.ts), scanning offline.
          globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,wasm}'],
          navigateFallback: '/index.html',
          // API calls are never answered with the app shell.
          navigateFallbackDenylist: [/^\/rest\//, /^\/auth\//, /^\/storage\//, /^\/functions\//],
          cleanupOutdatedCaches: true,
          // The first install takes the open page at once, so it works offline without a reload.
          clientsClaim: true,
        },
        devOptions: { enabled: false },
      }),
      // Each text asset also as .br and .gz at the best levels, once at build time (issue 32): the
      // app server sends the one the browser accepts (supabase/local/app-server.ts). Not
      // precached (the service worker's globPatterns name the plain files only).
      compression({
        threshold: 1024,
        algorithms: [
          defineAlgorithm('gzip', { level: 9 }),
          defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        ],
        logLevel: 'silent',
      }),
    ],
    resolve: {
      alias: [
        // The `unload` package (broadcast-channel's, under RxDB's leader election) listens for the
        // deprecated `unload` event; the app's copy listens for `pagehide` (issue 43; the file says why).
        { find: /^unload$/, replacement: fileURLToPath(new URL('./sync/db/unload-pagehide.ts', import.meta.url)) },
      ],
    },
    define: {
      'import.meta.env.VITE_SUPABASE_URL': JSON.stringify(supabaseUrl),
      'import.meta.env.VITE_SUPABASE_ANON_KEY': JSON.stringify(anonKey),
      // Settings shows which build a tablet runs (issue 12).
      'import.meta.env.VITE_APP_VERSION': JSON.stringify(process.env.npm_package_version ?? '0.0.0'),
      'import.meta.env.VITE_BUILT_AT': JSON.stringify(new Date().toISOString()),
    },
    server: {
      proxy: Object.fromEntries(
        API_PREFIXES.map((prefix) => [prefix, { target: LOCAL_API, changeOrigin: true }]),
      ),
    },
    build: {
      // DERMAGA_DIST: a build of one's own (parallel work on one checkout; the stack reads the same).
      outDir: process.env.DERMAGA_DIST || 'dist',
      sourcemap: true,
      rolldownOptions: {
        output: {
          // React and supabase-js change far less often than the app: their own chunks stay cached
          // across deploys. Everything else is split by who imports it (issue 14, P5): each screen
          // family is a lazy chunk (src/app/lazy-page.ts), so is the sync engine and the dashboard's
          // chart, and a library lands with the screens that use it. A catch-all vendor chunk (or a
          // chart group that takes libraries the app shares) would put it all back on the first screen.
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
              },
              { name: 'supabase', test: /node_modules[\\/](@supabase|tslib)[\\/]/ },
            ],
          },
        },
      },
    },
  };
});
