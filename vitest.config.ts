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

// Two projects: pure logic runs without any service; integration and e2e tests
// share one local stack started by the global setup (free ports, throwaway data).
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
