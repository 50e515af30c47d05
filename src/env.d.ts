/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

// Fixed at build time by vite.config.ts; an empty URL means same-origin.
interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL: string;
  readonly VITE_SUPABASE_ANON_KEY: string;
  readonly VITE_APP_VERSION: string;
  readonly VITE_BUILT_AT: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
