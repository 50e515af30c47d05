import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { apiKeys } from './supabase/local/keys';

// The local stack answers the Supabase API on this port; `vite dev` forwards to it so
// the app stays same-origin in development exactly as it is behind the local app server.
const LOCAL_API = process.env.SUPABASE_LOCAL_API_URL || 'http://127.0.0.1:54321';
const API_PREFIXES = ['/rest/v1', '/auth/v1', '/storage/v1', '/functions/v1'];

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');

  // Empty URL means "same origin": src/lib/supabase.ts falls back to window.location.origin.
  const supabaseUrl = env.VITE_SUPABASE_URL ?? '';
  // Only the anon key is ever computed here; the service-role key stays in Node.
  const anonKey = env.VITE_SUPABASE_ANON_KEY || apiKeys(process.env.JWT_SECRET || undefined).anonKey;

  return {
    plugins: [react(), tailwindcss()],
    define: {
      'import.meta.env.VITE_SUPABASE_URL': JSON.stringify(supabaseUrl),
      'import.meta.env.VITE_SUPABASE_ANON_KEY': JSON.stringify(anonKey),
    },
    server: {
      proxy: Object.fromEntries(
        API_PREFIXES.map((prefix) => [prefix, { target: LOCAL_API, changeOrigin: true }]),
      ),
    },
    build: {
      outDir: 'dist',
      sourcemap: true,
      rolldownOptions: {
        output: {
          // Libraries change far less often than the app: separate chunks stay cached across deploys.
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
              },
              { name: 'supabase', test: /node_modules[\\/](@supabase|tslib)[\\/]/ },
              { name: 'vendor', test: /node_modules[\\/]/ },
            ],
          },
        },
      },
    },
  };
});
