// English for the hub operations screen (src/features/hub-ops) (issue 30): the same keys as hub-ops-id.ts.
import type { hubOpsId } from './hub-ops-id';

export const hubOpsEn: typeof hubOpsId = {};
