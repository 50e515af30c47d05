// The stack a soak runs against: its own process group (so it can be killed
// hard and started again), its own data directory, and on PostgreSQL its own
// database. Access tokens are short-lived, so the tablets refresh them every
// few seconds through their faulty networks and present expired ones.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_JWT_SECRET } from '../../supabase/local/keys';
import { createTestDatabase } from '../support/test-database';
import { StackProcess, type RunningStack } from './stack-process';

/**
 * supabase-js refreshes a session that has less than 90 s left, so with 91 s
 * every token is replaced about a second after it was issued: refreshes go
 * through the faulty network all the time (lost, answered 5xx, their answers
 * lost after the server rotated the token).
 */
export const SOAK_JWT_EXPIRY_SECONDS = 91;

export interface SoakStack extends RunningStack {
  engine: 'embedded' | 'external';
  jwtSecret: string;
  /** SIGKILL to the whole stack, then a start on the same port and data. */
  restart(): Promise<{ dbUrl: string }>;
  /** Seconds the restarts took, kill to ready. */
  restartSeconds: number[];
  stop(): Promise<void>;
}

export async function startSoakStack(
  serverUrl: string | undefined,
  log: (line: string) => void,
  jwtExpirySeconds = SOAK_JWT_EXPIRY_SECONDS,
): Promise<SoakStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dermaga-soak-'));
  const database = serverUrl ? await createTestDatabase(serverUrl, 'dermaga_soak') : undefined;
  const proc = new StackProcess({ dataDir, databaseUrl: database?.url, jwtExpirySeconds });
  const cleanUp = async () => {
    await proc.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  let running: RunningStack;
  try {
    running = await proc.start();
  } catch (error) {
    await cleanUp();
    throw error;
  }
  const restartSeconds: number[] = [];
  return {
    ...running,
    engine: serverUrl ? 'external' : 'embedded',
    jwtSecret: DEFAULT_JWT_SECRET,
    restartSeconds,
    restart: async () => {
      const began = Date.now();
      await proc.killHard();
      const again = await proc.start();
      restartSeconds.push((Date.now() - began) / 1000);
      log(`[soak] the stack is back after ${restartSeconds.at(-1)!.toFixed(1)} s`);
      return { dbUrl: again.dbUrl };
    },
    stop: cleanUp,
  };
}
