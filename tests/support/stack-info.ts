// What the global setup hands to every integration test through vitest's provide/inject.
export interface StackInfo {
  apiUrl: string;
  appUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** Owner connection string: the stack's own server, or the test's own database on DATABASE_URL's. */
  dbUrl: string;
  /** PostgREST itself, behind the gateway (a test of what the gateway refuses asks it directly). */
  postgrestUrl: string;
  /** embedded (the default) or external (DATABASE_URL set). */
  engine: 'embedded' | 'external';
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}
