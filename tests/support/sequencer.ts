// One file order everywhere: by path. Vitest's default runs last run's failures first, then the
// longest files first, from a results cache that a clean clone lacks and each machine keeps its
// own of, so a local run and CI's ran files in different orders (shared/design/test-suite.md).
// By path, a test that depends on another file's rows fails the same way on every machine.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export default class PathSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0));
  }
}
