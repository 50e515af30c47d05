// English for evidence capture settings (location) and the BAST's server time (issue 30): the same keys as evidence-id.ts.
import type { evidenceId } from './evidence-id';

export const evidenceEn: typeof evidenceId = {};
