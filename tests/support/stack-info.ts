// What the global setup hands to every integration test through vitest's provide/inject.
export interface StackInfo {
  apiUrl: string;
  appUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** Owner connection string: the PGlite socket server or the test's own database. */
  dbUrl: string;
  /** 'pglite' or 'postgres' (DATABASE_URL set). */
  engine: 'pglite' | 'postgres';
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}
