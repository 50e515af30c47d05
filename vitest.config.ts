import { defineConfig } from 'vitest/config';
import PathSequencer from './tests/support/sequencer';

// Two projects: pure logic runs without any service; integration and e2e tests
// share one local stack started by the global setup (free ports, throwaway data).
export default defineConfig({
  test: {
    // The same file order on every machine (tests/support/sequencer.ts).
    sequence: { sequencer: PathSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          // Node has no IndexedDB; Dexie's liveQuery needs a global one even
          // when each simulated device brings its own fake-indexeddb factory.
          setupFiles: ['fake-indexeddb/auto'],
          testTimeout: 60_000,
          // A loaded CI machine renders slowly: polled expectations wait up to 10 s.
          expect: { poll: { timeout: 10_000, interval: 50 } },
          hookTimeout: 120_000,
          // One stack, one PGlite connection: files run one after another.
          fileParallelism: false,
        },
      },
    ],
  },
});
