// A stack of the test file's own, started the way a hub runs it for its tablets (HOST=0.0.0.0,
// no JWT_SECRET): stack-lan.test.ts and the e2e lan-https.test.ts. Its data directory is new,
// its database the machine's PostgreSQL when DATABASE_URL is set (else the stack's own server),
// and both are gone when the file ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startStack, type Stack } from '../../supabase/local/stack';
import { createTestDatabase } from './test-database';

/** Starts the stack before the file's tests and stops it after; `stack()` in a test or hook. */
export function useLanStack(name: string): { stack: () => Stack; dataDir: string } {
  const dataDir = mkdtempSync(join(tmpdir(), `dermaga-${name}-`));
  let lan: Stack | undefined;
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  beforeAll(async () => {
    database = process.env.DATABASE_URL
      ? await createTestDatabase(process.env.DATABASE_URL, `dermaga_${name.replaceAll('-', '_')}`)
      : undefined;
    lan = await startStack({ apiPort: 0, appPort: 0, host: '0.0.0.0', dataDir, databaseUrl: database?.url });
  }, 180_000);
  afterAll(async () => {
    await lan?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { stack: () => lan!, dataDir };
}
