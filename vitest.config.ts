import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// One file order everywhere: by path. Vitest's default runs last run's failures first, then the
// longest files first, from a results cache that a clean clone lacks and each machine keeps its
// own of, so a local run and CI's ran files in different orders (shared/design/test-suite.md).
// By path, a test that depends on another file's rows fails the same way on every machine.
class PathSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0));
  }
}

// Four projects: pure logic runs without any service; integration, e2e and the short soak each
// start a local stack of their own in their global setup (free ports, throwaway data), so a run
// of one never moves the rows another reads. `npm test` (tests/support/run-tests.ts) runs them
// in processes side by side (e2e in shards, each with its own stack) and the soak last, alone.
const withStack = {
  environment: 'node' as const,
  globalSetup: ['tests/support/global-setup.ts'],
  // Node has no IndexedDB; Dexie's liveQuery needs a global one even
  // when each simulated device brings its own fake-indexeddb factory.
  setupFiles: ['fake-indexeddb/auto'],
  // Only stops a hung test: a loaded CI machine ran a device's whole first sync past 60 s.
  testTimeout: 120_000,
  // A loaded CI machine renders slowly: polled expectations wait up to 10 s.
  expect: { poll: { timeout: 10_000, interval: 50 } },
  hookTimeout: 120_000,
  // One stack a process: its files run one after another.
  fileParallelism: false,
};
const SOAK = 'tests/integration/soak-short.test.ts';

export default defineConfig({
  test: {
    // The same file order on every machine (PathSequencer above).
    sequence: { sequencer: PathSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      { test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], exclude: [SOAK], ...withStack } },
      // A test drives whole flows through Chromium and waits for state, never for time; its
      // timeout only stops a hung one. On a loaded 2-core CI machine (two shards, integration,
      // typecheck and lint side by side) a flow that takes 25 s alone took over 60 s.
      { test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], ...withStack, testTimeout: 240_000 } },
      // Its tablets refresh tokens through injected faults: run alone, last (run-tests.ts).
      { test: { name: 'soak', include: [SOAK], ...withStack } },
    ],
  },
});
