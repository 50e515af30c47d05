// Starts one local stack for the integration and e2e tests: free ports, a
// throwaway data directory, and with DATABASE_URL set a database of its own on
// that server, dropped afterwards. Never collides with a running `npm start`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStack, type Stack } from '../../supabase/local/stack';
import './stack-info';
import { createTestDatabase } from './test-database';
import { addTestOpeningStock } from './test-stock';

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'dermaga-test-'));
  const database = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
  let stack: Stack;
  try {
    stack = await startStack({
      apiPort: 0,
      appPort: 0,
      dataDir,
      databaseUrl: database?.url,
      verbose: process.env.VERBOSE === '1',
      // Every test signs in from 127.0.0.1: Supabase Auth's per-IP limits (30 sign-ins and
      // sign-ups, 150 refreshes per 5 minutes) would refuse the suite's own traffic. They are
      // tested on an Auth of their own (tests/integration/auth-abuse.test.ts); the refresh-token
      // reuse interval stays Supabase Auth's 10 s.
      auth: { rateLimits: { signInSignUps: 1e9, tokenRefresh: 1e9 } },
    });
  } catch (error) {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  // Issue 29: stock for the suite's many shipments from the demo hubs (./test-stock.ts).
  await addTestOpeningStock(stack.dbUrl);
  console.log(`[stack] ${stack.engine} at ${stack.apiUrl}, app at ${stack.appUrl}`);
  project.provide('stack', {
    apiUrl: stack.apiUrl,
    appUrl: stack.appUrl,
    anonKey: stack.anonKey,
    serviceRoleKey: stack.serviceRoleKey,
    jwtSecret: stack.jwtSecret,
    dbUrl: stack.dbUrl,
    postgrestUrl: stack.postgrestUrl,
    engine: stack.engine,
  });

  return async () => {
    await stack.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
